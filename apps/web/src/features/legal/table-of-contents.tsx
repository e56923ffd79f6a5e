import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../components/layout/use-hydrated';

/** What the table of contents needs of a section: its anchor and its title. */
type TTocEntry = { id: string; title: string };

/**
 * Links to every section of a legal page. Beside the text and sticky on wide screens; folded
 * behind an 'On this page' button on narrow ones, so the text starts near the top.
 */
export function TableOfContents({ sections }: { sections: readonly TTocEntry[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const activeId = useActiveSection(sections);
  const hydrated = useHydrated();

  return (
    <nav
      aria-label="On this page"
      className="rounded-2xl border border-ink-800 bg-ink-900/60 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto lg:rounded-none lg:border-0 lg:bg-transparent"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        // Live once the prerendered page has hydrated (docs/decisions/0034-prerendered-public-pages.md).
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left text-sm font-semibold text-white lg:hidden"
      >
        <span>
          On this page
          <span className="ml-2 font-normal text-zinc-400">{sections.length} sections</span>
        </span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <p className="hidden pb-3 text-xs font-semibold tracking-wider text-zinc-400 uppercase lg:block">
        On this page
      </p>
      <ol
        id={listId}
        className={cn(
          'space-y-0.5 border-t border-ink-800 px-2 py-2 text-sm lg:block lg:border-t-0 lg:border-l lg:px-0 lg:py-0',
          open ? 'block' : 'hidden',
        )}
      >
        {sections.map((section, index) => {
          const active = section.id === activeId;
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={active ? 'location' : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  'flex gap-2 rounded-lg px-2 py-1.5 leading-snug text-zinc-400 transition-colors hover:text-white lg:-ml-px lg:rounded-none lg:border-l lg:border-transparent lg:py-1 lg:pl-4',
                  active && 'text-white lg:border-brand-400',
                )}
              >
                <span className="w-5 shrink-0 text-zinc-400 tabular-nums" aria-hidden="true">
                  {index + 1}.
                </span>
                <span>{section.title}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The section whose heading was last scrolled past the reading line near the top. */
function useActiveSection(sections: readonly TTocEntry[]): string | undefined {
  const [activeId, setActiveId] = useState<string | undefined>(sections[0]?.id);

  useEffect(() => {
    const headings = sections
      .map((section) => document.getElementById(section.id))
      .filter((heading): heading is HTMLElement => heading !== null);
    if (headings.length === 0) return;

    let frame = 0;
    const update = () => {
      frame = 0;
      // Just below the sticky header, where a heading lands after a jump to its anchor.
      const readingLine = 120;
      let current = headings[0]!.id;
      for (const heading of headings) {
        if (heading.getBoundingClientRect().top > readingLine) break;
        current = heading.id;
      }
      // The last sections are too short to reach the line: at the very bottom, mark the last.
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActiveId(atBottom ? headings[headings.length - 1]!.id : current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };

    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections]);

  return activeId;
}
