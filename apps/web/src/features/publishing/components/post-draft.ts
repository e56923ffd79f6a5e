import {
  checkForPlatform,
  PLATFORM_RULES,
  platformUnlockLine,
  PUBLISH_PLATFORMS,
  PUBLISHING_TEXTS,
  type TCreatePostRequest,
  type TGalleryItem,
  type TPlatformAccount,
  type TPlatformProblem,
  type TPostMedia,
  type TPostTargetRequest,
  type TPublishPlatform,
} from '@muse/shared';
import { ApiError } from '../../../lib/api';
import { centsOf } from '../publishing-format';
import { dayKey, isoInZone, zonedInstant, type TDayKey } from '../calendar-time';
import type { TPriceDraft } from './price-field';
import type { TScheduleDraft } from './schedule-inputs';

/** Scheduling reaches a year ahead (docs/product/publishing.md); the server has the last word. */
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The price the form's choice and dollar field stand for, in cents (NaN when unreadable). */
export function draftPriceCents(price: TPriceDraft): number {
  return price.mode === 'free' ? 0 : centsOf(price.dollars);
}

/** The first and the last day the date input offers. */
export function scheduleBounds(
  now: number,
  timeZone: string,
): { minDay: TDayKey; maxDay: TDayKey } {
  const minDay = dayKey(now, timeZone);
  return { minDay, maxDay: dayKey(now + YEAR_MS, timeZone) };
}

/**
 * The instant a date and time on the creator's clock stand for, as the API takes it (ISO with the
 * zone's offset), or what is wrong with it: not in the future, or more than a year ahead.
 */
export function checkPublishAt(
  schedule: TScheduleDraft,
  timeZone: string,
  now: number,
): { iso: string } | { error: string } {
  const instant = zonedInstant(schedule.day, schedule.time, timeZone);
  if (instant === null || instant <= now) return { error: PUBLISHING_TEXTS.publishAtPast };
  if (instant > now + YEAR_MS) return { error: PUBLISHING_TEXTS.publishAtTooFar };
  return { iso: isoInZone(instant, timeZone) };
}

/** The fields of the post form that show the server's text under them rather than in the banner. */
const FORM_FIELDS: readonly (keyof TCreatePostRequest)[] = [
  'caption',
  'itemIds',
  'priceCents',
  'publishAt',
  'influencerId',
  'onPage',
  'targets',
];

/** The form field a failed save is about, as the answer's `field` names it. */
export function postFieldOf(error: unknown): keyof TCreatePostRequest | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return FORM_FIELDS.find((field) => field === error.field);
}

/** The platform a failed save is about (`field: 'targets.x'`: its rules, its account). */
export function targetPlatformOf(error: unknown): TPublishPlatform | undefined {
  if (!(error instanceof ApiError) || !error.field?.startsWith('targets.')) return undefined;
  const named = error.field.slice('targets.'.length);
  return PUBLISH_PLATFORMS.find((platform) => platform === named);
}

// Where the post goes: the Muse page and the influencer's connected accounts.

/** What the composer holds for one platform, chosen or not. */
export type TTargetDraft = {
  chosen: boolean;
  /** Whether it goes out with `caption` instead of the post's. */
  ownCaption: boolean;
  caption: string;
  /** YouTube's title. */
  title: string;
  /** TikTok's privacy level ('' where the platform has none). */
  privacyLevel: string;
};

export type TTargetDrafts = Partial<Record<TPublishPlatform, TTargetDraft>>;

/** The privacy level a TikTok post takes unless the creator picks another (as the server does). */
export function defaultPrivacyLevel(account: TPlatformAccount): string {
  const levels = account.privacyLevels;
  return levels.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : (levels[0] ?? '');
}

/** A platform as first ticked: the post's caption, no title yet, the account's default privacy. */
export function newTargetDraft(account: TPlatformAccount): TTargetDraft {
  return {
    chosen: true,
    ownCaption: false,
    caption: '',
    title: '',
    privacyLevel: account.platform === 'tiktok' ? defaultPrivacyLevel(account) : '',
  };
}

/** The accounts a post may go to now: connected ones (an expired or revoked one is reconnected first). */
export function usableAccount(
  accounts: readonly TPlatformAccount[],
  platform: TPublishPlatform,
): TPlatformAccount | undefined {
  return accounts.find(
    (account) => account.platform === platform && account.status === 'connected',
  );
}

