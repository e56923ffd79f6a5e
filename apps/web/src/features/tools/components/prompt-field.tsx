import { useId, type ReactNode } from 'react';

/**
 * A tool's words (the photo, the motion, the scene): a labelled textarea with a hint under it,
 * which becomes the error once the form was sent without words.
 */
export function PromptField({
  label,
  value,
  onChange,
  maxLength,
  placeholder,
  missing,
  error,
  hint,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  /** The form was sent without words: the field is marked and `error` shows. */
  missing: boolean;
  error: string;
  hint: ReactNode;
  /** The words are not needed now (a talking video speaking the creator's own audio). */
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-300">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="w-full resize-y rounded-xl border border-ink-600 bg-ink-900 px-4 py-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-red-400"
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-400">
        {missing ? <span className="text-red-400">{error}</span> : hint}
      </p>
    </div>
  );
}
