import { PLATFORM_RULES, PUBLISHING_TEXTS, type TPost, type TPostTarget } from '@muse/shared';
import { Lock } from 'lucide-react';
import {
  APPROVAL_TEXTS,
  otherMaker,
  pendingApproval,
} from '../../../components/posts/approval-badge';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { formatTime } from '../calendar-time';
import {
  PLATFORM_INITIALS,
  removalLabel,
  TARGET_STATE_LABELS,
  TARGET_STATE_LOOKS,
} from '../post-targets';
import { formatMoney } from '../publishing-format';

/** 'Instagram: published', or 'X: removed' once Muse took the copy down. */
export function targetMarkLabel(target: TPostTarget): string {
  const state = removalLabel(target) ?? TARGET_STATE_LABELS[target.state];
  return `${PLATFORM_RULES[target.platform].name}: ${state.toLowerCase()}`;
}

/**
 * A post on a day of the calendar: a thumbnail of its first picture, its time (a lock when
 * pay-per-view) and its influencer's whole name, wrapped rather than cut short; opens the post.
 * In a narrow day of the month table the name runs under the picture and the time; in a wide
 * list (`wide`) beside them. Under them, a small mark per platform it goes to, coloured by its
 * state there (a failed one red). A post held by approval is amber and says so, and never reads
 * as scheduled or published; a post another member made names them, in the wide list.
 */
export function PostChip({
  post,
  timeZone,
  onOpen,
  wide = false,
  className,
}: {
  post: TPost;
  timeZone: string;
  onOpen: (post: TPost) => void;
  wide?: boolean;
  className?: string;
}) {
  const locked = post.priceCents > 0;
  const first = post.items[0];
  const approval = pendingApproval(post);
  const { user } = useAuth();
  const maker = otherMaker(post, user?.id);
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      className={cn(
        'grid w-full min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-1.5 gap-y-1 rounded-md p-1 text-left text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-400',
        post.removedByMuse
          ? 'bg-red-500/10 text-zinc-300 ring-1 ring-red-400/30 ring-inset hover:bg-red-500/15'
          : approval === 'waiting'
            ? 'bg-amber-500/10 text-white ring-1 ring-amber-400/35 ring-inset hover:bg-amber-500/15'
            : approval === 'returned'
              ? 'bg-orange-500/10 text-white ring-1 ring-orange-400/40 ring-inset hover:bg-orange-500/15'
              : post.status === 'scheduled'
                ? 'bg-brand-500/15 text-white ring-1 ring-brand-400/30 ring-inset hover:bg-brand-500/25'
                : 'bg-ink-800 text-zinc-200 hover:bg-ink-700',
        className,
      )}
    >
      <span
        className={cn(
          'shrink-0 overflow-hidden rounded bg-ink-950',
          wide ? 'row-span-2 size-11' : 'size-7',
        )}
      >
        {first ? (
          <img
            src={first.thumbnailUrl ?? first.blurredUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </span>
      <span className="flex min-w-0 items-center gap-1">
        <time dateTime={post.publishAt} className="tabular-nums">
          {formatTime(post.publishAt, timeZone)}
        </time>
        {locked ? <Lock aria-hidden="true" className="size-3 shrink-0 text-brand-300" /> : null}
      </span>
      <span
        className={cn(
          'min-w-0 font-normal break-words text-zinc-300',
          wide ? 'col-start-2' : 'col-span-2',
        )}
      >
        {post.influencerName}
        {wide && maker ? (
          <span className="font-normal text-zinc-400"> · {APPROVAL_TEXTS.madeBy(maker)}</span>
        ) : null}
        {post.removedByMuse ? (
          <span className="block font-semibold text-red-300">{PUBLISHING_TEXTS.removedByMuse}</span>
        ) : approval ? (
          <span
            className={cn(
              'block font-semibold',
              approval === 'waiting' ? 'text-amber-300' : 'text-orange-300',
            )}
          >
            {APPROVAL_TEXTS[approval]}
          </span>
        ) : null}
      </span>
      <span className="sr-only">
        {post.removedByMuse
          ? ', removed'
          : // The visible 'Waiting for approval' or 'Sent back' says where it stands.
            approval
            ? ''
            : post.status === 'scheduled'
              ? ', scheduled'
              : ', published'}
        {locked ? `, pay-per-view ${formatMoney(post.priceCents)}` : ', free'}
        {maker && !wide ? `, ${APPROVAL_TEXTS.madeBy(maker)}` : ''}
      </span>
      {post.targets.length ? (
        <span className={cn('flex min-w-0 flex-wrap gap-0.5', wide ? 'col-start-2' : 'col-span-2')}>
          {post.targets.map((target) => (
            <span
              key={target.platform}
              role="img"
              aria-label={targetMarkLabel(target)}
              title={targetMarkLabel(target)}
              className={cn(
                'inline-grid h-4 min-w-4 place-items-center rounded border px-0.5 text-[9px] leading-none font-bold',
                TARGET_STATE_LOOKS[target.state],
              )}
            >
              <span aria-hidden="true">{PLATFORM_INITIALS[target.platform]}</span>
            </span>
          ))}
        </span>
      ) : null}
    </button>
  );
}
