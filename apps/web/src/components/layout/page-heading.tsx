import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

/** The title block every page starts with; also sets the document title. */
export function PageHeading({
  title,
  documentTitle,
  children,
}: {
  title: string;
  documentTitle?: string;
  children?: ReactNode;
}) {
  usePageTitle(documentTitle ?? title);
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      {children ? <div className="text-zinc-400">{children}</div> : null}
    </header>
  );
}
