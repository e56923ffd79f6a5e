import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-xl border border-ink-600 bg-ink-900 px-4 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-red-500',
        className,
      )}
      {...props}
    />
  );
}

/** A labelled input; the label is tied to the input for screen readers and clicks. */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: ReactNode;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-300">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-zinc-400">{hint}</p> : null}
    </div>
  );
}
