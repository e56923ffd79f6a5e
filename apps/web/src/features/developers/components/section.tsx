import type { ReactNode, Ref } from 'react';

/**
 * A card of a developer page, in the look of the Settings page's sections: an icon, a heading
 * (which names the section for screen readers) and what it holds. `headingRef` lets the page
 * bring focus back to the section once what replaced its content is gone.
 */
export function Section({
  id,
  title,
  icon,
  description,
  action,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-2xl border border-ink-800 bg-ink-900/70 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-500/10 text-brand-300">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2
            id={`${id}-heading`}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-white outline-none"
          >
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-zinc-400">{description}</div> : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
