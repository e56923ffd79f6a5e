import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a tool's free Offline previews are, and what they do not do yet. */
export function OfflineNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex gap-2 rounded-lg border border-sky-400/25 bg-sky-400/5 p-3 text-xs text-sky-100/90">
      <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {children}
    </p>
  );
}
