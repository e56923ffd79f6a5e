import type { TApiScope, TWebhookDeliveryStatus, TWebhookEventType } from '@muse/shared';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './teams';
import { users } from './users';

/**
 * A key a program uses to call the public API (docs/product/public-api.md). Only the SHA-256 of
 * the secret is kept; `prefix` is its first characters, shown so the owner can tell keys apart.
 * Keys are revoked, never deleted, so the credit history can still name the key that spent.
 * A change is announced like a session's (migration 0019), so every instance forgets it at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who made it (null once they are gone). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<TApiScope[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Refreshed at most every few minutes, as a session's is. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_user_created_idx').on(table.workspaceId, table.createdAt)],
);

/**
 * A POST of the public API sent with an `Idempotency-Key` header, kept 24 hours: the first
 * request claims the row (`completedAt` null while it runs), its answer is stored, and the same
 * key with the same body gets that answer again without running anything
 * (docs/decisions/0050-public-api.md).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Whose key space: the API key's id, or 'session:<user id>' for a signed-in caller. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path and the body as sent. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('idempotent_requests_owner_key').on(table.owner, table.key),
    index('idempotent_requests_created_idx').on(table.createdAt),
  ],
);

/**
 * Where an account's events are sent (Standard Webhooks). The signing secret is kept encrypted
 * (lib/secret-box.ts): Muse needs it back to sign every delivery.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<TWebhookEventType[]>().notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Since when every delivery failed (null once one succeeds). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Set after 5 days of failures in a row; nothing is sent to it any more. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.workspaceId)],
);

/** One event on its way to one endpoint: its tries, and the receiver's last answer. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The `webhook-id` of every try: the same across retries, so receivers can drop repeats. */
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').$type<TWebhookEventType>().notNull(),
    /** The body sent, exactly: `{ type, timestamp, data }`. */
    payload: text('payload').notNull(),
    status: text('status').$type<TWebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    /** The start of the receiver's last answer, or why it could not be reached. */
    lastResponse: text('last_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt),
  ],
);
