import type { TGalleryKind, TPostApproval, TPostStatus } from '@muse/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { galleryItems } from './gallery';
import { workspaces } from './teams';
import { users } from './users';
import { influencers } from './workspace';

/**
 * An influencer's public page, `/i/<handle>` (docs/product/publishing.md). The handle is kept
 * when the page is hidden (`publishedAt` null), so a link shared earlier comes back with it.
 */
export const influencerPages = pgTable(
  'influencer_pages',
  {
    influencerId: uuid('influencer_id')
      .primaryKey()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-case, unique across Muse. */
    handle: text('handle').notNull(),
    bio: text('bio').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Hidden by an operator (a report): not shown, and its creator cannot publish it again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('influencer_pages_handle_key').on(table.handle),
    index('influencer_pages_user_idx').on(table.workspaceId),
  ],
);

/**
 * A handle a page let go of (renamed, or the page, its influencer or its account deleted), kept
 * for the account that held it until `keptUntil`, 30 days on: meanwhile nobody else can take it,
 * and `/i/<handle>` leads to the page's new handle (docs/product/publishing.md). Written only by
 * the trigger on `influencer_pages` (migration 0014), which also refuses another account the
 * handle and removes the row when its owner takes the handle back. No foreign keys: the row
 * outlives the page, the influencer and the account.
 */
export const releasedHandles = pgTable('released_handles', {
  /** Lower-case, as on the page. */
  handle: text('handle').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  influencerId: uuid('influencer_id').notNull(),
  keptUntil: timestamp('kept_until', { withTimezone: true }).notNull(),
});

/**
 * A post: a caption and one or more pictures or videos, free (`priceCents` 0) or pay-per-view.
 * A post outlives its influencer (fans keep what they bought), so it keeps the influencer's name.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who made it (null once they are gone). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A post an editor made where approval is on: 'waiting' until an owner, admin or viewer
     * approves it ('approved') or sends it back ('returned', with `approvalNote`); null for a
     * post that needs none. Neither the page nor the platforms get it before it is approved.
     */
    approval: text('approval').$type<TPostApproval>(),
    approvalNote: text('approval_note'),
    approvalBy: uuid('approval_by').references(() => users.id, { onDelete: 'set null' }),
    approvalAt: timestamp('approval_at', { withTimezone: true }),
    influencerId: uuid('influencer_id').references(() => influencers.id, {
      onDelete: 'set null',
    }),
    influencerName: text('influencer_name').notNull(),
    caption: text('caption').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    status: text('status').$type<TPostStatus>().notNull(),
    /** When it goes out (scheduled) or went out (published). */
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    /** Put on the calendar for a later time: counts towards the month's scheduled posts. */
    scheduled: boolean('scheduled').notNull(),
    /** The creator's IANA time zone when it was scheduled; months are counted in it. */
    timeZone: text('time_zone').notNull(),
    /**
     * Shown on the influencer's Muse page. A post may go only to connected platforms
     * (post_targets); such a post is never on the page, whatever its status.
     */
    onPage: boolean('on_page').notNull().default(true),
    /** Hidden by an operator (a report): off the page and the platforms, for good. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'posts_price_cents_range',
      sql`${table.priceCents} = 0 or ${table.priceCents} between 100 and 50000`,
    ),
    check('posts_status_known', sql`${table.status} in ('scheduled', 'published')`),
    check(
      'posts_approval_known',
      sql`${table.approval} is null or ${table.approval} in ('waiting', 'approved', 'returned')`,
    ),
    // The approval queue: a workspace's posts waiting.
    index('posts_workspace_waiting_idx')
      .on(table.workspaceId, table.publishAt)
      .where(sql`${table.approval} = 'waiting'`),
    index('posts_influencer_status_publish_idx').on(
      table.influencerId,
      table.status,
      table.publishAt,
    ),
    index('posts_user_publish_idx').on(table.workspaceId, table.publishAt),
  ],
);

/**
 * One picture or video of a post: its own copies of the files (a gallery item deleted later
 * leaves the post whole) and a blurred preview made on the server, the only file a visitor who
 * has not bought the post is ever sent.
 */
export const postItems = pgTable(
  'post_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    galleryItemId: uuid('gallery_item_id').references(() => galleryItems.id, {
      onDelete: 'set null',
    }),
    kind: text('kind').$type<TGalleryKind>().notNull(),
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    blurredKey: text('blurred_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms'),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    /** Made by the offline engine: labelled 'Offline preview' wherever it is shown. */
    preview: boolean('preview').notNull().default(false),
    /** The file carries Content Credentials (its gallery item was signed). */
    hasCredentials: boolean('has_credentials').notNull().default(false),
  },
  (table) => [uniqueIndex('post_items_post_position_key').on(table.postId, table.position)],
);

