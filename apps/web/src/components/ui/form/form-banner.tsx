import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '../../../lib/cn';

/** A form's errors appear in a red banner above it (docs/product/api.md has the texts). */
export function ErrorBanner({
  children,
  className,
  ref,
}: {
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-400" aria-hidden="true" />
      <div className="min-w-0 wrap-anywhere">{children}</div>
    </div>
  );
}

/** Good news above the form (the password was changed, say). */
export function NoticeBanner({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200',
        className,
      )}
    >
      <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
