import type { ReactNode } from 'react';

/** One section of the settings page: its icon, heading and words, then what it holds. */
export function Section({
  id,
  title,
  icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-ink-800 bg-ink-900/70 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-500/10 text-brand-300">
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-zinc-400">{description}</div> : null}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
