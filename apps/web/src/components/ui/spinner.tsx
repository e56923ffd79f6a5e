import { cn } from '../../lib/cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-zinc-400', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-ink-600 border-t-brand-400"
      />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}

/** Fills the viewport while a page or the session loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
