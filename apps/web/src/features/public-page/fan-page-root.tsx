import { publicPagePath, type TPublicPageResponse, type TPublicPost } from '@muse/shared';
import { StrictMode, Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { TPublicLinkProps } from '../../components/layout/public-nav';
import { useHydrated } from '../../components/layout/use-hydrated';
import { PURCHASE_RETURN_PARAM } from '../../lib/public-pages';
import { getStoredToken } from '../../lib/session-token';
import { FanLayout } from './components/fan-layout';
import { FanPageProvider, type TFanPage } from './components/fan-page-context';
import { PageContent } from './components/page-content';
import { fetchPublicPage, fetchUnlockedPosts, withUnlocked } from './page-answer';

/** A link of the page's first visit: a plain one, the browser loads the page it leads to. */
function PlainLink({ to, ...props }: TPublicLinkProps) {
  return <a href={to} {...props} />;
}

const readNothing = () => {};

/**
 * An influencer's public page as the server renders it (`renderPublicPage` in prerender.tsx) and
 * as its own first visit hydrates it (public-page-main.tsx): the app's components, without its
 * router, query client or session (docs/decisions/0058-public-page-for-fans.md). Opened from
 * inside the app, the page is the app's route instead (public-page.tsx), with the same content.
 */
export function FanPageRoot({
  answer,
  signedIn = false,
  refresh = readNothing,
  notes,
}: {
  answer: TPublicPageResponse;
  signedIn?: boolean;
  refresh?: () => void;
  notes?: ReactNode;
}) {
  const pathname = publicPagePath(answer.page.handle);
  const fanPage = useMemo<TFanPage>(
    () => ({ signedIn, pathname, Link: PlainLink, standalone: true, refresh }),
    [signedIn, pathname, refresh],
  );
  return (
    <StrictMode>
      <FanPageProvider value={fanPage}>
        <FanLayout>
          <PageContent page={answer.page} posts={answer.posts} notes={notes} />
        </FanLayout>
      </FanPageProvider>
    </StrictMode>
  );
}

/**
 * The viewer's posts after an answer of GET /api/public/pages/:handle/unlocked: none once the
 * server refused the session, as they were when the answer could not be read (or was not asked).
 */
function unlockedAfter(
  read: Awaited<ReturnType<typeof fetchUnlockedPosts>> | undefined,
  current: TPublicPost[] | null,
): TPublicPost[] | null {
  if (read === 'signedOut') return null;
  return read ? read.posts : current;
}

/** The notes of the way back from a checkout, loaded only when the address says it is one. */
const PurchaseReturn = lazy(async () => ({
  default: (await import('./components/purchase-return')).PurchaseReturn,
}));

/**
 * The page in the browser, hydrated from `initial` (the answer the server rendered it with, as
 * every visitor gets it). With a stored session token it then asks for what differs for the
 * viewer (GET /api/public/pages/:handle/unlocked): their own posts and the ones they bought come
 * in unlocked, and the bar offers 'My purchases'; a refused token (401) leaves the page as a
 * signed-out visitor sees it.
 */
export function FanPageInBrowser({ initial }: { initial: TPublicPageResponse }) {
  const [answer, setAnswer] = useState(initial);
  /** The viewer's posts, once the server has said the session is live; null signed out. */
  const [unlocked, setUnlocked] = useState<TPublicPost[] | null>(null);
  const [purchaseFlag] = useState(() =>
    new URLSearchParams(window.location.search).get(PURCHASE_RETURN_PARAM),
  );
  const hydrated = useHydrated();
  const { handle } = initial.page;

  /** Asks what differs for the viewer, with the stored session token; nothing without one. */
  const readUnlocked = useCallback(() => {
    const token = getStoredToken();
    if (!token) return Promise.resolve(undefined);
    return fetchUnlockedPosts(handle, token);
  }, [handle]);

  const refresh = useCallback(() => {
    void fetchPublicPage(handle).then((page) => {
      if (page) setAnswer(page);
    });
    void readUnlocked().then((read) => setUnlocked((current) => unlockedAfter(read, current)));
  }, [handle, readUnlocked]);

  useEffect(() => {
    let live = true;
    void readUnlocked().then((read) => {
      if (live) setUnlocked((current) => unlockedAfter(read, current));
    });
    return () => {
      live = false;
    };
  }, [readUnlocked]);

  // A page reached by a handle it let go of, or spelt otherwise (`/i/Ava.Rose`), shows its
  // current address, so that is the one shared onwards.
  useEffect(() => {
    const current = publicPagePath(handle);
    const { pathname, search, hash } = window.location;
    if (pathname !== current) {
      window.history.replaceState(window.history.state, '', `${current}${search}${hash}`);
    }
  }, [handle]);

  const shown = useMemo(
    () => (unlocked ? { ...answer, posts: withUnlocked(answer.posts, unlocked) } : answer),
    [answer, unlocked],
  );
  // Rendered once hydrated: the server's page has no notes (it never sees the address's flag).
  const notes =
    hydrated && (purchaseFlag === 'success' || purchaseFlag === 'cancelled') ? (
      <Suspense fallback={null}>
        <PurchaseReturn flag={purchaseFlag} onPaid={refresh} />
      </Suspense>
    ) : null;
  return (
    <FanPageRoot answer={shown} signedIn={unlocked !== null} refresh={refresh} notes={notes} />
  );
}
