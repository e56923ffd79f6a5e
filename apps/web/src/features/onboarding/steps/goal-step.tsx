import {
  ONBOARDING_EXPERIENCE,
  ONBOARDING_GOALS,
  type TOnboardingAnswers,
  type TOnboardingExperience,
  type TOnboardingGoal,
} from '@muse/shared';
import { OptionButton, OptionGroup } from '../components/option-button';
import { StepHeader } from '../components/step-header';
import { EXPERIENCE_OPTIONS, GOAL_OPTIONS } from '../onboarding-options';

/** Step 2: the creator's goal and experience (both needed to continue). */
export function GoalStep({
  goal,
  experience,
  onChange,
}: {
  goal: TOnboardingGoal | null;
  experience: TOnboardingExperience | null;
  onChange: (patch: Partial<TOnboardingAnswers>) => void;
}) {
  return (
    <>
      <StepHeader title="What brings you to Muse?">
        Tell us what you want to achieve, so we can tailor your setup.
      </StepHeader>
      <div className="mt-8 space-y-8">
        <OptionGroup title="Your goal" note="Choose one" className="sm:grid-cols-2">
          {ONBOARDING_GOALS.map((value) => (
            <OptionButton
              key={value}
              {...GOAL_OPTIONS[value]}
              selected={goal === value}
              onSelect={() => onChange({ goal: value })}
            />
          ))}
        </OptionGroup>
        <OptionGroup title="Your experience" note="Choose one" className="sm:grid-cols-3">
          {ONBOARDING_EXPERIENCE.map((value) => (
            <OptionButton
              key={value}
              layout="adaptive"
              {...EXPERIENCE_OPTIONS[value]}
              selected={experience === value}
              onSelect={() => onChange({ experience: value })}
            />
          ))}
        </OptionGroup>
      </div>
    </>
  );
}
