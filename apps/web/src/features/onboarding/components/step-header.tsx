import type { ReactNode } from 'react';

/** The top of a step: an optional eyebrow, the step's heading and a line under it. */
export function StepHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="text-center">
      {eyebrow ? <div className="mb-4 flex justify-center">{eyebrow}</div> : null}
      <h1
        tabIndex={-1}
        className="text-2xl leading-tight font-bold tracking-tight text-balance text-white focus:outline-none sm:text-4xl"
      >
        {title}
      </h1>
      {children ? (
        <p className="mx-auto mt-3 max-w-xl text-sm text-pretty text-zinc-400 sm:text-base">
          {children}
        </p>
      ) : null}
    </div>
  );
}

/** A small rounded label over a heading. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-brand-400/30 bg-brand-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-300">
      {children}
    </span>
  );
}