/**
 * Where a purchase and its sale's share stand: `pending` until `availableAt` (the hold period),
 * then `available`; `disputed` while a dispute holds it; `refunded` (in full) and `lost` (a lost
 * dispute) revoke the purchase (docs/decisions/0038-refunds-disputes-and-held-earnings.md).
 */
export type TPurchaseStatus = 'pending' | 'available' | 'disputed' | 'refunded' | 'lost';

/**
 * A fan's purchase of a pay-per-view post: at most one in force per post and fan (the unique
 * index is what makes repeated or simultaneous webhook deliveries book one sale; a revoked one
 * leaves room to buy again). A sale stays booked when the fan's account is deleted.
 */
export const postPurchases = pgTable(
  'post_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The workspace that sells the post and earns the sale. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    /** 'stripe' or 'test' (TEST MODE checkout). */
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    /** The checkout session it was paid through. */
    checkoutId: text('checkout_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** Sales booked before holds existed were available at once. */
    status: text('status').$type<TPurchaseStatus>().notNull().default('available'),
    /** When the sale's share leaves its hold and may be paid out. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('post_purchases_post_buyer_key')
      .on(table.postId, table.buyerId)
      .where(sql`${table.status} not in ('refunded', 'lost')`),
    uniqueIndex('post_purchases_checkout_key').on(table.checkoutId),
    index('post_purchases_buyer_created_idx').on(table.buyerId, table.createdAt),
    index('post_purchases_creator_created_idx').on(table.workspaceId, table.createdAt),
    index('post_purchases_creator_status_idx').on(
      table.workspaceId,
      table.status,
      table.availableAt,
    ),
    index('post_purchases_payment_intent_idx').on(table.paymentIntentId),
    check('post_purchases_net', sql`${table.netCents} = ${table.amountCents} - ${table.feeCents}`),
    check(
      'post_purchases_status_known',
      sql`${table.status} in ('pending', 'available', 'disputed', 'refunded', 'lost')`,
    ),
  ],
);

/** A payout of earnings to the creator: a Stripe transfer, or recorded only in TEST MODE. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull(),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    transferId: text('transfer_id'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payouts_amount_positive', sql`${table.amountCents} > 0`),
    index('payouts_user_created_idx').on(table.workspaceId, table.createdAt),
  ],
);

/** Why an earnings row was written. */
export type TEarningsKind =
  | 'sale'
  | 'release'
  | 'dispute'
  | 'dispute-won'
  | 'dispute-lost'
  | 'refund'
  | 'payout'
  | 'payout-reversal';

/**
 * The creator's earnings, append-only: each row says how it moved each part of the balance
 * (available, pending, held, owed), so every part is the sum of its column. A sale adds its net
 * to pending, its release moves it to available, a dispute holds it, a refund or lost dispute
 * takes it back, a payout takes its amount, a failed payout gives it back
 * (docs/decisions/0038-refunds-disputes-and-held-earnings.md). The sale of a purchase and
 * (`payoutId`, `kind`) happen once.
 */
export const earningsEntries = pgTable(
  'earnings_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TEarningsKind>().notNull(),
    /** The change of the available balance: what may be paid out. */
    amountCents: integer('amount_cents').notNull(),
    /** The change of sales' shares in their hold period. */
    pendingCents: integer('pending_cents').notNull().default(0),
    /** The change of shares held by open disputes. */
    heldCents: integer('held_cents').notNull().default(0),
    /** The change of what the creator owes: money taken back after it was paid out. */
    owedCents: integer('owed_cents').notNull().default(0),
    purchaseId: uuid('purchase_id').references(() => postPurchases.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('earnings_entries_purchase_key')
      .on(table.purchaseId)
      .where(sql`${table.kind} = 'sale'`),
    index('earnings_entries_purchase_idx').on(table.purchaseId),
    uniqueIndex('earnings_entries_payout_kind_key').on(table.payoutId, table.kind),
    index('earnings_entries_user_created_idx').on(table.workspaceId, table.createdAt),
  ],
);

/**
 * The running totals of `earnings_entries`, changed only with a row there; none is ever
 * negative. `availableCents` is what may be paid out.
 */
export const earningsBalances = pgTable(
  'earnings_balances',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    availableCents: integer('available_cents').notNull().default(0),
    pendingCents: integer('pending_cents').notNull().default(0),
    heldCents: integer('held_cents').notNull().default(0),
    owedCents: integer('owed_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('earnings_balances_not_negative', sql`${table.availableCents} >= 0`),
    check('earnings_balances_pending_not_negative', sql`${table.pendingCents} >= 0`),
    check('earnings_balances_held_not_negative', sql`${table.heldCents} >= 0`),
    check('earnings_balances_owed_not_negative', sql`${table.owedCents} >= 0`),
  ],
);

/** The creator's Stripe Connect account that payouts are sent to. */
export const payoutAccounts = pgTable('payout_accounts', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  /** Whether the account may receive transfers (its `transfers` capability is active). */
  transfersActive: boolean('transfers_active').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
