/**
 * Publishing and pay-per-view (docs/product/publishing.md): an influencer's public page at
 * `/i/<handle>`, posts made from the gallery (free or pay-per-view), the content calendar that
 * publishes scheduled posts, fans' purchases, and the creator's earnings and payouts.
 */
import { z } from 'zod';
import { PPV_PRICE_CENTS } from '../plans';
import { publicPagePath } from '../public-page-path';
import { formatCents, PUBLIC_PAGE_TEXTS } from './public-page-texts';
import { safeText } from './input';
import { PUBLISH_PLATFORMS } from '../platforms/rules';
import { ZPostTargetRequest, ZPostTarget } from './platforms';

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
/** Lower-case letters, digits and single dots or underscores between them. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:[._][a-z0-9]+)*$/;

/**
 * Handles no creator may take: Muse's own names and words a visitor could mistake for Muse
 * speaking.
 */
export const RESERVED_HANDLES = [
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'billing',
  'blog',
  'checkout',
  'contact',
  'dashboard',
  'help',
  'login',
  'logout',
  'marketplace',
  'me',
  'muse',
  'muse.ai',
  'museapp',
  'null',
  'official',
  'privacy',
  'register',
  'root',
  'security',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'team',
  'terms',
  'undefined',
  'www',
] as const;

/** Pay-per-view prices, in cents: the default is $50 (docs/product/publishing.md). */
export const PPV_PRICE = { min: 100, max: 50_000, default: PPV_PRICE_CENTS } as const;
/** The smallest payout a creator may request, in cents. */
export const PAYOUT_MIN_CENTS = 1000;
/**
 * Days a sale's share stays pending before it can be paid out, so that a refund asked for soon
 * after the purchase is taken from money still held (docs/decisions/0038-refunds-disputes-and-held-earnings.md).
 */
export const EARNINGS_HOLD_DAYS = 7;
export const POST_MAX_ITEMS = 10;
/** The most posts of a day a month's answer may be asked for (`perDay`). */
export const MONTH_POSTS_PER_DAY_MAX = 20;
export const CAPTION_MAX = 2200;
export const BIO_MAX = 500;

export const PUBLISHING_TEXTS = {
  aiLabel: PUBLIC_PAGE_TEXTS.aiLabel,
  aiDisclosure: PUBLIC_PAGE_TEXTS.aiDisclosure,
  handleRequired: 'Choose a handle',
  handleInvalid: `A handle is ${HANDLE_MIN} to ${HANDLE_MAX} lower-case letters, digits, dots or underscores, and starts and ends with a letter or digit`,
  handleReserved: 'This handle is reserved. Choose another one.',
  handleTaken: 'This handle is taken. Choose another one.',
  /** 409 `HANDLE_KEPT`: another account released it less than 30 days ago. */
  handleKept:
    'This handle was in use until recently and is kept for its owner for 30 days. Choose another one.',
  bioTooLong: `Keep the bio under ${BIO_MAX} characters`,
  pageNotFound: PUBLIC_PAGE_TEXTS.pageNotFound,
  pagePublished: 'Your page is live',
  pageSaved: 'Page settings saved',
  pageUnpublished: 'Your page is hidden',
  captionTooLong: `Keep the caption under ${CAPTION_MAX} characters`,
  itemsRequired: 'Choose at least one image or video from your gallery',
  tooManyItems: `A post holds at most ${POST_MAX_ITEMS} images or videos`,
  itemNotFound: 'One of the chosen images or videos is no longer in your gallery',
  itemOfOtherInfluencer: "Choose images and videos of this post's influencer",
  priceInvalid: `Set a price from ${formatCents(PPV_PRICE.min)} to ${formatCents(PPV_PRICE.max)}, or make the post free`,
  publishAtPast: 'Choose a time in the future to schedule the post',
  publishAtTooFar: 'Schedule posts at most a year ahead',
  timeZoneInvalid: 'Choose a valid time zone',
  notPublished: 'Publish the page of this influencer first',
  ppvOnPage: 'A pay-per-view post is sold on the Muse page: keep it there',
  noDestination: 'Choose where the post goes: the Muse page or a connected platform',
  postNotFound: PUBLIC_PAGE_TEXTS.postNotFound,
  /** An editor's post where the workspace asks for approval (docs/product/teams.md). */
  postSubmitted: 'Post sent for approval',
  postApproved: 'Post approved',
  postReturned: 'Post sent back',
  notWaiting: 'This post is not waiting for approval',
  postPublished: 'Post published',
  postScheduled: 'Post scheduled',
  postUpdated: 'Post updated',
  postDeleted: 'Post deleted',
  postHasBuyers: 'Fans have bought this post, so it stays on the page',
  alreadyPublished: 'This post is already published; only its caption can change',
  scheduledLimit: 'You have reached the maximum number of scheduled posts on your current plan',
  ownPost: 'You cannot buy your own post',
  alreadyBought: 'You already own this post',
  freePost: 'This post is free',
  locked: PUBLIC_PAGE_TEXTS.locked,
  purchasesEmpty: 'No purchases yet',
  payoutTooSmall: `Payouts start at ${formatCents(PAYOUT_MIN_CENTS)}`,
  payoutTooLarge: 'You cannot pay out more than your available balance',
  payoutAccountNeeded: 'Connect a payout account first',
  payoutRequested: 'Payout sent',
  payoutFailed: 'The payout could not be sent. Your balance is unchanged.',
  /** A post an operator hid after a report (docs/product/reports-and-takedown.md). */
  removedByMuse: 'Removed by Muse',
  /** 409 `POST_REMOVED`. */
  postRemoved: 'Muse removed this post after a report. It cannot be changed or shown again.',
  /** 403 `PAGE_HIDDEN`. */
  pageHidden:
    'Muse hid this page after a report. It cannot be published again; write to support if you think this is a mistake.',
} as const;

