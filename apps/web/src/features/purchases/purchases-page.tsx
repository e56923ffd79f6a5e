import {
  formatCents,
  PUBLISHING_TEXTS,
  publicPagePath,
  type TPostItem,
  type TPurchase,
} from '@muse/shared';
import { Download, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { PostMedia } from '../../components/posts/post-media';
import { PurchaseNotes } from '../../components/posts/purchase-notes';
import { usePurchaseReturn } from '../../lib/use-purchase-return';
import { usePurchases } from '../../lib/purchases';

/**
 * 'My purchases' (docs/product/publishing.md, 'Buying'): every post the fan bought, newest first,
 * unlocked for good, with each original to download. A post outlives its influencer and its
 * page, so the influencer's name links to the page only while it has one.
 */
export function PurchasesPage() {
  const purchases = usePurchases();
  const purchase = usePurchaseReturn(null);

  let body;
  if (purchases.isPending) {
    body = <Spinner label="Loading purchases..." className="py-20" />;
  } else if (purchases.isError) {
    body = (
      <QueryError
        query={purchases}
        title="Your purchases could not be loaded"
        detail={errorText(purchases.error, 'Please try again in a moment.')}
      />
    );
  } else if (purchases.data.length === 0) {
    body = (
      <section
        aria-labelledby="purchases-empty-heading"
        className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-16 text-center"
      >
        <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
          <ShoppingBag aria-hidden="true" className="size-8" />
        </span>
        <h2 id="purchases-empty-heading" className="mt-5 text-xl font-semibold text-white">
          {PUBLISHING_TEXTS.purchasesEmpty}
        </h2>
        <p className="mt-2 max-w-sm text-sm text-zinc-400">
          Creators share links to their Muse pages, at addresses like /i/name. Unlock a post there
          and it stays here for good.
        </p>
      </section>
    );
  } else {
    body = (
      <>
        <PagesBoughtFrom purchases={purchases.data} />
        <section aria-labelledby="purchases-list-heading">
          <h2 id="purchases-list-heading" className="sr-only">
            Posts you bought
          </h2>
          <ul className="grid gap-5 lg:grid-cols-2">
            {purchases.data.map((bought) => (
              <li key={bought.id} className="min-w-0">
                <PurchaseCard purchase={bought} />
              </li>
            ))}
          </ul>
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeading title="My purchases">
        The posts you unlocked. They are yours to keep, and every one is AI-generated.
      </PageHeading>
      <PurchaseNotes purchase={purchase} />
      {body}
    </>
  );
}

/** The pages the fan bought from, each once, newest purchase first: the way back to them. */
function PagesBoughtFrom({ purchases }: { purchases: TPurchase[] }) {
  const pages = new Map<string, TPurchase['page']>();
  for (const { page } of purchases)
    if (page.handle && !pages.has(page.handle)) pages.set(page.handle, page);
  if (pages.size === 0) return null;
  return (
    <section aria-labelledby="purchases-pages-heading" className="space-y-3">
      <h2 id="purchases-pages-heading" className="text-lg font-semibold text-white">
        Pages you bought from
      </h2>
      <ul className="flex flex-wrap gap-3">
        {[...pages.values()].map((page) => (
          <li key={page.handle} className="min-w-0">
            <Link
              to={publicPagePath(page.handle)}
              className="flex items-center gap-3 rounded-2xl border border-ink-800 bg-ink-900/70 py-2 pr-4 pl-2 transition-colors hover:border-brand-400/50"
            >
              {page.pictureUrl ? (
                <img
                  src={page.pictureUrl}
                  alt=""
                  className="size-10 shrink-0 rounded-full object-cover"
                  loading="lazy"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="grid size-10 shrink-0 place-items-center rounded-full bg-ink-700 text-sm font-semibold text-zinc-200"
                >
                  {page.name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="min-w-0">
                <span className="block truncate font-medium text-zinc-100">{page.name}</span>
                <span className="block truncate text-xs text-zinc-400">@{page.handle}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "muse-ava.rose-3f2a9c1b-2.webp": a downloaded file's name. */
function downloadName(purchase: TPurchase, item: TPostItem, index: number): string {
  const subtype = item.contentType.split('/')[1]?.split(';')[0] ?? '';
  const extension = subtype === 'jpeg' ? 'jpg' : subtype.replace(/[^a-z0-9]/gi, '') || 'bin';
  const owner = purchase.page.handle || 'post';
  return `muse-${owner}-${purchase.post.id.slice(0, 8)}-${index + 1}.${extension}`;
}

function PurchaseCard({ purchase }: { purchase: TPurchase }) {
  const { page, post } = purchase;
  const items = post.items;
  const date = formatDate(purchase.purchasedAt);
  return (
    <article
      aria-label={`Post by ${page.name}, bought ${date}`}
      className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-semibold text-white wrap-anywhere">
          {page.handle ? (
            <Link
              to={publicPagePath(page.handle)}
              className="rounded hover:text-brand-300 hover:underline"
            >
              {page.name}
            </Link>
          ) : (
            page.name
          )}
        </p>
        <p className="text-sm text-zinc-400">
          <span className="font-medium text-zinc-100">{formatCents(purchase.amountCents)}</span>
          {' · '}
          <time dateTime={purchase.purchasedAt}>Bought {date}</time>
        </p>
      </header>
      <ul className={cn('grid gap-3', items.length > 1 && 'grid-cols-2')}>
        {items.map((item, index) => (
          <li key={item.id} className="min-w-0 space-y-2">
            <PostMedia
              item={item}
              index={index}
              count={items.length}
              influencerName={page.name}
              fit="cover"
            />
            {item.url ? (
              <a
                href={item.url}
                download={downloadName(purchase, item, index)}
                className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-300 hover:text-brand-400 hover:underline"
              >
                <Download aria-hidden="true" className="size-4" />
                Download
                <span className="sr-only">
                  {' '}
                  {item.kind === 'video' ? 'video' : 'picture'}
                  {items.length > 1 ? ` ${index + 1} of ${items.length}` : ''} of {page.name}
                </span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {post.caption ? (
        <p className="text-sm whitespace-pre-line text-zinc-200 wrap-anywhere">{post.caption}</p>
      ) : null}
    </article>
  );
}
