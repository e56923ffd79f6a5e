import { Link } from 'react-router';

/** The Muse mark and name; `compact` keeps only the mark (the name stays for screen readers). */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className={compact ? 'sr-only' : undefined}>Muse</span>
    </Link>
  );
}
