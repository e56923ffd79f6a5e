import { ONBOARDING_STEPS } from '@muse/shared';
import { cn } from '../../../lib/cn';

/** Progress dots and an 'N of total' counter (the page hides them on step 7). */
export function OnboardingProgress({ step }: { step: number }) {
  return (
    <div className="flex flex-col items-center gap-2.5">
      <ol aria-hidden="true" className="flex items-center gap-2">
        {Array.from({ length: ONBOARDING_STEPS }, (_, index) => {
          const number = index + 1;
          return (
            <li
              key={number}
              className={cn(
                'h-2 rounded-full transition-all duration-300',
                number === step
                  ? 'w-8 bg-gradient-to-r from-brand-500 to-accent-500'
                  : number < step
                    ? 'w-2 bg-brand-400/70'
                    : 'w-2 bg-ink-700',
              )}
            />
          );
        })}
      </ol>
      <p className="text-xs font-medium text-zinc-400" aria-live="polite">
        {step} of {ONBOARDING_STEPS}
      </p>
    </div>
  );
}
