import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  PERSONA_TEXTS,
  TOOL_TEXTS,
  ZJobRequest,
  isFinished,
  isUuid,
  type TJobKind,
  type TJobTool,
} from '@muse/shared';
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { TDatabase, TTransaction } from '../../db/client';
import { jobs } from '../../db/schema';
import type { TRunContext } from '../../engines/types';
import type { TFileUrlSigner } from '../../lib/file-urls';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  cursorAt,
  newestFirst,
  olderThan,
  toPage,
  type TPage,
  type TPageRequest,
} from '../../lib/keyset';
import { debit, refund } from '../billing/ledger';
import { recordActivity } from '../workspaces/activity';
import { noteMinorPromptRefusal } from '../safety/refusals';
import { emitJobFinished } from '../webhooks/events';
import type { TJobUpload } from './inputs';
import { checkJobRoom, laneOf, takeTurns } from './fair-share';
import type { TExecution } from './outputs';
import { sleepUntilPoll } from './provider-wakeups';
import { toPublicJob } from './public';
import { JobFailure, queueAttempt, queueFirstAttempt, type TRunJobPayload } from './queue';
import type { TJobDeps, TToolRequest } from './tool';

export { toPublicJob } from './public';
export {
  RUN_JOB_TASK,
  RUN_PREVIEW_TASK,
  RUN_TEXT_TASK,
  ZRunJobPayload,
  type TRunJobPayload,
} from './queue';

type TJobRow = typeof jobs.$inferSelect;
export type { TJobDeps } from './tool';

/** Why a job failed, when nothing more precise is known: tools refund credits, training a token. */
function failureText(kind: TJobKind, cause: 'engine' | 'worker'): string {
  if (kind === 'train-persona') return PERSONA_TEXTS.trainingFailed;
  return cause === 'engine' ? TOOL_TEXTS.engineFailed : TOOL_TEXTS.workerStopped;
}

/** A started job is tried this many times in all when its worker dies mid-run. */
export const MAX_ATTEMPTS = 2;
/** A running job whose worker has not written its heartbeat for this long is recovered. */
export const STALE_AFTER_SECONDS = 60;
/** A job still queued after this long has its queue message checked (re-sent, in place). */
export const QUEUED_RECHECK_SECONDS = 10 * 60;

const jobNotFound = () => notFound(TOOL_TEXTS.jobNotFound, 'JOB_NOT_FOUND');

/**
 * Who queued a job: the member signed in to the web app (`userId`), or a program's API key,
 * named in the credit history.
 */
export type TJobActor = { userId?: string | null; apiKeyId?: string | null };

/**
 * Queues the jobs a request asks for, of any tool or of persona training: the tool's plan checks
 * the request, the account's room for its jobs is checked, the plan finds its inputs, and the
 * inputs are stored; then the turns, the spend and the jobs are written and queued in one
 * transaction, so a job is never queued unpaid and nothing is taken without a job. A tool whose
 * engine makes offline previews runs free.
 */
