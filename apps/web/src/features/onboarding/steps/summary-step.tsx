import {
  ONBOARDING_NICHE_LABELS,
  ONBOARDING_TEXTS,
  POSTING_FREQUENCY_LABELS,
  VISUAL_STYLE_LABELS,
  type TMarketplaceModel,
  type TOnboardingAnswers,
} from '@muse/shared';
import { BadgeCheck, CalendarDays, CircleDollarSign, type LucideIcon } from 'lucide-react';
import { InfluencerPortrait } from '../components/influencer-portrait';
import { StepHeader } from '../components/step-header';

/** "Fashion & Beauty · Ultra Realistic". */
export function personaLine(answers: TOnboardingAnswers): string {
  return [
    answers.niche ? ONBOARDING_NICHE_LABELS[answers.niche] : null,
    answers.visualStyle ? (VISUAL_STYLE_LABELS[answers.visualStyle] ?? answers.visualStyle) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Step 6: the summary titled '<name> is ready to launch!': the template's first image (or the
 * custom model's placeholder), the persona, and what is set up.
 */
export function SummaryStep({
  answers,
  model,
  modelLoading,
}: {
  answers: TOnboardingAnswers;
  /** The chosen marketplace template, when there is one. */
  model: TMarketplaceModel | null;
  modelLoading: boolean;
}) {
  const name = answers.aiName.trim();
  const items: { icon: LucideIcon; title: string; text: string }[] = [
    {
      icon: BadgeCheck,
      title: 'AI Influencer Ready',
      text: model ? model.name : modelLoading ? '…' : ONBOARDING_TEXTS.customModelSetup,
    },
    {
      icon: CalendarDays,
      title: 'Content Strategy Set',
      text: answers.postingFrequency ? POSTING_FREQUENCY_LABELS[answers.postingFrequency] : '',
    },
    {
      icon: CircleDollarSign,
      title: 'Ready to Monetize',
      text: answers.platforms.join(', '),
    },
  ];

  return (
    <>
      <StepHeader title={`${name} is ready to launch!`}>
        Here is what you set up. One last step and your influencer goes live.
      </StepHeader>
      <div className="mt-8 grid gap-6 rounded-3xl border border-ink-800 bg-ink-900/70 p-4 sm:grid-cols-[minmax(0,13rem)_1fr] sm:p-6">
        <InfluencerPortrait
          model={model}
          name={name}
          loading={modelLoading}
          placeholder={ONBOARDING_TEXTS.customModelReady}
          className="mx-auto w-full max-w-56 sm:max-w-none"
        />
        <div className="flex flex-col justify-center">
          <h2 className="text-2xl font-bold text-white">{name}</h2>
          <p className="mt-1 text-sm text-brand-300">{personaLine(answers)}</p>
          <ul className="mt-6 space-y-3">
            {items.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="flex items-start gap-3 rounded-2xl border border-ink-700/80 bg-ink-800/40 px-4 py-3"
              >
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/25 ring-inset"
                >
                  <Icon className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-white">{title}</span>
                  <span className="block text-sm [overflow-wrap:anywhere] text-zinc-400">
                    {text}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}
