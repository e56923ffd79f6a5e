import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      Muse
    </Link>
  );
}
