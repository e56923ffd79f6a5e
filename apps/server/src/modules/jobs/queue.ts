import type { TJobKind } from '@muse/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';
import { jobs } from '../../db/schema';
import { laneOf, type TJobLane } from './fair-share';

/** The graphile-worker task that runs every paid tool job (and the persona training). */
export const RUN_JOB_TASK = 'run-tool-job';
/** The same for free offline previews, taken by workers of their own (fair-share.ts). */
export const RUN_PREVIEW_TASK = 'run-preview-job';
/** The same for drafts (write-text), which mostly wait on the text engine: a lane of their own. */
export const RUN_TEXT_TASK = 'run-text-job';
const LANE_TASKS = { paid: RUN_JOB_TASK, preview: RUN_PREVIEW_TASK, text: RUN_TEXT_TASK } as const;
/** The queue message of one attempt: the job row is the truth, the message only names it. */
export const ZRunJobPayload = z.object({ jobId: z.string(), attempt: z.number().int().min(1) });
export type TRunJobPayload = z.infer<typeof ZRunJobPayload>;

/** A job failed for a reason the creator should read (else the kind's general reason is shown). */
export class JobFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JobFailure';
  }
}

/**
 * The call that puts the queue message of a job's attempt in the queue: in its lane's task, with
 * its turn as priority (docs/decisions/0039-fair-share-of-workers.md). `id` and `turn` are values
 * or the columns of the row being written, so the message can go out with the job's own insert.
 */
function addJob(lane: TJobLane, id: SQL | string, turn: SQL | number, attempt: number): SQL {
  const task = LANE_TASKS[lane];
  // The payload is TRunJobPayload. The key makes this idempotent: an unlocked message with it is
  // kept where it stands in the queue (preserve_run_at); one locked by a dead worker is left
  // behind and a new one added.
  return sql`graphile_worker.add_job(${task}, json_build_object('jobId', ${id}::text, 'attempt', ${attempt}::int), max_attempts := 1, job_key := 'job:' || ${id}::text || ${`:${attempt}`}, job_key_mode := 'preserve_run_at', priority := ${turn}::int)`;
}

/**
 * Puts the queue message of a job's next attempt in the queue (in the caller's transaction), for
 * a job that is already written: a retry, or a message sent again.
 */
export function queueAttempt(
  tx: TQueryable,
  job: { id: string; tool: TJobKind; cost: number; turn: number },
  attempt: number,
) {
  return tx.execute(sql`select ${addJob(laneOf(job), job.id, job.turn, attempt)}`);
}

/**
 * The first attempt's queue message of each row an insert into `jobs` writes, as a field of its
 * RETURNING: the job and its message are written by one statement, one round trip fewer between
 * the transaction's start (the job's `created_at`) and the commit that lets a worker take it.
 */
export function queueFirstAttempt(lane: TJobLane): SQL<string> {
  return sql<string>`(${addJob(lane, sql`${jobs.id}`, sql`${jobs.turn}`, 1)}).id`;
}
