import { PUBLISHING_TEXTS, publicPagePath, formatCents } from '@muse/shared';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { hasErrorCode } from '../../lib/api';
import { formatDate } from '../../lib/format-date';
import { usePageTitle } from '../../lib/use-page-title';
import { normaliseHandle, usePublicPost } from './api/public-pages';
import { AppFanPage } from './app-fan-page';
import { FanLayout } from './components/fan-layout';
import { CompactPageHeader } from './components/page-header';
import { PageNotFound } from './components/page-not-found';
import { PostMediaGrid } from '../../components/posts/post-media';
import { PostStatus } from './components/post-status';
import { ReportButton } from './components/report-button';
import { PurchaseNotes } from '../../components/posts/purchase-notes';
import { UnlockButton } from './components/unlock-button';
import { isNotFound, publicPageTitle } from './public-page';
import { useMovedHandle } from './use-moved-handle';
import { usePurchaseReturn } from '../../lib/use-purchase-return';

/**
 * One post, large, at `/i/<handle>/posts/<id>` (docs/product/publishing.md): where a fan buys,
 * and where the checkout brings them back (`?purchase=success`), the post then unlocked.
 */
export function PublicPostPage() {
  const params = useParams();
  const handle = normaliseHandle(params.handle ?? '');
  const postId = params.postId ?? '';
  const query = usePublicPost(handle, postId);
  const purchase = usePurchaseReturn(query.data ? !query.data.post.locked : false, query.refetch);
  useMovedHandle(handle, query.data?.page.handle, postId);
  const notFound = query.isError && isNotFound(query.error);
  // A hidden or unknown page says so, as the page itself does; a missing post leads to the page.
  const pageMissing = notFound && hasErrorCode(query.error, 'PAGE_NOT_FOUND');
  usePageTitle(
    query.data
      ? publicPageTitle(query.data.page)
      : notFound
        ? pageMissing
          ? PUBLISHING_TEXTS.pageNotFound
          : PUBLISHING_TEXTS.postNotFound
        : 'Muse',
  );

  let body;
  if (query.isPending) {
    body = <Spinner label="Loading post..." className="py-24" />;
  } else if (notFound) {
    body = pageMissing ? (
      <PageNotFound text={PUBLISHING_TEXTS.pageNotFound} back={{ to: '/', label: 'Go to Muse' }} />
    ) : (
      <PageNotFound
        text={PUBLISHING_TEXTS.postNotFound}
        back={{ to: publicPagePath(handle), label: 'Back to the page' }}
      />
    );
  } else if (query.isError) {
    body = (
      <QueryError
        query={query}
        heading
        title="This post could not be loaded"
        detail={errorText(query.error, 'Please try again in a moment.')}
        className="mx-auto max-w-lg"
      />
    );
  } else {
    const { page, post } = query.data;
    const date = formatDate(post.publishedAt);
    const buyable = post.locked && !post.own;
    body = (
      <div className="mx-auto max-w-2xl space-y-6">
        <Link
          to={publicPagePath(page.handle)}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-zinc-300 hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All posts of {page.name}
        </Link>
        <CompactPageHeader page={page} />
        <PurchaseNotes purchase={purchase} />
        <article aria-labelledby="post-heading" className="space-y-4">
          <h1 id="post-heading" className="sr-only">
            Post by {page.name} of {date}
          </h1>
          <PostMediaGrid
            items={post.items}
            influencerName={page.name}
            fit="natural"
            priority="first"
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-400">
            <time dateTime={post.publishedAt}>{date}</time>
            <span className="flex items-center gap-2">
              <PostStatus post={post} />
              <ReportButton handle={page.handle} postId={post.id} />
            </span>
          </div>
          {post.caption ? (
            <p className="whitespace-pre-line text-zinc-100 wrap-anywhere">{post.caption}</p>
          ) : null}
          {buyable ? (
            <section
              aria-labelledby="unlock-heading"
              className="space-y-3 rounded-2xl border border-ink-700 bg-ink-900/80 p-4 sm:p-5"
            >
              <h2 id="unlock-heading" className="flex items-center gap-2 font-semibold text-white">
                <Lock aria-hidden="true" className="size-4 text-brand-300" />
                {PUBLISHING_TEXTS.locked}
              </h2>
              <p className="text-sm text-zinc-400">
                One payment of {formatCents(post.priceCents)} unlocks this post for good.
              </p>
              <UnlockButton handle={page.handle} post={post} withSignIn />
            </section>
          ) : null}
        </article>
      </div>
    );
  }

  return (
    <AppFanPage>
      <FanLayout>{body}</FanLayout>
    </AppFanPage>
  );
}
