import {
  PLATFORM_RULES,
  PLATFORM_TEXTS,
  type TPost,
  type TPostTarget,
  type TPublishPlatform,
} from '@muse/shared';

/** How long ahead a scheduled platform post makes the calendar watch it go out. */
export const WATCH_AHEAD_MS = 5 * 60 * 1000;
/** How often the calendar reads its posts again while one is going out. */
export const WATCH_INTERVAL_MS = 5000;

/** The platform's mark where there is no room for its name (a calendar chip). */
export const PLATFORM_INITIALS: Record<TPublishPlatform, string> = {
  instagram: 'IG',
  tiktok: 'TT',
  youtube: 'YT',
  x: 'X',
};

/** A target's state as the creator reads it. */
export const TARGET_STATE_LABELS: Record<TPostTarget['state'], string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
};

/** The colours of a target's state: its badge in the post, its mark on the calendar. */
export const TARGET_STATE_LOOKS: Record<TPostTarget['state'], string> = {
  scheduled: 'border-brand-400/40 bg-brand-500/15 text-pink-200',
  publishing: 'border-amber-400/40 bg-amber-500/15 text-amber-200',
  published: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200',
  failed: 'border-red-400/50 bg-red-500/20 text-red-200',
};

/**
 * Whether a target is about to change on its own: being sent now, or due to go out within the
 * next minutes (its post's time, or the platform's limit it waits for).
 */
export function isTargetUnderWay(target: TPostTarget, publishAt: string, now: number): boolean {
  if (target.state === 'publishing') return true;
  if (target.state !== 'scheduled') return false;
  const due = Date.parse(target.waitUntil ?? publishAt);
  return Number.isFinite(due) && due <= now + WATCH_AHEAD_MS;
}

/**
 * Whether any of the posts has a target going out now or within the next minutes. A post held by
 * approval (waiting, or sent back) goes nowhere until it is approved, whatever its time says.
 */
export function hasTargetsUnderWay(posts: readonly TPost[], now: number): boolean {
  return posts.some(
    (post) =>
      post.approval?.status !== 'waiting' &&
      post.approval?.status !== 'returned' &&
      post.targets.some((target) => isTargetUnderWay(target, post.publishAt, now)),
  );
}

/** Whether the post is out on a platform, so there are counts to read. */
export function hasPublishedTarget(post: TPost): boolean {
  return post.targets.some((target) => target.state === 'published' && !target.removal);
}

/** The platform as its account is spoken of ('YouTube', not 'YouTube Shorts'). */
export const accountPlatformName = (platform: TPublishPlatform) =>
  PLATFORM_RULES[platform].name.replace(' Shorts', '');

/**
 * A copy Muse took down: 'Removed' once deleted from the platform; otherwise the creator deletes
 * it there ('Delete it on Instagram'), at its link. Null while the copy stands.
 */
export function removalLabel(target: TPostTarget): string | null {
  if (!target.removal) return null;
  return target.removal.state === 'removed'
    ? PLATFORM_TEXTS.removed
    : PLATFORM_TEXTS.deleteOn(accountPlatformName(target.platform));
}

/** Failures 'Try again' cannot help: Muse took the post down, or the account is suspended. */
export const FINAL_FAILURES: readonly string[] = ['POST_TAKEN_DOWN', 'ACCOUNT_SUSPENDED'];
