import type { TPublishPlatform } from '@muse/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts } from './publishing';
import { workspaces } from './teams';
import { influencers } from './workspace';

/** Where a connected account stands: usable, or to be connected again (and why). */
export type TPlatformAccountStatus = 'connected' | 'expired' | 'revoked';

/** The facts of an account its posts' rules depend on (modules/platforms/publisher.ts). */
export type TPlatformAccountDetails = {
  privacyLevels?: string[];
  maxVideoSeconds?: number;
  maxCaptionLength?: number;
};

/**
 * An influencer's account on a platform (docs/product/platform-publishing.md): at most one per
 * influencer and platform. Its tokens are sealed with the secret box (lib/secret-box.ts) and
 * never leave the server.
 */
export const platformAccounts = pgTable(
  'platform_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<TPublishPlatform>().notNull(),
    /** The platform's own id of the account. */
    remoteId: text('remote_id').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** The picture's address on the platform, as its API gave it. */
    pictureUrl: text('picture_url'),
    /**
     * Muse's own copy of the picture (96 px WebP), served from Muse: pages never load a
     * platform's images (docs/decisions/0005-content-security-policy.md).
     */
    pictureKey: text('picture_key'),
    profileUrl: text('profile_url').notNull(),
    details: jsonb('details').$type<TPlatformAccountDetails>().notNull().default({}),
    /** Sealed. */
    accessToken: text('access_token').notNull(),
    /** Sealed; null where the platform gives none. */
    refreshToken: text('refresh_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<TPlatformAccountStatus>().notNull().default('connected'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_accounts_influencer_platform_key').on(table.influencerId, table.platform),
    index('platform_accounts_user_idx').on(table.workspaceId),
    // Refreshing ahead of expiry looks for tokens about to run out.
    index('platform_accounts_expiry_idx').on(table.accessExpiresAt),
    check(
      'platform_accounts_platform_known',
      sql`${table.platform} in ('instagram', 'tiktok', 'youtube', 'x')`,
    ),
    check(
      'platform_accounts_status_known',
      sql`${table.status} in ('connected', 'expired', 'revoked')`,
    ),
  ],
);

/**
 * A connection being made: what the platform's callback must match (its state, bound to the
 * browser that started it; the PKCE verifier), for 10 minutes and once.
 */
export const platformFlows = pgTable('platform_flows', {
  state: text('state').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  influencerId: uuid('influencer_id')
    .notNull()
    .references(() => influencers.id, { onDelete: 'cascade' }),
  platform: text('platform').$type<TPublishPlatform>().notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Where a post stands on one platform. */
export type TPostTargetState = 'scheduled' | 'publishing' | 'published' | 'failed';

/**
 * A post's copy on one platform: its own caption (null: the post's), title and privacy, its
 * state, and the ids the platform gave at each step (`progress`), kept before the next step so a
 * retry never posts twice (docs/decisions/0051-platform-publishing.md).
 */
export const postTargets = pgTable(
  'post_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<TPublishPlatform>().notNull(),
    /** The account it goes to; null once that account is disconnected. */
    accountId: uuid('account_id').references(() => platformAccounts.id, { onDelete: 'set null' }),
    caption: text('caption'),
    title: text('title'),
    privacyLevel: text('privacy_level'),
    state: text('state').$type<TPostTargetState>().notNull().default('scheduled'),
    progress: jsonb('progress').$type<Record<string, unknown>>().notNull().default({}),
    remoteId: text('remote_id'),
    url: text('url'),
    /** Why it failed, in the creator's words, and a stable code. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** A limit holds it until then. */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    views: integer('views'),
    likes: integer('likes'),
    comments: integer('comments'),
    shares: integer('shares'),
    countsReadAt: timestamp('counts_read_at', { withTimezone: true }),
    /**
     * A published copy taken down after an operator hid the post: 'removed' from the platform,
     * 'unsupported' where its API cannot delete (the creator is asked to), or 'failed'.
     */
    removal: text('removal').$type<'removed' | 'unsupported' | 'failed'>(),
    removalMessage: text('removal_message'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('post_targets_post_platform_key').on(table.postId, table.platform),
    index('post_targets_user_idx').on(table.workspaceId),
    index('post_targets_account_idx').on(table.accountId),
    // The daily read of counts walks published targets by when they were last read.
    index('post_targets_counts_idx')
      .on(table.countsReadAt)
      .where(sql`${table.state} = 'published'`),
    check(
      'post_targets_state_known',
      sql`${table.state} in ('scheduled', 'publishing', 'published', 'failed')`,
    ),
    check(
      'post_targets_platform_known',
      sql`${table.platform} in ('instagram', 'tiktok', 'youtube', 'x')`,
    ),
  ],
);
