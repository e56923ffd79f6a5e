import { Check, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A choice of the onboarding: a real button whose pressed state says whether it is chosen.
 * Its name is the label alone; the description is read as its description.
 */
export function OptionButton({
  label,
  description,
  icon: Icon,
  selected,
  onSelect,
  layout = 'row',
  className,
}: {
  label: string;
  description?: string;
  icon?: LucideIcon;
  selected: boolean;
  onSelect: () => void;
  /**
   * 'row': icon beside the text; 'tile': icon above it, centred (compact grids); 'adaptive':
   * a row on a phone, a tile from 640 px.
   */
  layout?: 'row' | 'tile' | 'adaptive';
  className?: string;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={onSelect}
      className={cn(
        'relative flex w-full cursor-pointer rounded-2xl border text-left transition-colors',
        layout === 'row' && 'items-center gap-3 px-4 py-3.5',
        layout === 'tile' && 'flex-col items-center justify-center gap-2 px-3 py-4 text-center',
        layout === 'adaptive' &&
          'items-center gap-3 px-4 py-3.5 sm:flex-col sm:justify-center sm:gap-2 sm:px-3 sm:py-5 sm:text-center',
        selected
          ? 'border-brand-400/80 bg-brand-500/10 shadow-lg shadow-brand-500/10'
          : 'border-ink-700 bg-ink-900/70 hover:border-ink-600 hover:bg-ink-800/70',
        className,
      )}
    >
      {Icon ? (
        <span
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl transition-colors',
            selected
              ? 'bg-gradient-to-br from-brand-500 to-accent-500 text-white'
              : 'bg-ink-800 text-zinc-300',
          )}
        >
          <Icon className="size-5" />
        </span>
      ) : null}
      <span
        className={cn(
          'min-w-0',
          layout === 'row' && 'flex-1',
          layout === 'adaptive' && 'flex-1 sm:flex-none',
        )}
      >
        <span id={labelId} className="block text-sm font-semibold text-white sm:text-base">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="mt-0.5 block text-sm text-zinc-400">
            {description}
          </span>
        ) : null}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-5 shrink-0 items-center justify-center rounded-full border transition-colors',
          layout === 'tile' && 'absolute top-2.5 right-2.5',
          layout === 'adaptive' && 'sm:absolute sm:top-2.5 sm:right-2.5',
          selected
            ? 'border-transparent bg-brand-500 text-white'
            : 'border-ink-600 text-transparent',
        )}
      >
        <Check className="size-3.5" strokeWidth={3} />
      </span>
    </button>
  );
}

/** A titled set of choices; `note` says how many may be chosen. */
export function OptionGroup({
  title,
  note,
  children,
  className,
}: {
  title: string;
  note?: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section role="group" aria-labelledby={titleId} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-white">
          {title}
        </h2>
        {note ? <p className="text-xs text-zinc-400">{note}</p> : null}
      </div>
      <div className={cn('grid gap-3', className)}>{children}</div>
    </section>
  );
}
