import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';

export type TPublicLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of Muse, e.g. `/marketplace` or `/#pricing`. */
  to: string;
  children?: ReactNode;
};

/**
 * Where the visitor is and how links move, for the public header, footer and landing. The app's
 * public pages take both from the app's router (public-layout.tsx); the landing hydrates
 * without it and brings its own (features/landing/landing-root.tsx), so its first load does not
 * carry the router (docs/decisions/0034-prerendered-public-pages.md).
 */
export type TPublicNav = {
  pathname: string;
  search: string;
  hash: string;
  /** Changes with every navigation, also to the address already shown. */
  key: string;
  navigationType: 'POP' | 'PUSH' | 'REPLACE';
  Link: ComponentType<TPublicLinkProps>;
};

const PublicNavContext = createContext<TPublicNav | null>(null);

export function PublicNavProvider({ nav, children }: { nav: TPublicNav; children: ReactNode }) {
  return <PublicNavContext.Provider value={nav}>{children}</PublicNavContext.Provider>;
}

export function usePublicNav(): TPublicNav {
  const nav = useContext(PublicNavContext);
  if (!nav) throw new Error('usePublicNav must be used inside <PublicNavProvider>');
  return nav;
}

/** A link of a public page: the app's router link, or the landing's own. */
export function PublicLink(props: TPublicLinkProps) {
  const { Link } = usePublicNav();
  return <Link {...props} />;
}
