import { formatCents, PUBLIC_PAGE_TEXTS, type TPublicPost } from '@muse/shared';
import { clsx } from 'clsx';
import { CircleCheck, Lock, UserRound } from 'lucide-react';
import { FAN_TEXTS } from '../../../lib/fan-texts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * What a post is to the viewer, in a small badge: their own ('Your post', with its price when
 * it is pay-per-view), bought ('Unlocked'), free, or locked with its price. Classes are joined
 * with clsx (no tailwind-merge on the page's first visit): `className` may only add.
 */
export function PostStatus({ post, className }: { post: TPublicPost; className?: string }) {
  if (post.own) {
    return (
      <span className={clsx(badge, 'bg-accent-500/15 text-accent-400', className)}>
        <UserRound aria-hidden="true" className="size-3.5" />
        {FAN_TEXTS.yourPost}
        {post.priceCents > 0 ? ` · ${formatCents(post.priceCents)}` : null}
      </span>
    );
  }
  if (post.purchased) {
    return (
      <span className={clsx(badge, 'bg-emerald-500/15 text-emerald-300', className)}>
        <CircleCheck aria-hidden="true" className="size-3.5" />
        {FAN_TEXTS.unlocked}
      </span>
    );
  }
  if (post.locked) {
    return (
      <span className={clsx(badge, 'bg-ink-700 text-zinc-100', className)}>
        <Lock aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{PUBLIC_PAGE_TEXTS.locked}: </span>
        {formatCents(post.priceCents)}
      </span>
    );
  }
  return (
    <span className={clsx(badge, 'bg-ink-800 text-zinc-300', className)}>{FAN_TEXTS.free}</span>
  );
}
