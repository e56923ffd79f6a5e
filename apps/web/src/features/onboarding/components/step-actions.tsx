import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The row under a step: Back (from step 2 on) and the step's forward button, disabled
 * until the step's rule holds. `hint` says what is missing while it is disabled.
 */
export function StepActions({
  onBack,
  onNext,
  nextLabel = 'Continue',
  disabled = false,
  busy = false,
  hint,
}: {
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  disabled?: boolean;
  busy?: boolean;
  hint?: string;
}) {
  const hintId = useId();
  const showHint = disabled && hint;
  return (
    <div className="mt-10 space-y-3">
      {showHint ? (
        <p id={hintId} className="text-center text-sm text-zinc-400">
          {hint}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        {onBack ? (
          <Button variant="ghost" size="lg" onClick={onBack} disabled={busy} className="px-4">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button
          size="lg"
          onClick={onNext}
          disabled={disabled || busy}
          aria-describedby={showHint ? hintId : undefined}
          className="min-w-36 flex-1 sm:flex-none"
        >
          {busy ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              Processing...
            </>
          ) : (
            <>
              {nextLabel}
              <ArrowRight aria-hidden="true" className="size-4" />
            </>
          )}
        </Button>
      </div>
    </div>
  );
}