export async function enqueue(
  db: TDatabase,
  deps: TJobDeps,
  workspaceId: string,
  kind: TJobKind,
  request: TToolRequest,
  actor: TJobActor = {},
): Promise<TJobRow[]> {
  const tool = deps.tools[kind];
  const plan = await tool.plan({ db, deps, workspaceId }, request).catch(async (error: unknown) => {
    // A prompt that asks for a minor is kept for the operators' review before it is answered.
    await noteMinorPromptRefusal(db, error, {
      userId: actor.userId ?? null,
      tool: kind,
      fields: request.fields,
    });
    throw error;
  });
  // Bad input is named first; an account at its most unfinished jobs is told so before anything
  // is stored (the count under the account's lock below decides).
  await checkJobRoom(db, workspaceId, plan.count, kind);
  const prepared = await plan.prepare();
  const ids = prepared.jobs.map(() => randomUUID());
  const stored: string[] = [];
  try {
    for (const [index, job] of prepared.jobs.entries()) {
      const files = [
        ...(job.input?.data ? [{ key: job.input.key, data: job.input.data }] : []),
        ...(job.files ?? []),
      ];
      for (const file of files) {
        const key = file.key.replace('{job}', ids[index]!);
        await deps.storage.put(key, file.data);
        stored.push(key);
      }
    }
    return await db.transaction(async (tx) => {
      // The account's lock on its jobs comes first, as in every path that queues one.
      const lane = laneOf({ tool: kind, cost: prepared.cost });
      const turns = await takeTurns(tx, workspaceId, lane, prepared.jobs.length, kind);
      await prepared.lock?.(tx);
      if (prepared.spend.amount > 0)
        for (const id of ids)
          await debit(tx, {
            workspaceId,
            currency: prepared.spend.currency,
            amount: prepared.spend.amount,
            description: prepared.spend.description,
            reference: `job:${id}`,
            apiKeyId: actor.apiKeyId ?? null,
            actorId: actor.userId ?? null,
          });
      // Every job of the request and its queue message in one statement: the transaction's
      // statements all count in the job's wait (its created_at is the transaction's start).
      const inserted = await tx
        .insert(jobs)
        .values(
          prepared.jobs.map((job, index) => {
            const id = ids[index]!;
            const input = job.input && { ...job.input, key: job.input.key.replace('{job}', id) };
            delete input?.data;
            return {
              id,
              workspaceId,
              createdBy: actor.userId ?? null,
              tool: kind,
              options: job.options,
              input,
              cost: prepared.cost,
              engine: prepared.engine,
              turn: turns[index]!,
            };
          }),
        )
        .returning({ ...getTableColumns(jobs), queued: queueFirstAttempt(lane) });
      const byId = new Map(inserted.map(({ queued: _queued, ...row }) => [row.id, row]));
      const rows = ids.map((id) => byId.get(id)!);
      for (const row of rows) await prepared.afterInsert?.(tx, row);
      await recordActivity(
        tx,
        workspaceId,
        actor.userId ?? null,
        'started',
        'job',
        rows[0]!.id,
        `${kind}${rows.length > 1 ? ` ×${rows.length}` : ''}`,
      );
      return rows;
    });
  } catch (error) {
    for (const key of stored) await deps.storage.delete(key);
    throw error;
  }
}

/**
 * POST /api/jobs: one job of the tool the form's `tool` field names, its options in the other
 * fields and its image or clip in the files. A tool queued by a route of its own is refused.
 */
export async function enqueueUpload(
  db: TDatabase,
  deps: TJobDeps,
  workspaceId: string,
  upload: TJobUpload,
  actor: TJobActor = {},
): Promise<TJobRow> {
  const named = upload.fields.tool;
  const own = named && Object.hasOwn(deps.tools, named) ? deps.tools[named as TJobKind] : null;
  if (own?.ownRoute) throw badRequest(own.ownRoute);
  // The fields name the tool and carry its options: ZJobRequest parses both at once.
  const parsed = ZJobRequest.safeParse(upload.fields);
  if (!parsed.success) {
    const refused = badRequest(parsed.error.issues[0]?.message ?? 'Invalid options');
    await noteMinorPromptRefusal(db, refused, {
      userId: actor.userId ?? null,
      tool: String(named ?? 'unknown'),
      fields: upload.fields,
    });
    throw refused;
  }
  const [row] = await enqueue(
    db,
    deps,
    workspaceId,
    parsed.data.tool,
    { fields: upload.fields, upload },
    actor,
  );
  return row!;
}

/**
 * The account's jobs (of one tool, if given) newest first, from after `cursor`, at most `limit`
 * of them: read by jobs_user_created_id_idx, or jobs_user_tool_created_id_idx for one tool
 * (docs/decisions/0032-keyset-pagination.md).
 */
export function newestJobs(
  db: TDatabase,
  workspaceId: string,
  { tool, cursor, limit }: TPageRequest & { tool?: TJobTool },
) {
  return db
    .select({ ...getTableColumns(jobs), cursorAt: cursorAt(jobs.createdAt) })
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, workspaceId),
        tool ? eq(jobs.tool, tool) : undefined,
        olderThan(jobs.createdAt, jobs.id, cursor),
      ),
    )
    .orderBy(...newestFirst(jobs.createdAt, jobs.id))
    .limit(limit);
}

/** One page of GET /api/jobs. */
export async function listJobPage(
  db: TDatabase,
  workspaceId: string,
  page: TPageRequest & { tool?: TJobTool },
): Promise<TPage<TJobRow>> {
  return toPage(await newestJobs(db, workspaceId, { ...page, limit: page.limit + 1 }), page.limit);
}

