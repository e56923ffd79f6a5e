import type { TDraft, TJobKind, TJobStatus } from '@muse/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './teams';
import { users } from './users';

/** A file a job read or wrote, in storage. */
export type TJobFileRow = {
  key: string;
  width: number;
  height: number;
  contentType: string;
  fileName: string;
  /**
   * An output's gallery entry (an input's: the gallery image it was read from) and an output's
   * likeness to the persona (null: `scoreNote`).
   */
  galleryId?: string;
  identityScore?: number | null;
  scoreNote?: string | null;
  /** A video's poster frame (WebP) in storage, and its length. */
  posterKey?: string;
  durationSeconds?: number;
};

/** What an engine reported it did (TJob['details']). */
export type TJobDetails = { seed?: number; appliedSafetyTolerance?: number };

/**
 * One run of an AI tool (docs/product/tools.md). The queue (graphile-worker) only carries the job's
 * id; this row is the truth: status, progress, the stage text, outputs, the credits it
 * reserved and why it failed. Every change is announced on the `muse_jobs` channel by a
 * trigger (migration 0005), which feeds the live progress streams of every instance.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who started it (null once they are gone, or for Muse's own tasks). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The tool's key (JOB_TOOLS) or a task's ('train-persona'), written from a parsed request. */
    tool: text('tool').$type<TJobKind>().notNull(),
    /** JOB_STATUSES: 'queued' | 'running' | 'succeeded' | 'failed' */
    status: text('status').$type<TJobStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default('Waiting in the queue'),
    /** The tool's options as ZJobRequest parsed them; parsed again before a run. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    input: jsonb('input').$type<TJobFileRow>(),
    outputs: jsonb('outputs').$type<TJobFileRow[]>().notNull().default([]),
    prompt: text('prompt'),
    /** A draft's words (the write-text task: docs/product/drafts.md). */
    draft: jsonb('draft').$type<TDraft>(),
    /** What the engine reported it did: the seed it used, the safety tolerance applied. */
    details: jsonb('details').$type<TJobDetails>().notNull().default({}),
    /** Credits reserved when queued (kept on success, refunded once on failure). */
    cost: integer('cost').notNull(),
    failureReason: text('failure_reason'),
    /** The hosted provider's id of the request this job waits on, so a retry follows it. */
    providerRequestId: text('provider_request_id'),
    engine: text('engine').notNull(),
    /**
     * Its turn in its lane's round-robin between accounts, the queue message's priority
     * (modules/jobs/fair-share.ts, docs/decisions/0039-fair-share-of-workers.md).
     */
    turn: integer('turn').notNull().default(0),
    /** How many times a worker has started it. */
    attempts: integer('attempts').notNull().default(0),
    /** Written by the running worker every few seconds; a stale one means the worker died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The history's order, newest first, of all tools and of one
    // (docs/decisions/0032-keyset-pagination.md).
    index('jobs_user_created_id_idx').on(table.workspaceId, table.createdAt, table.id),
    index('jobs_user_tool_created_id_idx').on(
      table.workspaceId,
      table.tool,
      table.createdAt,
      table.id,
    ),
    index('jobs_status_heartbeat_idx').on(table.status, table.heartbeatAt),
    // A provider's webhook names its request: the job waiting on it is found by this.
    index('jobs_provider_request_idx').on(table.providerRequestId),
  ],
);
