import { PUBLISHING_TEXTS, type TPublicPage } from '@muse/shared';
import { Images } from 'lucide-react';
import { useParams } from 'react-router';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { hasErrorCode } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { normaliseHandle, usePublicPage } from './api/public-pages';
import { FanLayout } from './components/fan-layout';
import { PageHeader } from './components/page-header';
import { PageNotFound } from './components/page-not-found';
import { PostCard } from './components/post-card';
import { PurchaseNotes } from '../../components/posts/purchase-notes';
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
 * An influencer's public page, `/i/<handle>` (docs/product/publishing.md): open to all, made for
 * phones. The header says who it is and that every post is AI-generated; the posts follow,
 * newest first, locked ones as blurred previews with their price and Unlock.
 */
export function PublicInfluencerPage() {
  const handle = normaliseHandle(useParams().handle ?? '');
  const page = usePublicPage(handle);
  const purchase = usePurchaseReturn(null);
  useMovedHandle(handle, page.data?.page.handle);
  const notFound = page.isError && isNotFound(page.error);
  usePageTitle(
    page.data ? publicPageTitle(page.data.page) : notFound ? PUBLISHING_TEXTS.pageNotFound : 'Muse',
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
    const { page: influencer, posts } = page.data;
    const newestFirst = [...posts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    body = (
      <div className="space-y-8">
        <PurchaseNotes purchase={purchase} />
        <PageHeader page={influencer} />
        <section aria-labelledby="posts-heading" className="space-y-4">
          <h2 id="posts-heading" className="text-lg font-semibold text-white">
            Posts
          </h2>
          {newestFirst.length === 0 ? (
            <p className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 px-6 py-14 text-center text-sm text-zinc-400">
              <Images aria-hidden="true" className="size-8 text-zinc-500" />
              No posts yet. Come back soon.
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {newestFirst.map((post) => (
                <li key={post.id} className="min-w-0">
                  <PostCard
                    handle={influencer.handle}
                    influencerName={influencer.name}
                    post={post}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return <FanLayout>{body}</FanLayout>;
}
