import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { MuseMark } from './logo-mark';

/**
 * The one look of every sign-in page: a centred card on the public layout with the Muse mark,
 * the page's heading and a line under it; `footer` sits under the card (a link to the other page).
 */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="relative isolate flex justify-center overflow-hidden px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="glow-duo absolute -top-16 left-1/2 -z-10 h-96 w-[44rem] max-w-full -translate-x-1/2"
      />
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-ink-700 bg-ink-900/90 p-6 shadow-2xl shadow-black/40 sm:p-8">
          <header className="mb-6 flex flex-col items-center gap-4 text-center">
            <Link to="/" className="rounded-xl" aria-label="Muse home">
              <MuseMark size={48} className="size-12" />
            </Link>
            <div className="space-y-1.5">
              <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
              {description ? <p className="text-sm text-zinc-400">{description}</p> : null}
            </div>
          </header>
          {children}
        </div>
        {footer ? <p className="mt-6 text-center text-sm text-zinc-400">{footer}</p> : null}
      </div>
    </div>
  );
}

/** A link in the pink of the brand, for text inside the sign-in pages. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-300 hover:text-brand-400 hover:underline">
      {children}
    </Link>
  );
}
