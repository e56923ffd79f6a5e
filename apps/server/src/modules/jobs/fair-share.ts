/**
 * A fair share of the workers (docs/decisions/0039-fair-share-of-workers.md): an account has at
 * most MAX_UNFINISHED_JOBS jobs queued or running, free offline previews run in a lane of their
 * own beside the paid jobs, and within a lane the accounts take turns. Drafts (write-text) have a
 * lane and a room of their own: a caption is written in a second, never behind a video's render,
 * and four videos under way leave room for a caption (docs/product/drafts.md).
 */
import { MAX_UNFINISHED_JOBS, PREVIEW_TOOLS, TOOL_TEXTS, type TJobKind } from '@muse/shared';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Where a job waits: drafts in `text`, free offline previews in `preview`, everything else that
 * costs credits or a model token in `paid`. Each lane has workers of its own, so a paid job
 * never waits behind a preview, and a draft behind neither.
 */
export type TJobLane = 'paid' | 'preview' | 'text';

export function laneOf(job: { tool: TJobKind; cost: number }): TJobLane {
  if (job.tool === 'write-text') return 'text';
  return job.cost === 0 && (PREVIEW_TOOLS as readonly string[]).includes(job.tool)
    ? 'preview'
    : 'paid';
}

/** Drafts are counted apart from the other jobs: each has MAX_UNFINISHED_JOBS of room. */
const DRAFT = eq(jobs.tool, 'write-text');
const roomOf = (kind: TJobKind) => (kind === 'write-text' ? DRAFT : not(DRAFT));

/** 429: the account already has as many jobs queued or running as it may. */
export class JobLimitError extends AppError {
  constructor(unfinished: number, asked: number) {
    super(429, TOOL_TEXTS.jobLimit(unfinished, asked), 'JOB_LIMIT_REACHED');
  }
}

/** The queue's priorities are smallints: a turn past this waits in age order with the rest. */
const LAST_TURN = 32_767;

const UNFINISHED = inArray(jobs.status, ['queued', 'running']);
const PREVIEW = and(eq(jobs.cost, 0), inArray(jobs.tool, [...PREVIEW_TOOLS]));
const LANES = { preview: PREVIEW!, text: DRAFT, paid: and(not(PREVIEW!), not(DRAFT))! };

/**
 * Refuses, before any work is done on the input, an account that already has its most jobs
 * queued or running. Only a first answer: `takeTurns` decides under the account's lock.
 */
export async function checkJobRoom(
  db: TQueryable,
  workspaceId: string,
  asked: number,
  kind: TJobKind,
) {
  const [row] = await db
    .select({ unfinished: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.workspaceId, workspaceId), UNFINISHED, roomOf(kind)));
  const unfinished = row?.unfinished ?? 0;
  if (unfinished + asked > MAX_UNFINISHED_JOBS) throw new JobLimitError(unfinished, asked);
}

/**
 * Makes room for `asked` new jobs of the account in `lane` inside the transaction that writes
 * and pays for them, and answers their turns. The account's advisory lock (held until the
 * transaction ends) makes the count exact: two requests at once cannot both take the last place.
 *
 * A job's turn is the priority of its queue message (lower runs first, then older): the round
 * the lane is in (the lowest turn of its unfinished jobs) for an account with nothing waiting in
 * the lane, else one past the account's last turn. So every account's next job comes before
 * anyone's job after that: the accounts take turns, however many jobs one of them queued.
 */
export async function takeTurns(
  tx: TQueryable,
  workspaceId: string,
  lane: TJobLane,
  asked: number,
  kind: TJobKind,
): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs:${workspaceId}`}))`);
  const inLane = LANES[lane];
  const [row] = await tx
    .select({
      unfinished: sql<number>`(count(*) filter (where ${and(eq(jobs.workspaceId, workspaceId), roomOf(kind))}))::int`,
      lastTurn: sql<
        number | null
      >`max(${jobs.turn}) filter (where ${and(eq(jobs.workspaceId, workspaceId), inLane)})`,
      round: sql<number | null>`min(${jobs.turn}) filter (where ${inLane})`,
    })
    .from(jobs)
    .where(UNFINISHED);
  const unfinished = row?.unfinished ?? 0;
  if (unfinished + asked > MAX_UNFINISHED_JOBS) throw new JobLimitError(unfinished, asked);
  const first = row?.lastTurn != null ? row.lastTurn + 1 : (row?.round ?? 0);
  return Array.from({ length: asked }, (_, index) => Math.min(LAST_TURN, first + index));
}
