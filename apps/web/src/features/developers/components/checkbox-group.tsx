import { useId } from 'react';

export type TCheckboxOption<T extends string> = { value: T; description: string };

/**
 * Several independent choices under one legend (a key's scopes, an endpoint's events): each a
 * checkbox named by its code and what it means. The group's error is shown under it, describes
 * the group and marks its boxes invalid.
 */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  disabled = false,
}: {
  legend: string;
  name: string;
  options: readonly TCheckboxOption<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;

  function toggle(option: T, checked: boolean) {
    // Kept in the options' order, whatever order they were ticked in.
    const next = new Set(value);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(options.map((entry) => entry.value).filter((entry) => next.has(entry)));
  }

  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-zinc-300">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={
              'flex min-w-0 items-start gap-3 rounded-xl border border-ink-700 bg-ink-950/60 p-3 text-sm transition-colors has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 ' +
              (disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-ink-600')
            }
          >
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={value.includes(option.value)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-500"
            />
            <span className="min-w-0">
              <code className="block font-mono text-xs font-semibold text-zinc-100 wrap-anywhere">
                {option.value}
              </code>
              <span className="mt-0.5 block text-zinc-400">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
