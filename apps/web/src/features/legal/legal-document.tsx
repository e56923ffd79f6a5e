import { FileText } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '../../components/layout/public-layout';
import { usePageTitle } from '../../lib/use-page-title';
import { TableOfContents } from './table-of-contents';

export type TLegalSection = {
  /** The anchor of the section (`/terms#credits`): keep it stable, people link to it. */
  id: string;
  title: string;
  body: ReactNode;
};

/**
 * The body text of a legal page. Links inside text are underlined, not only coloured, so they
 * stand out for readers who cannot tell pink from grey.
 */
const PROSE = [
  'space-y-4 text-[0.9375rem] leading-7 text-zinc-300 sm:text-base',
  '[&_strong]:font-semibold [&_strong]:text-zinc-100',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ul]:marker:text-brand-400',
  '[&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_ol]:marker:text-zinc-400',
  '[&_a]:font-medium [&_a]:text-brand-300 [&_a]:underline [&_a]:decoration-brand-300/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-brand-300',
  '[&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-white',
].join(' ');

/**
 * A legal page: heading with its 'Last updated' date, a table of contents that links to every
 * section's anchor, and the sections at a comfortable reading width.
 */
export function LegalDocument({
  title,
  description,
  lastUpdated,
  intro,
  sections,
  related,
}: {
  title: string;
  /** The meta description of the page. */
  description: string;
  lastUpdated: Date;
  intro: ReactNode;
  sections: readonly TLegalSection[];
  /** The other legal page, linked at the end. */
  related: { to: string; label: string };
}) {
  usePageTitle(title, description);
  useScrollToHashOnLoad();

  return (
    <PublicPage>
      <header className="space-y-4 border-b border-ink-800 pb-8">
        <p className="inline-flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-3 py-1 text-xs font-medium tracking-wide text-brand-300 uppercase">
          <FileText className="size-3.5" aria-hidden="true" />
          Legal
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="text-sm text-zinc-400">
          Last updated <time dateTime={isoDate(lastUpdated)}>{longDate(lastUpdated)}</time>
        </p>
        <div className="max-w-3xl text-base leading-7 text-zinc-300 sm:text-lg sm:leading-8">
          {intro}
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12 xl:grid-cols-[16rem_minmax(0,1fr)]">
        <TableOfContents sections={sections} />
        <article className="max-w-[68ch] min-w-0 space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="space-y-4">
              <h2
                id={section.id}
                className="scroll-mt-24 text-xl font-semibold tracking-tight text-white sm:text-2xl"
              >
                <span className="mr-2 text-brand-400 tabular-nums" aria-hidden="true">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              <div className={PROSE}>{section.body}</div>
            </section>
          ))}
          <p className="border-t border-ink-800 pt-8 text-sm text-zinc-400">
            See also our{' '}
            <Link
              to={related.to}
              className="font-medium text-brand-300 underline decoration-brand-300/40 underline-offset-4 hover:decoration-brand-300"
            >
              {related.label}
            </Link>
            .
          </p>
        </article>
      </div>
    </PublicPage>
  );
}

/**
 * The page is loaded lazily, so when someone opens `/terms#credits` the browser looks for the
 * anchor before the section exists; jump to it once it has rendered. The jump is instant (a
 * smooth scroll aims at where the section was when it started, and text reflowing as the web
 * font arrives would leave it short or past the section), and it is made again once the fonts
 * are in, unless the reader has scrolled meanwhile.
 */
function useScrollToHashOnLoad() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const jump = () => document.getElementById(id)?.scrollIntoView({ behavior: 'instant' });
    jump();
    let scrolledByReader = false;
    const onUserScroll = () => {
      scrolledByReader = true;
    };
    const options = { passive: true, once: true } as const;
    window.addEventListener('wheel', onUserScroll, options);
    window.addEventListener('touchmove', onUserScroll, options);
    window.addEventListener('keydown', onUserScroll, options);
    let cancelled = false;
    void document.fonts.ready.then(() => {
      if (!cancelled && !scrolledByReader) jump();
    });
    return () => {
      cancelled = true;
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
      window.removeEventListener('keydown', onUserScroll);
    };
  }, []);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "22 November 2026", the same in every time zone. */
function longDate(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
