import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { TPublicLinkProps } from '../../components/layout/public-nav';
import { useAuth } from '../../lib/auth';
import { PUBLIC_PAGES_QUERY_KEY } from '../../lib/public-pages';
import { FanPageProvider, type TFanPage } from './components/fan-page-context';

function RouterLink(props: TPublicLinkProps) {
  return <Link {...props} />;
}

/**
 * The app's side of a public page's parts (components/fan-page-context.tsx): links through the
 * app's router, the session's own answer to whether the visitor is signed in, and the app's
 * providers around what loads on intent (docs/decisions/0058-public-page-for-fans.md).
 */
export function AppFanPage({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: PUBLIC_PAGES_QUERY_KEY }),
    [queryClient],
  );
  const signedIn = user !== null;
  const fanPage = useMemo<TFanPage>(
    () => ({ signedIn, pathname, Link: RouterLink, standalone: false, refresh }),
    [signedIn, pathname, refresh],
  );
  return <FanPageProvider value={fanPage}>{children}</FanPageProvider>;
}
