import { Link } from 'react-router';
import { LOGO_LINK_CLASS, LogoMark } from './logo-mark';

/** The Muse mark and name, a link; `compact` keeps only the mark (the name stays for screen readers). */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className={LOGO_LINK_CLASS}>
      <LogoMark compact={compact} />
    </Link>
  );
}