export async function findJob(db: TDatabase, workspaceId: string, id: string): Promise<TJobRow> {
  if (!isUuid(id)) throw jobNotFound();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.workspaceId, workspaceId)));
  if (!row) throw jobNotFound();
  return row;
}

/**
 * Marks a job failed with a reason for the user and refunds what it spent (credits, or a
 * training's model token), exactly once. With `files` (the signer of the job's file URLs), the
 * account's webhooks hear of it in the same transaction (`job.failed`); every path of the
 * product passes it, only tests leave it out.
 */
export async function failJob(
  db: TDatabase,
  row: Pick<TJobRow, 'id' | 'workspaceId'>,
  reason: string,
  files?: TFileUrlSigner,
) {
  await db.transaction((tx) => failJobIn(tx, row, reason, files));
}

/**
 * `failJob` inside the caller's transaction, for work that stops jobs with other changes at once
 * (an operator suspending an account, docs/product/reports-and-takedown.md). Answers the
 * credits refunded, or null when the job had already finished.
 */
export async function failJobIn(
  tx: TTransaction,
  row: Pick<TJobRow, 'id' | 'workspaceId'>,
  reason: string,
  files?: TFileUrlSigner,
): Promise<{ credits: number; modelTokens: number } | null> {
  const [failed] = await tx
    .update(jobs)
    .set({
      status: 'failed',
      failureReason: reason,
      stage: 'Failed',
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, row.id), sql`${jobs.status} in ('queued', 'running')`))
    .returning();
  if (!failed) return null;
  // The refund names what the spend named ('Refund: Upscale · portrait.png'); the reason is
  // the job's own.
  const refunded = { credits: 0, modelTokens: 0 };
  for (const currency of ['credits', 'model_tokens'] as const) {
    const given = await refund(tx, {
      workspaceId: row.workspaceId,
      currency,
      reference: `job:${row.id}`,
    });
    if (given && currency === 'credits') refunded.credits = failed.cost;
    if (given && currency === 'model_tokens') refunded.modelTokens = 1;
  }
  if (files) await emitJobFinished(tx, row.workspaceId, toPublicJob(failed, files), refunded);
  return refunded;
}

/**
 * Cancels a job that has not finished: it fails as cancelled and its credits are refunded, as
 * any failure is. A running job's worker finds it failed and keeps nothing it made. `files`, as
 * for failJob, sends its `job.failed` webhook.
 */
export async function cancelJob(
  db: TDatabase,
  workspaceId: string,
  id: string,
  files?: TFileUrlSigner,
): Promise<TJobRow> {
  const row = await findJob(db, workspaceId, id);
  if (isFinished(row.status))
    throw conflict('This job has finished: there is nothing to cancel', 'JOB_FINISHED');
  await failJob(db, row, 'Cancelled', files);
  return findJob(db, workspaceId, id);
}

/** Runs a job's tool on its stored input and keeps what it made, once it passed the checks. */
async function execute(
  db: TDatabase,
  deps: TJobDeps,
  row: TJobRow,
  context: TRunContext,
): Promise<TExecution> {
  let input = Buffer.alloc(0);
  if (row.input) {
    const stored = await deps.storage.get(row.input.key);
    if (!stored) throw new Error('The input file is missing from storage');
    input = await buffer(stored.stream);
  }
  return deps.tools[row.tool].execute({ db, deps, run: context }, row, input);
}

const HEARTBEAT_MS = 5_000;
const PROGRESS_EVERY_MS = 250;

/**
 * Runs one attempt of a job in this worker. The attempt claims the row first, so a job that
 * was recovered and re-queued elsewhere is never run twice at once.
 */
