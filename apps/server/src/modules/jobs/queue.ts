import type { TJobKind } from '@muse/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';
import { laneOf } from './fair-share';

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
 * Puts the queue message of a job's next attempt in the queue (in the caller's transaction): in
 * its lane's task, with its turn as priority (docs/decisions/0039-fair-share-of-workers.md).
 */
export function queueAttempt(
  tx: TQueryable,
  job: { id: string; tool: TJobKind; cost: number; turn: number },
  attempt: number,
) {
  const payload: TRunJobPayload = { jobId: job.id, attempt };
  const task = LANE_TASKS[laneOf(job)];
  // The key makes this idempotent: an unlocked message with it is kept where it stands in the
  // queue (preserve_run_at); one locked by a dead worker is left behind and a new one added.
  return tx.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, max_attempts := 1, job_key := ${`job:${job.id}:${attempt}`}, job_key_mode := 'preserve_run_at', priority := ${job.turn}::int)`,
  );
}
