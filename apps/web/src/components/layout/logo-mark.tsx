/** The classes of the link around the Muse mark. */
export const LOGO_LINK_CLASS =
  'flex items-center gap-2 text-lg font-bold tracking-tight text-white';

/** The Muse mark and name; `compact` keeps only the mark (the name stays for screen readers). */
export function LogoMark({ compact = false }: { compact?: boolean }) {
  return (
    <>
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className={compact ? 'sr-only' : undefined}>Muse</span>
    </>
  );
}