export async function runJob(
  db: TDatabase,
  deps: TJobDeps,
  payload: TRunJobPayload,
  log: { error: (object: object, message: string) => void } = console,
  signal?: AbortSignal,
): Promise<void> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      progress: 0,
      stage: 'Starting',
      startedAt: new Date(),
      heartbeatAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(jobs.id, payload.jobId),
        eq(jobs.status, 'queued'),
        eq(jobs.attempts, payload.attempt - 1),
      ),
    )
    .returning();
  if (!row) return;

  let lastWrite = 0;
  let pending: { percent: number; stage: string } | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  const write = (values: Partial<typeof jobs.$inferInsert>) => {
    writing = writing
      .then(() =>
        db
          .update(jobs)
          .set({ ...values, heartbeatAt: new Date(), updatedAt: new Date() })
          .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running'))),
      )
      .catch((error: unknown) => log.error({ err: error }, 'Could not save job progress'));
    return writing;
  };
  const flush = () => {
    if (!pending) return;
    const { percent, stage } = pending;
    pending = null;
    lastWrite = Date.now();
    void write({ progress: Math.max(0, Math.min(99, Math.round(percent))), stage });
  };
  const heartbeat = setInterval(() => (pending ? flush() : void write({})), HEARTBEAT_MS);

  try {
    const context: TRunContext = {
      ...(signal ? { signal } : {}),
      onProgress: (percent, stage) => {
        pending = { percent, stage };
        if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) flush();
      },
      provider: {
        requestId: row.providerRequestId,
        onSubmitted: async (requestId) => {
          await db
            .update(jobs)
            .set({ providerRequestId: requestId, updatedAt: new Date() })
            .where(eq(jobs.id, row.id));
        },
        wait: deps.wakeups?.wait ?? sleepUntilPoll,
      },
    };
    const execution = await execute(db, deps, row, context);
    clearInterval(heartbeat);
    pending = null;
    await writing;
    await db.transaction(async (tx) => {
      const [succeeded] = await tx
        .update(jobs)
        .set({
          status: 'succeeded',
          progress: 100,
          stage: execution.stage ?? 'Done',
          outputs: execution.outputs,
          prompt: execution.prompt,
          draft: execution.draft ?? null,
          details: execution.details ?? {},
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')))
        .returning();
      if (!succeeded) return;
      await execution.commit?.(tx);
      await emitJobFinished(tx, row.workspaceId, toPublicJob(succeeded, deps.files));
    });
  } catch (error) {
    clearInterval(heartbeat);
    pending = null;
    await writing;
    // A shutdown leaves the job to the recovery sweep (it will be retried); anything else fails it.
    if (signal?.aborted) return;
    if (error instanceof JobFailure) {
      await failJob(db, row, error.reason, deps.files);
      return;
    }
    log.error({ err: error, jobId: row.id }, 'Job failed');
    await failJob(db, row, failureText(row.tool, 'engine'), deps.files);
  }
}

/**
 * Finds running jobs whose worker stopped writing its heartbeat (it crashed or was killed):
 * each is queued again for another attempt, or failed and refunded once its attempts are spent.
 * Jobs queued for a long time get their queue message re-sent, in case a worker took it and
 * died before it could start the job.
 */
export async function recoverStaleJobs(
  db: TDatabase,
  now = new Date(),
  files?: TFileUrlSigner,
): Promise<number> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_SECONDS * 1000);
  const stale = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), lt(jobs.heartbeatAt, staleBefore)));
  for (const row of stale) {
    if (row.attempts >= MAX_ATTEMPTS) {
      await failJob(db, row, failureText(row.tool, 'worker'), files);
      continue;
    }
    await db.transaction(async (tx) => {
      const [requeued] = await tx
        .update(jobs)
        .set({ status: 'queued', stage: 'Waiting in the queue (retrying)', updatedAt: now })
        .where(
          and(eq(jobs.id, row.id), eq(jobs.status, 'running'), eq(jobs.attempts, row.attempts)),
        )
        .returning({ id: jobs.id });
      if (requeued) await queueAttempt(tx, row, row.attempts + 1);
    });
  }

  const waitingBefore = new Date(now.getTime() - QUEUED_RECHECK_SECONDS * 1000);
  const waiting = await db
    .select({
      id: jobs.id,
      attempts: jobs.attempts,
      tool: jobs.tool,
      cost: jobs.cost,
      turn: jobs.turn,
    })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lt(jobs.updatedAt, waitingBefore)));
  for (const row of waiting) {
    await db.transaction(async (tx) => {
      const [checked] = await tx
        .update(jobs)
        .set({ updatedAt: now })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'queued'), eq(jobs.attempts, row.attempts)))
        .returning({ id: jobs.id });
      if (checked) await queueAttempt(tx, row, row.attempts + 1);
    });
  }
  return stale.length + waiting.length;
}
