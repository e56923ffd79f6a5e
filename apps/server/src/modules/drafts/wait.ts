/**
 * Waiting, in a request, for a job to finish: for the calls whose answer is the job's result
 * (the influencer form's 'Generate with AI' with a text engine). Woken by the job's change on
 * `muse_jobs`, from whichever instance's worker ran it, and read again on every wake, so a
 * missed announcement costs at most one poll.
 */
import { isFinished } from '@muse/shared';
import type { TDatabase } from '../../db/client';
import type { jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ANY_JOB, type TJobEvents } from '../jobs/events';
import { findJob } from '../jobs/service';

type TJobRow = typeof jobs.$inferSelect;

/** How often the row is read again when no announcement came. */
const POLL_MS = 2_000;

export async function waitForJob(
  db: TDatabase,
  events: TJobEvents,
  workspaceId: string,
  jobId: string,
  timeoutMs: number,
): Promise<TJobRow> {
  let wake: () => void = () => {};
  const unsubscribe = events.subscribe(workspaceId, (change) => {
    if (change.id === jobId || change.id === ANY_JOB) wake();
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const row = await findJob(db, workspaceId, jobId);
      if (isFinished(row.status)) return row;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new AppError(
          504,
          'The draft is still being written: find it again in a moment.',
          'DRAFT_STILL_RUNNING',
        );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        woken,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.min(POLL_MS, left));
        }),
      ]);
      clearTimeout(timer);
    }
  } finally {
    unsubscribe();
  }
}
