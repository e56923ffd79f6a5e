import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** Errors appear in a red banner above the form (docs/product/api.md). */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="mb-5 flex items-start gap-2.5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-400" aria-hidden="true" />
      <div className="min-w-0 wrap-anywhere">{children}</div>
    </div>
  );
}

/** Good news above the form (the password was changed, say). */
export function NoticeBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="mb-5 flex items-start gap-2.5 rounded-xl border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
    >
      <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
