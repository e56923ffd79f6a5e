import type { LucideIcon } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';

const RESULT_PANEL_ID = 'tool-result';

/**
 * Brings the result panel into view when a job starts and the panel sits below the form (on a
 * phone), so the progress is seen without scrolling.
 */
export function revealResultPanel(): void {
  const panel = document.getElementById(RESULT_PANEL_ID);
  if (!panel) return;
  const { top } = panel.getBoundingClientRect();
  if (top < 0 || top > window.innerHeight * 0.6) {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }
}

/**
 * A tool page's two panels: the form (image and options) and the result beside it on a wide
 * screen, under it on a phone.
 */
export function ToolLayout({
  formLabel,
  onSubmit,
  form,
  result,
}: {
  formLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  form: ReactNode;
  result: ReactNode;
}) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <form
        aria-label={formLabel}
        onSubmit={onSubmit}
        noValidate
        className="space-y-6 rounded-2xl border border-ink-800 bg-ink-900/70 p-4 sm:p-6"
      >
        {form}
      </form>
      <section
        id={RESULT_PANEL_ID}
        aria-labelledby="tool-result-heading"
        className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-4 sm:p-6"
      >
        <h2 id="tool-result-heading" className="text-lg font-semibold text-white">
          Result
        </h2>
        {result}
      </section>
    </div>
  );
}

/** The result panel before anything ran. */
export function ResultPlaceholder({
  icon: Icon,
  children,
}: {
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-ink-700 px-6 py-8 text-center sm:py-14">
      <span className="grid size-12 place-items-center rounded-2xl bg-ink-800 text-zinc-400">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-xs text-sm text-zinc-400">{children}</p>
    </div>
  );
}

/** A labelled group of choices (radio buttons) drawn as pills. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = 'grid-cols-3',
  disabled = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string; note?: string }[];
  value: T;
  onChange: (value: T) => void;
  columns?: string;
  disabled?: boolean;
}) {
  const noteId = useId();
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-zinc-300">{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer flex-col justify-center rounded-xl border border-ink-700 bg-ink-950/60 px-2 py-2 text-center text-sm sm:px-3 text-zinc-300 transition-colors hover:border-ink-600 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.note ? `${noteId}-${option.value}` : undefined}
              className="sr-only"
            />
            <span className="font-medium">{option.label}</span>
            {option.note ? (
              <span
                id={`${noteId}-${option.value}`}
                aria-hidden="true"
                className="text-xs text-zinc-400"
              >
                {option.note}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled on/off switch with its hint. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start justify-between gap-4 rounded-xl border border-ink-700 bg-ink-950/60 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400"
    >
      <span className="space-y-0.5">
        <span id={`${id}-label`} className="block text-sm font-medium text-zinc-200">
          {label}
        </span>
        <span id={`${id}-hint`} className="block text-xs text-zinc-400">
          {hint}
        </span>
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-ink-600 transition-colors peer-checked:bg-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5"
      />
    </label>
  );
}