export const ZHandle = safeText({ error: PUBLISHING_TEXTS.handleRequired })
  .trim()
  .toLowerCase()
  .min(1, PUBLISHING_TEXTS.handleRequired)
  .min(HANDLE_MIN, PUBLISHING_TEXTS.handleInvalid)
  .max(HANDLE_MAX, PUBLISHING_TEXTS.handleInvalid)
  .regex(HANDLE_PATTERN, PUBLISHING_TEXTS.handleInvalid)
  .refine((handle) => !(RESERVED_HANDLES as readonly string[]).includes(handle), {
    message: PUBLISHING_TEXTS.handleReserved,
  });

/**
 * The line a pay-per-view post's caption ends with on a platform: where to unlock it on Muse.
 * Counted in the caption's length by the platform's rules (before the post exists, with any id:
 * every id has the same length).
 */
export function platformUnlockLine(publicUrl: string, handle: string, postId?: string): string {
  return `\n\nUnlock it on Muse: ${publicUrl}${publicPagePath(handle, postId ?? '00000000-0000-4000-8000-000000000000')}`;
}

// The creator's side: the page of an influencer.

/** PUT /api/influencers/:id/page */
export const ZPageSettingsRequest = z.object({
  handle: ZHandle,
  bio: safeText().trim().max(BIO_MAX, PUBLISHING_TEXTS.bioTooLong).default(''),
  published: z.boolean(),
});
export type TPageSettingsRequest = z.infer<typeof ZPageSettingsRequest>;
export type TPageSettingsInput = z.input<typeof ZPageSettingsRequest>;

export const ZPageSettings = z.object({
  influencerId: z.string(),
  handle: z.string(),
  bio: z.string(),
  published: z.boolean(),
  /** Hidden by Muse after a report: not shown, and not to be published again. */
  hiddenByMuse: z.boolean(),
  /** The page's path, `/i/<handle>`. */
  path: z.string(),
});
export type TPageSettings = z.infer<typeof ZPageSettings>;

/** GET and PUT /api/influencers/:id/page; `page` is null before a handle was chosen. */
export const ZPageSettingsResponse = z.object({
  success: z.literal(true),
  page: ZPageSettings.nullable(),
});

/** GET /api/pages: the pages of the account's influencers that have one, oldest first. */
export const ZPagesResponse = z.object({
  success: z.literal(true),
  pages: z.array(ZPageSettings),
});
export type TPagesResponse = z.infer<typeof ZPagesResponse>;

// Posts.

export const POST_STATUSES = ['scheduled', 'published'] as const;
export type TPostStatus = (typeof POST_STATUSES)[number];

/** Where a post an editor made stands, in a workspace where approval is on. */
export const POST_APPROVALS = ['waiting', 'approved', 'returned'] as const;
export type TPostApproval = (typeof POST_APPROVALS)[number];

