import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { influencers } from './workspace';

/** Why a visitor reports a page or a post (docs/product/trust-and-safety.md). */
export type TReportReason = 'impersonation' | 'minor' | 'intimate' | 'copyright' | 'other';
/** Where a report stands: open until an operator acts on it or dismisses it. */
export type TReportStatus = 'open' | 'actioned' | 'dismissed';

/**
 * A report of a public page or one of its posts, from a signed-in account or from a visitor who
 * gave an e-mail address. `reference` is what the reporter is given and quotes back. A report of
 * an intimate image shared without consent is due within 48 hours (`dueAt`). No foreign keys to
 * what was reported: the report outlives the post, the page and the account.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short, unambiguous and unique, e.g. 'MR-7K3P9QXD'. */
    reference: text('reference').notNull(),
    reason: text('reason').$type<TReportReason>().notNull(),
    details: text('details').notNull().default(''),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the outcome is sent: the account's address, or the one a visitor gave. */
    reporterEmail: text('reporter_email').notNull(),
    /** The reported account, page (its influencer) and post, as they were when reported. */
    creatorId: uuid('creator_id').notNull(),
    influencerId: uuid('influencer_id'),
    handle: text('handle').notNull(),
    postId: uuid('post_id'),
    status: text('status').$type<TReportStatus>().notNull().default('open'),
    /** Intimate-image reports only: when the 48 hours end. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    /** What was done, in the words mailed to the reporter and the creator. */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reports_reference_key').on(table.reference),
    // The operators' queue: open reports, oldest first.
    index('reports_open_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('reports_creator_idx').on(table.creatorId),
    check(
      'reports_reason_known',
      sql`${table.reason} in ('impersonation', 'minor', 'intimate', 'copyright', 'other')`,
    ),
    check('reports_status_known', sql`${table.status} in ('open', 'actioned', 'dismissed')`),
  ],
);

/** What an operator did. */
export type TOperatorAction =
  'hide_post' | 'hide_page' | 'suspend_account' | 'dismiss' | 'review_refusal';

/**
 * The operators' audit log: one row per action, never changed or removed (a trigger refuses
 * UPDATE and DELETE, migration 0023). No foreign keys, so deleting an account cannot rewrite
 * it; the operator's address is kept as it was.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: uuid('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').$type<TOperatorAction>().notNull(),
    reportId: uuid('report_id'),
    /** What it was done to: 'post', 'page', 'account' or 'refusal', and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    note: text('note').notNull().default(''),
    /** What followed: platforms removed from, purchases refunded, jobs stopped. */
    effects: jsonb('effects').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_actions_created_idx').on(table.createdAt)],
);

/** What was refused for being, or asking for, a person under 18. */
export type TSafetyRefusalKind = 'prompt' | 'photo' | 'output';

/**
 * A refusal for the operators' review: a prompt that asked for a minor, a training photo or an
 * output whose face the model estimated under the age threshold. The photo or output itself is
 * never kept; the estimate and the words are.
 */
export const safetyRefusals = pgTable(
  'safety_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TSafetyRefusalKind>().notNull(),
    /** The tool or place it happened ('generate', 'persona-photo', …). */
    tool: text('tool').notNull(),
    /** The prompt, for a refused prompt. */
    prompt: text('prompt'),
    /** The model's age estimate, for a photo or an output. */
    estimatedAge: real('estimated_age'),
    influencerId: uuid('influencer_id'),
    jobId: uuid('job_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('safety_refusals_unreviewed_idx')
      .on(table.createdAt)
      .where(sql`${table.reviewedAt} is null`),
    index('safety_refusals_user_idx').on(table.userId),
    check('safety_refusals_kind_known', sql`${table.kind} in ('prompt', 'photo', 'output')`),
  ],
);

export type TAccountExportStatus = 'queued' | 'running' | 'ready' | 'failed';

/**
 * A ZIP of everything Muse holds about an account, built by a job. The link mailed to the owner
 * carries a token whose hash is `tokenHash`; the file and the link end at `expiresAt`.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<TAccountExportStatus>().notNull().default('queued'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('account_exports_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('account_exports_token_key').on(table.tokenHash),
    check(
      'account_exports_status_known',
      sql`${table.status} in ('queued', 'running', 'ready', 'failed')`,
    ),
  ],
);

/** What a creator stated about the people in a persona's photos (or a voice). */
export type TLikenessStatement = 'self' | 'consent' | 'synthetic';

/**
 * A creator's statement about whose likeness a persona's photos show, kept with the persona:
 * what was stated and when, the consent document for 'consent' (private storage), and for
 * 'self' the selfie match (the selfie itself is not kept). The latest row is the persona's.
 */
export const likenessStatements = pgTable(
  'likeness_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the statement is about: 'likeness', the persona's photos. */
    subject: text('subject').notNull().default('likeness'),
    statement: text('statement').$type<TLikenessStatement>().notNull(),
    consentDocumentKey: text('consent_document_key'),
    consentDocumentName: text('consent_document_name'),
    consentDocumentType: text('consent_document_type'),
    /** The selfie's likeness to the set (the identity score's scale) and when it verified. */
    matchScore: real('match_score'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    statedAt: timestamp('stated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('likeness_statements_influencer_idx').on(
      table.influencerId,
      table.subject,
      table.statedAt,
    ),
    check(
      'likeness_statements_statement_known',
      sql`${table.statement} in ('self', 'consent', 'synthetic')`,
    ),
  ],
);
