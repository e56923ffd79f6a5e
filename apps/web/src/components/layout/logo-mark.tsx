import { useId } from 'react';

/** The classes of the link around the Muse mark. */
export const LOGO_LINK_CLASS =
  'flex items-center gap-2 text-lg font-bold tracking-tight text-white';

/**
 * The Muse mark (the drawing of public/favicon.svg), drawn in the page: an `<img>` of an SVG
 * costs the browser a document of its own for every page that shows it.
 */
export function MuseMark({ size, className }: { size: number; className?: string }) {
  const gradient = useId();
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f472b6" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path d="M16 46V18h6l10 14 10-14h6v28h-7V30l-9 12-9-12v16z" fill="#fff" />
    </svg>
  );
}

/** The Muse mark and name; `compact` keeps only the mark (the name stays for screen readers). */
export function LogoMark({ compact = false }: { compact?: boolean }) {
  return (
    <>
      <MuseMark size={28} className="size-7 shrink-0" />
      <span className={compact ? 'sr-only' : undefined}>Muse</span>
    </>
  );
}