/** A price: 0 for a free post, else a pay-per-view price in cents within `PPV_PRICE`. */
export const ZPriceCents = z
  .number({ error: PUBLISHING_TEXTS.priceInvalid })
  .int(PUBLISHING_TEXTS.priceInvalid)
  .refine((cents) => cents === 0 || (cents >= PPV_PRICE.min && cents <= PPV_PRICE.max), {
    message: PUBLISHING_TEXTS.priceInvalid,
  });

/** An IANA time zone the runtime knows ('Europe/Berlin'). */
export const ZTimeZone = safeText({ error: PUBLISHING_TEXTS.timeZoneInvalid })
  .min(1, PUBLISHING_TEXTS.timeZoneInvalid)
  .max(64, PUBLISHING_TEXTS.timeZoneInvalid)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: PUBLISHING_TEXTS.timeZoneInvalid },
  );

/** POST /api/posts: published at once (`publishAt` null) or scheduled for a future time. */
export const ZCreatePostRequest = z.object({
  influencerId: z.uuid({ error: 'Choose an influencer' }),
  caption: safeText().trim().max(CAPTION_MAX, PUBLISHING_TEXTS.captionTooLong).default(''),
  /** Gallery item ids, in the order shown. */
  itemIds: z
    .array(z.uuid({ error: PUBLISHING_TEXTS.itemNotFound }), {
      error: PUBLISHING_TEXTS.itemsRequired,
    })
    .min(1, PUBLISHING_TEXTS.itemsRequired)
    .max(POST_MAX_ITEMS, PUBLISHING_TEXTS.tooManyItems),
  priceCents: ZPriceCents,
  /** ISO 8601 with an offset or Z; null publishes now. */
  publishAt: z.iso.datetime({ offset: true, error: PUBLISHING_TEXTS.publishAtPast }).nullable(),
  /** The creator's time zone: the calendar's months (and its quota) are counted in it. */
  timeZone: ZTimeZone,
  /** Whether it goes on the influencer's Muse page (default yes). */
  onPage: z.boolean().default(true),
  /** The connected platforms it goes to as well, each once (docs/product/platform-publishing.md). */
  targets: z
    .array(ZPostTargetRequest)
    .max(PUBLISH_PLATFORMS.length)
    .refine(
      (targets) => new Set(targets.map((target) => target.platform)).size === targets.length,
      {
        message: 'Choose each platform once',
      },
    )
    .default([]),
});
export type TCreatePostRequest = z.input<typeof ZCreatePostRequest>;

/** PATCH /api/posts/:id: a scheduled post changes anything but its items; a published one, its caption. */
export const ZUpdatePostRequest = z.object({
  caption: safeText().trim().max(CAPTION_MAX, PUBLISHING_TEXTS.captionTooLong).optional(),
  priceCents: ZPriceCents.optional(),
  publishAt: z.iso.datetime({ offset: true, error: PUBLISHING_TEXTS.publishAtPast }).optional(),
  timeZone: ZTimeZone.optional(),
});
export type TUpdatePostRequest = z.infer<typeof ZUpdatePostRequest>;

/** One image or video of a post, as its creator (or a fan who may see it) receives it. */
export const ZPostItem = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  width: z.number(),
  height: z.number(),
  /** A video's length in seconds; null for an image. */
  durationSeconds: z.number().nullable(),
  contentType: z.string(),
  /** Made by the offline engine's classic image processing: shown labelled 'Offline preview'. */
  preview: z.boolean(),
  /** Whether the file carries C2PA Content Credentials (its gallery item was signed). */
  credentials: z.boolean(),
  /**
   * Signed URL of the blurred preview the server made (what a fan sees before buying). Always
   * present.
   */
  blurredUrl: z.string(),
  /** Signed URL of a sharp preview (a video's poster frame); null while the post is locked. */
  thumbnailUrl: z.string().nullable(),
  /** Signed URL of the original; null while the post is locked for the viewer. */
  url: z.string().nullable(),
});
export type TPostItem = z.infer<typeof ZPostItem>;

