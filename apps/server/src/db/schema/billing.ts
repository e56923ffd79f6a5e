import type {
  TBillingPeriod,
  TLedgerCurrency,
  TLedgerKind,
  TPlanKey,
  TSubscriptionProvider,
  TSubscriptionStatus,
  TTestCheckoutStatus,
} from '@muse/shared';
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
import { apiKeys } from './api';
import { posts } from './publishing';
import { workspaces } from './teams';
import { users } from './users';

/**
 * Every movement of credits and model tokens, append-only (docs/product/plans-and-credits.md).
 * `reference` makes a movement happen once: a second grant for the same invoice or a second
 * refund for the same job is refused by the unique index.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<TLedgerCurrency>().notNull(),
    /** Positive for grants and refunds, negative for spends. */
    amount: integer('amount').notNull(),
    kind: text('kind').$type<TLedgerKind>().notNull(),
    description: text('description').notNull(),
    reference: text('reference').notNull(),
    /** The API key that spent, when a program did (the credit history names it). */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The member whose action moved the credits; null for Muse's own (renewals, refunds). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_reference_key').on(
      table.workspaceId,
      table.currency,
      table.reference,
    ),
    // The credit history's order, newest first (docs/decisions/0032-keyset-pagination.md).
    index('ledger_entries_user_created_id_idx').on(table.workspaceId, table.createdAt, table.id),
  ],
);

/**
 * The running totals of the ledger, changed only in the same transaction as a ledger row.
 * The check constraints are what keep a balance from ever going below zero.
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull().default(0),
    modelTokens: integer('model_tokens').notNull().default(0),
    /** Every model token ever granted: the account's influencer slots. */
    modelTokensGranted: integer('model_tokens_granted').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('account_balances_credits_not_negative', sql`${table.credits} >= 0`),
    check('account_balances_model_tokens_not_negative', sql`${table.modelTokens} >= 0`),
  ],
);

/** A plan subscription, mirrored from Stripe (or from the test-mode checkout). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<TSubscriptionProvider>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    plan: text('plan').$type<TPlanKey>().notNull(),
    billing: text('billing').$type<TBillingPeriod>().notNull(),
    status: text('status').$type<TSubscriptionStatus>().notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** What the first period was charged, in cents (less than the plan's price under an offer). */
    firstPaymentCents: integer('first_payment_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_id_idx').on(table.workspaceId)],
);

/** Webhook events already handled, so a repeated delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Checkout sessions of the test-mode checkout (no Stripe keys): a plan's (`plan`, `billing`)
 * or a pay-per-view post's (`postId`, `amountCents`).
 */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: text('id').primaryKey(),
    /** The person paying: a fan for a post, a workspace's owner for a plan. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace a plan is bought for; null for a post. */
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<TPlanKey>(),
    billing: text('billing').$type<TBillingPeriod>(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** What paying charges: a post's price, a plan's (first) period's. */
    amountCents: integer('amount_cents'),
    /** A plan's first-month discount under the onboarding offer, else null. */
    discountPercent: integer('discount_percent'),
    promoCode: text('promo_code'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status').$type<TTestCheckoutStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'test_checkout_sessions_purchase',
      sql`(${table.plan} is not null and ${table.billing} is not null and ${table.postId} is null) or (${table.postId} is not null and ${table.amountCents} is not null and ${table.plan} is null)`,
    ),
  ],
);
