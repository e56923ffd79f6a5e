import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { TPublicLinkProps } from '../../../components/layout/public-nav';

/**
 * What the parts of an influencer's public page (and of its posts' pages) take from around them,
 * so the same components render in the app, behind its router, session and query client, and on
 * the page's own first visit, which hydrates without any of them
 * (docs/decisions/0058-public-page-for-fans.md).
 */
export type TFanPage = {
  /** Whether the visitor is signed in: 'My purchases' instead of 'Sign in', the checkout instead of /register. */
  signedIn: boolean;
  /** The page's path, where 'Sign in' and 'Unlock' bring the visitor back to. */
  pathname: string;
  /** A link to a path of Muse: the app's router link, or a plain one (a full load of the page). */
  Link: ComponentType<TPublicLinkProps>;
  /**
   * Whether the page runs without the app's providers (the page's own first visit): what loads on
   * intent (the report dialog) brings the query client and session it needs.
   */
  standalone: boolean;
  /** What the page shows may have changed (a checkout refused): read it again. */
  refresh: () => void;
};

const FanPageContext = createContext<TFanPage | null>(null);

export function FanPageProvider({ value, children }: { value: TFanPage; children: ReactNode }) {
  return <FanPageContext.Provider value={value}>{children}</FanPageContext.Provider>;
}

export function useFanPage(): TFanPage {
  const fanPage = useContext(FanPageContext);
  if (!fanPage) throw new Error('useFanPage must be used inside <FanPageProvider>');
  return fanPage;
}

/** A link of the page: the app's router link, or a plain one. */
export function FanLink(props: TPublicLinkProps) {
  const { Link } = useFanPage();
  return <Link {...props} />;
}