/** A post on the creator's side (the calendar, the list). */
export const ZPost = z.object({
  id: z.string(),
  influencerId: z.string(),
  influencerName: z.string(),
  /** The public page's handle, null while the influencer has none. */
  handle: z.string().nullable(),
  caption: z.string(),
  priceCents: z.number(),
  status: z.enum(POST_STATUSES),
  /** When it goes out (scheduled) or went out (published), ISO 8601. */
  publishAt: z.string(),
  /** Whether it was put on the calendar (counts towards the month's scheduled posts). */
  scheduled: z.boolean(),
  timeZone: z.string(),
  items: z.array(ZPostItem),
  sales: z.number(),
  /** Whether it is (or goes) on the influencer's Muse page. */
  onPage: z.boolean(),
  /** Its copies on the platforms, in PUBLISH_PLATFORMS order. */
  targets: z.array(ZPostTarget),
  /** Hidden by Muse after a report: off the page and the platforms for good ('Removed by Muse'). */
  removedByMuse: z.boolean(),
  /** The member who made it, when it was one (docs/product/teams.md). */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * Where approval is on and an editor made it: 'waiting' for an owner, admin or viewer, then
   * 'approved' or 'returned' with their note; null for a post that needed none.
   */
  approval: z
    .object({
      status: z.enum(POST_APPROVALS),
      note: z.string().nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TPost = z.infer<typeof ZPost>;

/** POST /api/posts/{id}/return: the approver's note to the post's maker. */
export const ZReturnPostRequest = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Say what to change')
    .max(1000, 'A note is at most 1,000 characters'),
});

/** GET /api/approvals: the open workspace's posts waiting for approval, soonest first. */
export const ZApprovalsResponse = z.object({ success: z.literal(true), posts: z.array(ZPost) });
export type TApprovalsResponse = z.infer<typeof ZApprovalsResponse>;

export const ZPostResponse = z.object({ success: z.literal(true), post: ZPost });

/**
 * GET /api/posts?from=&to=&timeZone= : the account's posts going out between two instants
 * (the calendar's month, or the list), oldest first, and the month's scheduled-post quota.
 */
export const ZPostsQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  influencerId: z.uuid().optional(),
  /** The month whose quota is reported, `YYYY-MM` in `timeZone` (default: this month). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  timeZone: ZTimeZone.optional(),
  /**
   * At most this many posts of each day (in `timeZone`), earliest first, with every day's total
   * in `dayCounts`: the month table shows a few per day and loads a busy day on demand.
   */
  perDay: z.coerce.number().int().min(1).max(MONTH_POSTS_PER_DAY_MAX).optional(),
});
export type TPostsQuery = z.infer<typeof ZPostsQuery>;

export const ZScheduleQuota = z.object({
  month: z.string(),
  used: z.number(),
  limit: z.number(),
});
export type TScheduleQuota = z.infer<typeof ZScheduleQuota>;

export const ZPostsResponse = z.object({
  success: z.literal(true),
  posts: z.array(ZPost),
  quota: ZScheduleQuota,
  /** With `perDay`: each day's number of posts in the range ('YYYY-MM-DD' in `timeZone`). */
  dayCounts: z.record(z.string(), z.number()).optional(),
});
export type TPostsResponse = z.infer<typeof ZPostsResponse>;

// The public side.

/** A post as a visitor sees it: locked pay-per-view posts carry only blurred previews. */
export const ZPublicPost = z.object({
  id: z.string(),
  caption: z.string(),
  priceCents: z.number(),
  publishedAt: z.string(),
  /** Always true: every post on Muse is AI-generated, and says so. */
  aiGenerated: z.literal(true),
  /** Whether the viewer may not see the originals (a pay-per-view post they have not bought). */
  locked: z.boolean(),
  /** Whether the viewer bought it. */
  purchased: z.boolean(),
  /** Whether the viewer is the creator. */
  own: z.boolean(),
  items: z.array(ZPostItem),
});
export type TPublicPost = z.infer<typeof ZPublicPost>;

export const ZPublicPage = z.object({
  handle: z.string(),
  name: z.string(),
  /** The niche's label, as a visitor reads it ('Fashion'). */
  niche: z.string(),
  bio: z.string(),
  /** Unsigned, cacheable: `/api/public/pages/<handle>/picture` (null without a picture). */
  pictureUrl: z.string().nullable(),
  postCount: z.number(),
});
export type TPublicPage = z.infer<typeof ZPublicPage>;

/** GET /api/public/pages/:handle (a bearer token, when sent, tells which posts are unlocked). */
export const ZPublicPageResponse = z.object({
  success: z.literal(true),
  page: ZPublicPage,
  posts: z.array(ZPublicPost),
});
export type TPublicPageResponse = z.infer<typeof ZPublicPageResponse>;

/**
 * GET /api/public/pages/:handle/unlocked (signed in): of the posts the page shows, the ones the
 * viewer sees otherwise than a visitor does, their own and the ones they bought, shaped for them.
 * The page itself is the same for everyone and is answered, and rendered, once per change; this
 * small answer is all a signed-in fan asks for besides (docs/product/public-site.md).
 */
