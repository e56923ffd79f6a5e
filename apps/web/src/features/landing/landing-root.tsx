import {
  StrictMode,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type MouseEvent,
} from 'react';
import { PublicChrome } from '../../components/layout/public-chrome';
import {
  PublicNavProvider,
  type TPublicLinkProps,
  type TPublicNav,
} from '../../components/layout/public-nav';
import { LandingPage } from './landing-page';

type TPlace = Pick<TPublicNav, 'pathname' | 'search' | 'hash' | 'key' | 'navigationType'>;

/** Moves within the landing: to `/`, `/#pricing`, … */
const MoveContext = createContext<(url: URL) => void>(() => {});

/**
 * A link on the landing's first visit. One to a place on the landing moves there in the
 * browser's history (public-chrome.tsx's scroll hook takes it from there); one to any other page
 * is left to the browser, which loads that page: its prerendered HTML and the app.
 */
function LandingLink({ to, onClick, ...props }: TPublicLinkProps) {
  const move = useContext(MoveContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plainClick =
      event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plainClick || (props.target && props.target !== '_self')) return;
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== '/') return;
    event.preventDefault();
    move(url);
  };
  return <a href={to} onClick={follow} {...props} />;
}

/**
 * The landing with its header and footer as its prerendered HTML was rendered and as the
 * browser hydrates it: without the app's router, query client and auth provider, so its first
 * load carries none of them (docs/decisions/0034-prerendered-public-pages.md). Opened from
 * another page of the app, the landing is the app's route instead (app/router.tsx): the same
 * components, with the app's router behind the links.
 */
export function LandingRoot({ place, move }: { place: TPlace; move: (url: URL) => void }) {
  const nav = useMemo<TPublicNav>(() => ({ ...place, Link: LandingLink }), [place]);
  return (
    <StrictMode>
      <MoveContext.Provider value={move}>
        <PublicNavProvider nav={nav}>
          <PublicChrome>
            <LandingPage />
          </PublicChrome>
        </PublicNavProvider>
      </MoveContext.Provider>
    </StrictMode>
  );
}

/** Where the prerendered landing was rendered: `/`, before any navigation. */
export const LANDING_PLACE: TPlace = {
  pathname: '/',
  search: '',
  hash: '',
  key: 'default',
  navigationType: 'POP',
};

function currentPlace(navigationType: TPlace['navigationType']): TPlace {
  const { pathname, search, hash } = window.location;
  const key = Math.random().toString(36).slice(2, 10);
  return { pathname, search, hash, key, navigationType };
}

/** The landing in the browser, following its own history (back, forward, its links). */
export function LandingInBrowser() {
  const [place, setPlace] = useState<TPlace>(() => ({
    ...LANDING_PLACE,
    search: window.location.search,
    hash: window.location.hash,
  }));

  useEffect(() => {
    const onPopState = () => setPlace(currentPlace('POP'));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const move = useMemo(
    () => (url: URL) => {
      // The address already shown is replaced, not stacked, as the app's router does.
      const same = url.href === window.location.href;
      if (same) window.history.replaceState(null, '', url.href);
      else window.history.pushState(null, '', url.href);
      setPlace(currentPlace(same ? 'REPLACE' : 'PUSH'));
    },
    [],
  );

  return <LandingRoot place={place} move={move} />;
}
