import { LICENCES_PER_MODEL } from '@muse/shared';
import { CircleDollarSign, UserRoundSearch, WandSparkles, type LucideIcon } from 'lucide-react';
import { Section, SectionHeading } from './section';

/** Choose a model, generate content, monetise (docs/product/public-site.md). */
const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UserRoundSearch,
    title: 'Choose a model',
    text: `Claim one of 70+ ready-made personas, each licensed to at most ${LICENCES_PER_MODEL} creators, or train a custom model on your own photos.`,
  },
  {
    icon: WandSparkles,
    title: 'Generate content',
    text: 'Photos, videos, upscales, edits and product shots, directed by prompts you write or let Muse draft for you.',
  },
  {
    icon: CircleDollarSign,
    title: 'Monetise',
    text: 'Post everywhere, land brand deals and sell exclusive content pay-per-view to the fans you grow.',
  },
];

export function HowItWorksSection() {
  return (
    <Section
      id="how-it-works"
      className="border-y border-white/[0.06] bg-gradient-to-b from-ink-900/60 to-ink-950"
    >
      <SectionHeading
        id="how-it-works"
        eyebrow="How it works"
        title="From idea to income in three steps"
      />
      <div className="relative mt-16">
        <div
          aria-hidden="true"
          className="absolute top-7 right-[16.66%] left-[16.66%] hidden h-px bg-gradient-to-r from-brand-500/0 via-brand-400/50 to-accent-500/0 md:block"
        />
        <ol className="grid gap-10 md:grid-cols-3 md:gap-8">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative flex flex-col items-center text-center">
              <span className="relative flex size-14 items-center justify-center rounded-2xl border border-white/10 bg-ink-900 shadow-lg shadow-brand-500/10">
                <Icon aria-hidden="true" className="size-6 text-brand-300" />
                <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-500 text-xs font-bold text-white">
                  <span className="sr-only">Step </span>
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-6 text-xl font-semibold text-white">{title}</h3>
              <p className="mt-3 max-w-xs text-sm leading-relaxed text-zinc-400">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
