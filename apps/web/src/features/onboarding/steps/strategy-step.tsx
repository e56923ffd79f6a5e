import {
  CONTENT_TYPES,
  CONTENT_TYPE_LABELS,
  PLATFORMS,
  POSTING_FREQUENCIES,
  POSTING_FREQUENCY_LABELS,
  type TOnboardingAnswers,
} from '@muse/shared';
import { OptionButton, OptionGroup } from '../components/option-button';
import { StepHeader } from '../components/step-header';
import { CONTENT_TYPE_ICONS, FREQUENCY_ICONS, PLATFORM_ICONS } from '../onboarding-options';

/** Adds `value` to `list`, or takes it out when it is there (keeping the options' order). */
function toggle<T extends string>(list: readonly T[], value: T, order: readonly T[]): T[] {
  const next = list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  return order.filter((item) => next.includes(item));
}

/**
 * Step 5 'Choose Your Strategy': platforms (any), one posting frequency, content types (any).
 * The page enables Continue once each has an answer.
 */
export function StrategyStep({
  answers,
  onChange,
}: {
  answers: TOnboardingAnswers;
  onChange: (patch: Partial<TOnboardingAnswers>) => void;
}) {
  return (
    <>
      <StepHeader title="Choose Your Strategy">
        Where will {answers.aiName.trim() || 'your influencer'} post, how often, and what?
      </StepHeader>
      <div className="mt-8 space-y-8">
        <OptionGroup title="Platforms" note="Choose any" className="grid-cols-2 sm:grid-cols-4">
          {PLATFORMS.map((platform) => (
            <OptionButton
              key={platform}
              layout="tile"
              label={platform}
              icon={PLATFORM_ICONS[platform]}
              selected={answers.platforms.includes(platform)}
              onSelect={() =>
                onChange({ platforms: toggle(answers.platforms, platform, PLATFORMS) })
              }
            />
          ))}
        </OptionGroup>

        <OptionGroup
          title="Posting Frequency"
          note="Choose one"
          className="grid-cols-2 sm:grid-cols-4"
        >
          {POSTING_FREQUENCIES.map((frequency) => (
            <OptionButton
              key={frequency}
              layout="tile"
              label={POSTING_FREQUENCY_LABELS[frequency]}
              icon={FREQUENCY_ICONS[frequency]}
              selected={answers.postingFrequency === frequency}
              onSelect={() => onChange({ postingFrequency: frequency })}
            />
          ))}
        </OptionGroup>

        <OptionGroup title="Content Types" note="Choose any" className="grid-cols-2 sm:grid-cols-4">
          {CONTENT_TYPES.map((type) => (
            <OptionButton
              key={type}
              layout="tile"
              label={CONTENT_TYPE_LABELS[type]}
              icon={CONTENT_TYPE_ICONS[type]}
              selected={answers.contentTypes.includes(type)}
              onSelect={() =>
                onChange({ contentTypes: toggle(answers.contentTypes, type, CONTENT_TYPES) })
              }
            />
          ))}
        </OptionGroup>
      </div>
    </>
  );
}
