import { PUBLISHING_TEXTS, type TPublicPage } from '@muse/shared';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { hasErrorCode } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { normaliseHandle, usePublicPage, usePublicPageUnlocked } from './api/public-pages';
import { AppFanPage } from './app-fan-page';
import { FanLayout } from './components/fan-layout';
import { PageContent } from './components/page-content';
import { PageNotFound } from './components/page-not-found';
import { PurchaseNotes } from '../../components/posts/purchase-notes';
import { withUnlocked } from './page-answer';
import { useMovedHandle } from './use-moved-handle';
import { usePurchaseReturn } from '../../lib/use-purchase-return';

/** "Ava Rose (@ava.rose)": the page's title, as the server writes it for link previews. */
export function publicPageTitle(page: Pick<TPublicPage, 'name' | 'handle'>): string {
  return `${page.name} (@${page.handle})`;
}

/** An unknown or hidden page, an unknown post, or a malformed address. */
export function isNotFound(error: unknown): boolean {
  return hasErrorCode(error, 'PAGE_NOT_FOUND', 'POST_NOT_FOUND', 'INVALID_REQUEST');
}

/**
 * An influencer's public page, `/i/<handle>` (docs/product/publishing.md), as the app renders it
 * when a visitor opens it from inside the app: open to all, made for phones. It reads the page as
 * every visitor gets it, and, signed in, the viewer's own and bought posts apart, as the page's
 * own first visit does (fan-page-root.tsx, docs/decisions/0058-public-page-for-fans.md), and shows
 * the same content.
 */
export function PublicInfluencerPage() {
  const handle = normaliseHandle(useParams().handle ?? '');
  const page = usePublicPage(handle);
  const unlocked = usePublicPageUnlocked(handle);
  const purchase = usePurchaseReturn(null);
  useMovedHandle(handle, page.data?.page.handle);
  const notFound = page.isError && isNotFound(page.error);
  usePageTitle(
    page.data ? publicPageTitle(page.data.page) : notFound ? PUBLISHING_TEXTS.pageNotFound : 'Muse',
  );
  const posts = useMemo(
    () => (page.data ? withUnlocked(page.data.posts, unlocked.data?.posts) : []),
    [page.data, unlocked.data],
  );

  let body;
  if (page.isPending) {
    body = <Spinner label="Loading page..." className="py-24" />;
  } else if (notFound) {
    body = (
      <PageNotFound text={PUBLISHING_TEXTS.pageNotFound} back={{ to: '/', label: 'Go to Muse' }} />
    );
  } else if (page.isError) {
    body = (
      <QueryError
        query={page}
        heading
        title="This page could not be loaded"
        detail={errorText(page.error, 'Please try again in a moment.')}
        className="mx-auto max-w-lg"
      />
    );
  } else {
    body = (
      <PageContent
        page={page.data.page}
        posts={posts}
        notes={<PurchaseNotes purchase={purchase} />}
      />
    );
  }

  return (
    <AppFanPage>
      <FanLayout>{body}</FanLayout>
    </AppFanPage>
  );
}
