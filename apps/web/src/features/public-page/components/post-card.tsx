import { PUBLIC_PAGE_TEXTS, publicPagePath, type TPublicPost } from '@muse/shared';
import { ArrowRight, Lock } from 'lucide-react';
import { PostMediaGrid, type TMediaPriority } from '../../../components/posts/post-media';
import { useHydrated } from '../../../components/layout/use-hydrated';
import { formatDate } from '../../../lib/format-date';
import { FanLink as Link } from './fan-page-context';
import { PostStatus } from './post-status';
import { ReportButton } from './report-button';
import { UnlockButton } from './unlock-button';

/**
 * A post's date as the page shows it: in the visitor's time zone, and in UTC while a page the
 * server rendered hydrates (the server cannot know the time zone; the two must match).
 */
export function usePostDate(iso: string): string {
  return formatDate(iso, !useHydrated());
}

/** A post in the page's grid: its pictures or videos, caption, date, and Unlock when locked. */
export function PostCard({
  handle,
  influencerName,
  post,
  priority,
}: {
  handle: string;
  influencerName: string;
  post: TPublicPost;
  /** How its pictures load (media-priority in components/posts/post-media.tsx); lazily without. */
  priority?: TMediaPriority;
}) {
  const date = usePostDate(post.publishedAt);
  const buyable = post.locked && !post.own;
  return (
    <article
      aria-label={`Post of ${date}`}
      className="flex h-full flex-col gap-3 rounded-2xl border border-ink-800 bg-ink-900/70 p-3"
    >
      <PostMediaGrid
        items={post.items}
        influencerName={influencerName}
        fit="cover"
        priority={priority}
      />
      <div className="flex flex-1 flex-col gap-3 px-1 pb-1">
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-400">
          <time dateTime={post.publishedAt}>{date}</time>
          <span className="flex items-center gap-1">
            <PostStatus post={post} />
            <ReportButton handle={handle} postId={post.id} className="-mr-2" />
          </span>
        </div>
        {post.caption ? (
          <p className="line-clamp-3 text-sm whitespace-pre-line text-zinc-200 wrap-anywhere">
            {post.caption}
          </p>
        ) : null}
        <div className="mt-auto space-y-3">
          {buyable ? (
            <>
              <p className="flex items-center gap-2 text-sm text-zinc-300">
                <Lock aria-hidden="true" className="size-4 text-brand-300" />
                {PUBLIC_PAGE_TEXTS.locked}
              </p>
              <UnlockButton handle={handle} post={post} />
            </>
          ) : null}
          <Link
            to={publicPagePath(handle, post.id)}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-300 hover:text-brand-400 hover:underline"
          >
            Open post<span className="sr-only"> of {date}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