export const ZPublicPageUnlockedResponse = z.object({
  success: z.literal(true),
  posts: z.array(ZPublicPost),
});
export type TPublicPageUnlockedResponse = z.infer<typeof ZPublicPageUnlockedResponse>;

/** GET /api/public/pages/:handle/posts/:id */
export const ZPublicPostResponse = z.object({
  success: z.literal(true),
  page: ZPublicPage,
  post: ZPublicPost,
});
export type TPublicPostResponse = z.infer<typeof ZPublicPostResponse>;

// Buying.

/** POST /api/posts/:id/checkout → the Stripe Checkout (or TEST MODE checkout) URL. */
export const ZPostCheckoutResponse = z.object({ success: z.literal(true), url: z.string() });

/** GET /api/purchases: what the fan bought, newest first, unlocked. */
export const ZPurchase = z.object({
  id: z.string(),
  amountCents: z.number(),
  purchasedAt: z.string(),
  page: ZPublicPage,
  post: ZPublicPost,
});
export type TPurchase = z.infer<typeof ZPurchase>;
export const ZPurchasesResponse = z.object({
  success: z.literal(true),
  purchases: z.array(ZPurchase),
});
export type TPurchasesResponse = z.infer<typeof ZPurchasesResponse>;

// Earnings.

export const ZEarningsLine = z.object({
  /** A post's or an influencer's id. */
  id: z.string(),
  /** The post's caption (or its first words) or the influencer's name. */
  label: z.string(),
  sales: z.number(),
  grossCents: z.number(),
  feeCents: z.number(),
  netCents: z.number(),
});
export type TEarningsLine = z.infer<typeof ZEarningsLine>;

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const ZPayout = z.object({
  id: z.string(),
  amountCents: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  /** 'stripe' (a transfer to the connected account) or 'test' (TEST MODE, recorded only). */
  provider: z.enum(['stripe', 'test']),
  createdAt: z.string(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayoutAccount = z.object({
  /** TEST MODE needs no account; with Stripe, a connected account that can receive transfers. */
  testMode: z.boolean(),
  connected: z.boolean(),
  ready: z.boolean(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/** Where a sale's share is: waiting out its hold, or held while a dispute is open. */
export const PENDING_SALE_STATUSES = ['pending', 'disputed'] as const;
export const ZPendingSale = z.object({
  /** The purchase's id. */
  id: z.string(),
  /** The post's caption (or its first words). */
  label: z.string(),
  netCents: z.number(),
  status: z.enum(PENDING_SALE_STATUSES),
  /** When the share becomes available (a disputed one: once the dispute is won, from then). */
  availableAt: z.string(),
});
export type TPendingSale = z.infer<typeof ZPendingSale>;

/** GET /api/earnings */
export const ZEarnings = z.object({
  feePercent: z.number(),
  sales: z.number(),
  grossCents: z.number(),
  feeCents: z.number(),
  netCents: z.number(),
  paidOutCents: z.number(),
  /** What may be paid out now: net sales whose hold ended, minus payouts sent or on their way. */
  availableCents: z.number(),
  /** The creator's share of sales taken back by refunds and lost disputes. */
  refundedCents: z.number(),
  /** Shares of sales still in their hold period. */
  pendingCents: z.number(),
  /** Shares of sales held while a fan's dispute is open. */
  heldCents: z.number(),
  /** Refunds and lost disputes of money already paid out: taken from the next earnings. */
  owedCents: z.number(),
  holdDays: z.number(),
  /** Sales not available yet, the soonest first. */
  pending: z.array(ZPendingSale),
  byPost: z.array(ZEarningsLine),
  byInfluencer: z.array(ZEarningsLine),
  payouts: z.array(ZPayout),
  payoutAccount: ZPayoutAccount,
});
export type TEarnings = z.infer<typeof ZEarnings>;
export const ZEarningsResponse = z.object({ success: z.literal(true), earnings: ZEarnings });
export type TEarningsResponse = z.infer<typeof ZEarningsResponse>;

/** POST /api/earnings/payouts: the whole available balance when no amount is given. */
export const ZPayoutRequest = z.object({
  amountCents: z.number().int().positive().optional(),
});
/** POST /api/earnings/payout-account → Stripe Connect onboarding's URL. */
export const ZPayoutAccountLinkResponse = z.object({ success: z.literal(true), url: z.string() });
