import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

export type TChoice<T extends string> = { value: T; label: string; icon?: LucideIcon };

/** A few exclusive choices side by side: radio buttons that look like a segmented control. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  disabled = false,
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly TChoice<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-300">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {choices.map((choice) => {
          const Icon = choice.icon;
          return (
            <label
              key={choice.value}
              className={cn(
                'flex h-11 items-center justify-center gap-2 rounded-xl border border-ink-700 bg-ink-950/60 px-3 text-sm font-medium text-zinc-300 transition-colors has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400',
                disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-ink-600',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                disabled={disabled}
                onChange={() => onChange(choice.value)}
                className="sr-only"
              />
              {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
              <span className="truncate">{choice.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
