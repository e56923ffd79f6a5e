import { useId, type ReactNode } from 'react';

/** The props a field hands its control: its id, and the aria wiring of its hint and error. */
export type TFieldControl = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/**
 * A labelled form control. The label is tied to the control for screen readers and clicks; the
 * hint and the error (shown under the control, in red) describe it, and an error marks it
 * invalid. `invalid` marks it without a message of its own, for forms that say what is wrong in
 * their banner. Spread the `control` argument onto the input, textarea or select.
 */
export function Field({
  label,
  hint,
  error,
  invalid,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  invalid?: boolean;
  children: (control: TFieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: TFieldControl = {
    id,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-300">
        {label}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
