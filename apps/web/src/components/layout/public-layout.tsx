import { useMemo, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { PublicChrome } from './public-chrome';
import { PublicNavProvider, type TPublicLinkProps, type TPublicNav } from './public-nav';

function RouterLink(props: TPublicLinkProps) {
  return <Link {...props} />;
}

/**
 * The app's layout route around every public page: the header and footer (public-chrome.tsx)
 * with the app's router behind their links. The landing's first visit renders the same chrome
 * without the router (features/landing/landing-root.tsx).
 */
export function PublicLayout() {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const nav = useMemo<TPublicNav>(
    () => ({ pathname, search, hash, key, navigationType, Link: RouterLink }),
    [pathname, search, hash, key, navigationType],
  );
  return (
    <PublicNavProvider nav={nav}>
      <PublicChrome>
        <Outlet />
      </PublicChrome>
    </PublicNavProvider>
  );
}

/** A centred column for a public page's content. */
export function PublicPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 sm:px-6 sm:py-16">{children}</div>;
}
