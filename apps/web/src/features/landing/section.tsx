import type { ReactNode } from 'react';
import { clsx } from 'clsx';

/**
 * A landing section the nav can link to: `id` is its anchor (#features, #pricing, …). It takes
 * focus when a link brings the visitor there, without drawing a ring round the whole section;
 * the margin keeps its top clear of the sticky header.
 */
export function Section({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className={clsx(
        'scroll-mt-16 py-20 outline-none sm:py-24',
        // Below the hero: laid out only once the visitor scrolls near it.
        'below-fold',
        className,
      )}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

/** The eyebrow, title and lead that open a section; the title names the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div
      className={clsx(
        'max-w-2xl space-y-4',
        align === 'center' ? 'mx-auto text-center' : undefined,
      )}
    >
      <p className="text-sm font-semibold tracking-wide text-brand-300">{eyebrow}</p>
      <h2
        id={`${id}-title`}
        className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
      >
        {title}
      </h2>
      {children ? (
        <p className="text-base leading-relaxed text-pretty text-zinc-400 sm:text-lg">{children}</p>
      ) : null}
    </div>
  );
}