/** The platforms chosen, in the order offered, each with its connected account. */
export function chosenTargets(
  order: readonly TPublishPlatform[],
  drafts: TTargetDrafts,
  accounts: readonly TPlatformAccount[],
): { platform: TPublishPlatform; draft: TTargetDraft; account: TPlatformAccount }[] {
  return order.flatMap((platform) => {
    const draft = drafts[platform];
    const account = usableAccount(accounts, platform);
    return draft?.chosen && account ? [{ platform, draft, account }] : [];
  });
}

/** The gallery items' facts the platforms' rules read. */
export type TMediaFacts = Pick<
  TGalleryItem,
  'kind' | 'width' | 'height' | 'contentType' | 'durationSeconds'
>;

/**
 * The post's items as a platform receives them: themselves, or for a pay-per-view post their
 * blurred previews, JPEG pictures of the same size. The web does not know the files' sizes
 * (`bytes: 0`); the server checks those.
 */
export function platformMedia(items: readonly TMediaFacts[], ppv: boolean): TPostMedia[] {
  return items.map((item) =>
    ppv
      ? {
          kind: 'image',
          width: item.width,
          height: item.height,
          contentType: 'image/jpeg',
          bytes: 0,
        }
      : {
          kind: item.kind,
          width: item.width,
          height: item.height,
          contentType: item.contentType,
          bytes: 0,
          durationSeconds: item.durationSeconds,
        },
  );
}

/** The unlock line a PPV post's caption ends with on a platform, as the server adds it. */
export function unlockLine(origin: string, handle: string): string {
  return platformUnlockLine(origin, handle);
}

/**
 * 'Own caption' switched on or off. On, it starts from the post's caption, unless the creator
 * already wrote one of its own for this platform.
 */
export function withOwnCaption(
  draft: TTargetDraft,
  own: boolean,
  postCaption: string,
): TTargetDraft {
  return {
    ...draft,
    ownCaption: own,
    caption: own && !draft.caption ? postCaption : draft.caption,
  };
}

/** The caption a platform receives: its own or the post's, as the server trims it. */
export function targetCaption(draft: TTargetDraft, postCaption: string): string {
  return (draft.ownCaption ? draft.caption : postCaption).trim();
}

/** Characters as the platforms count them: code points, so an emoji is one. */
export function captionLength(text: string): number {
  return [...text].length;
}

/** What the post says and shows, as every platform's check reads it. */
export type TDraftContent = {
  caption: string;
  media: readonly TPostMedia[];
  /** Added to each platform's caption (a pay-per-view post's unlock link), else ''. */
  suffix: string;
};

/** What stands in the way of the post on one platform, live, as the server will check it. */
export function targetProblems(
  platform: TPublishPlatform,
  draft: TTargetDraft,
  account: TPlatformAccount,
  content: TDraftContent,
): TPlatformProblem[] {
  return checkForPlatform(
    platform,
    {
      caption: targetCaption(draft, content.caption) + content.suffix,
      title: platform === 'youtube' ? draft.title : null,
      media: content.media,
    },
    {
      maxCaptionLength: account.maxCaptionLength,
      ...(account.maxVideoSeconds ? { maxVideoSeconds: account.maxVideoSeconds } : {}),
    },
  );
}

/** The longest caption a platform takes from this account. */
export function captionLimit(platform: TPublishPlatform, account: TPlatformAccount | undefined) {
  return account?.maxCaptionLength ?? PLATFORM_RULES[platform].caption.maxLength;
}

/** The request's targets: a caption only where the creator wrote one, a title, a privacy level. */
export function targetRequests(chosen: ReturnType<typeof chosenTargets>): TPostTargetRequest[] {
  return chosen.map(({ platform, draft }) => ({
    platform,
    caption: draft.ownCaption ? draft.caption : null,
    title: platform === 'youtube' ? draft.title : null,
    privacyLevel: platform === 'tiktok' && draft.privacyLevel ? draft.privacyLevel : null,
  }));
}

/** Why the post has nowhere to go (neither its page nor a platform), or null. */
export function destinationProblem(onPage: boolean, chosenCount: number): string | null {
  return onPage || chosenCount > 0 ? null : PUBLISHING_TEXTS.noDestination;
}
