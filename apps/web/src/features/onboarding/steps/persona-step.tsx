import {
  ONBOARDING_NICHES,
  ONBOARDING_NICHE_LABELS,
  ONBOARDING_TEXTS,
  VISUAL_STYLES,
  VISUAL_STYLE_LABELS,
  type TOnboardingAnswers,
} from '@muse/shared';
import { useId } from 'react';
import { Input } from '../../../components/ui/form';
import { OptionButton, OptionGroup } from '../components/option-button';
import { StepHeader } from '../components/step-header';
import { NICHE_ICONS, STYLE_ICONS } from '../onboarding-options';

/** The longest name the server keeps (ZOnboardingAnswers). */
const NAME_MAX_LENGTH = 60;

/** Step 4: the persona's name, niche and visual style. */
export function PersonaStep({
  answers,
  onNameChange,
  onChange,
}: {
  answers: TOnboardingAnswers;
  onNameChange: (name: string) => void;
  onChange: (patch: Partial<TOnboardingAnswers>) => void;
}) {
  const nameId = useId();
  const errorId = useId();
  const nameMissing = answers.aiName.trim() === '';

  return (
    <>
      <StepHeader title="Design your AI persona">
        Give your influencer a name, a niche and a look.
      </StepHeader>
      <div className="mt-8 space-y-8">
        <div className="space-y-2">
          <label htmlFor={nameId} className="block text-base font-semibold text-white">
            AI Name
          </label>
          <Input
            id={nameId}
            value={answers.aiName}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={nameMissing}
            aria-describedby={nameMissing ? errorId : undefined}
            onChange={(event) => onNameChange(event.target.value)}
            className="h-12 text-base"
          />
          {nameMissing ? (
            <p id={errorId} role="alert" className="text-sm text-red-400">
              {ONBOARDING_TEXTS.nameRequired}
            </p>
          ) : null}
        </div>

        <OptionGroup title="Niche" note="Choose one" className="grid-cols-2 sm:grid-cols-4">
          {ONBOARDING_NICHES.map((niche) => (
            <OptionButton
              key={niche}
              layout="tile"
              label={ONBOARDING_NICHE_LABELS[niche]}
              icon={NICHE_ICONS[niche]}
              selected={answers.niche === niche}
              onSelect={() => onChange({ niche })}
            />
          ))}
        </OptionGroup>

        <OptionGroup title="Visual Style" note="Choose one" className="grid-cols-2 sm:grid-cols-4">
          {VISUAL_STYLES.map((style) => (
            <OptionButton
              key={style}
              layout="tile"
              label={VISUAL_STYLE_LABELS[style] ?? style}
              icon={STYLE_ICONS[style]}
              selected={answers.visualStyle === style}
              onSelect={() => onChange({ visualStyle: style })}
            />
          ))}
        </OptionGroup>
      </div>
    </>
  );
}
