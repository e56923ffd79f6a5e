import type { TPost } from '@muse/shared';
import { Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatTime } from '../calendar-time';
import { formatMoney } from '../publishing-format';

/** A post on a day of the calendar: its time, a lock when pay-per-view; opens the post. */
export function PostChip({
  post,
  timeZone,
  onOpen,
  className,
}: {
  post: TPost;
  timeZone: string;
  onOpen: (post: TPost) => void;
  className?: string;
}) {
  const locked = post.priceCents > 0;
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 rounded-md px-1.5 py-1 text-left text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-400',
        post.status === 'scheduled'
          ? 'bg-brand-500/15 text-white ring-1 ring-brand-400/30 ring-inset hover:bg-brand-500/25'
          : 'bg-ink-800 text-zinc-200 hover:bg-ink-700',
        className,
      )}
    >
      <time dateTime={post.publishAt} className="shrink-0 tabular-nums">
        {formatTime(post.publishAt, timeZone)}
      </time>
      {locked ? <Lock aria-hidden="true" className="size-3 shrink-0 text-brand-300" /> : null}
      <span className="min-w-0 truncate text-zinc-400">{post.influencerName}</span>
      <span className="sr-only">
        , {post.status === 'scheduled' ? 'scheduled' : 'published'}
        {locked ? `, pay-per-view ${formatMoney(post.priceCents)}` : ', free'}
      </span>
    </button>
  );
}
