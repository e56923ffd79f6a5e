import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  GENERATE_TEXTS,
  JOB_TOOL_ACTIONS,
  PERSONA_TEXTS,
  TOOL_TEXTS,
  ZJobRequest,
  type TJobKind,
  type TJobOptions,
  type TJobTool,
  isUuid,
} from '@muse/shared';
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { jobs, type TJobFileRow } from '../../db/schema';
import type { TEngines } from '../../engines';
import type { TTrainingEngine } from '../../engines/training';
import type { TFaceAnalyser } from '../../engines/faces';
import type { TSafetyChecker } from '../../engines/safety';
import type { TRunContext } from '../../engines/types';
import { badRequest, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import {
  cursorAt,
  newestFirst,
  olderThan,
  toPage,
  type TPage,
  type TPageRequest,
} from '../../lib/keyset';
import type { TStorage } from '../../lib/storage';
import { checkAction, getAccountState } from '../billing/entitlements';
import { debit, jobSpendDescription, refund } from '../billing/ledger';
import { keepEditInGallery } from '../gallery/record';
import { findGalleryItem, readGalleryImage } from '../gallery/service';
import { runGeneration } from '../generate/run';
import { isMediaRequest, prepareMediaJob } from '../media/inputs';
import { runMediaTool } from '../media/run';
import { pictureInput, type TJobInput, type TJobUpload } from './inputs';
import { runTraining } from '../personas/training';
import { ToolNotAllowedError } from './errors';
import { checkJobRoom, laneOf, takeTurns } from './fair-share';
import { storeOutputs, withholdUnsafe, type TExecution } from './outputs';
import { sleepUntilPoll, type TProviderWakeups } from './provider-wakeups';
import { JobFailure, queueAttempt, type TRunJobPayload } from './queue';
import { checkOptions, runTool, TOOLS } from './tools';

export { toPublicJob } from './public';
export { RUN_JOB_TASK, RUN_PREVIEW_TASK, ZRunJobPayload, type TRunJobPayload } from './queue';

type TJobRow = typeof jobs.$inferSelect;
export type TJobDeps = {
  storage: TStorage;
  files: TFileUrlSigner;
  engines: TEngines;
  training: TTrainingEngine;
  faces: TFaceAnalyser;
  safety: TSafetyChecker;
  /** Ends a hosted engine's wait when the provider's webhook arrives; without it, it polls. */
  wakeups?: Pick<TProviderWakeups, 'wait'>;
};

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
 * Queues a tool run: checks the options and the input, reserves the cost from the ledger and
 * adds the job to the queue in one transaction, so a job is never queued unpaid and credits
 * are never taken without a job. A tool whose engine makes offline previews runs free.
 */
export async function enqueueJob(
  db: TDatabase,
  deps: TJobDeps,
  userId: string,
  request: TJobUpload,
): Promise<TJobRow> {
  if (request.fields.tool === 'generate-image')
    throw badRequest(GENERATE_TEXTS.onlyThroughGenerate);
  // The fields name the tool and carry its options: ZJobRequest parses both at once.
  const parsed = ZJobRequest.safeParse(request.fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid options');
  const { tool: key, ...parsedOptions } = parsed.data;
  const refusal = checkOptions(key, parsedOptions, deps.engines);
  if (refusal) throw badRequest(refusal);
  const tool = TOOLS[key];

  const account = await getAccountState(db, userId);
  const allowed = checkAction(account, JOB_TOOL_ACTIONS[key]);
  if (!allowed.allowed && allowed.reason === 'plan') throw new ToolNotAllowedError();
  const engine = deps.engines[key];
  const cost = 'preview' in engine && engine.preview ? 0 : allowed.cost;

  let options: TJobOptions = parsedOptions;
  let input: TJobInput;
  // What the credit history names beside the tool: the file worked on
  // (docs/product/plans-and-credits.md).
  let subject = key === 'face-swap' ? request.videoName : request.imageName;
  if (!request.image && !request.video && request.fields.galleryId) {
    subject = (await findGalleryItem(db, userId, request.fields.galleryId)).fileName;
  }
  if (isMediaRequest(parsed.data)) {
    const prepared = await prepareMediaJob(db, deps, userId, parsed.data, request);
    options = prepared.options;
    input = prepared.input;
    subject = prepared.subject ?? subject;
  } else {
    // A gallery image is used as it is stored, without a new upload.
    const galleryId = request.fields.galleryId;
    const image =
      request.image ??
      (galleryId ? await readGalleryImage(db, deps.storage, userId, galleryId) : null);
    if (!image) throw badRequest(TOOL_TEXTS.imageRequired);
    input = await pictureInput(image, tool.maxInputSide, tool.tooLarge);
  }

  // Bad input is named first; an account at its most unfinished jobs is told so before anything
  // is stored (the count under the account's lock below decides).
  await checkJobRoom(db, userId, 1);
  const id = randomUUID();
  const inputFile: TJobFileRow = {
    key: `users/${userId}/jobs/${id}/input.${input.extension}`,
    width: input.width,
    height: input.height,
    contentType: input.contentType,
    fileName: `muse-input.${input.extension}`,
    // An upscale or edit of a gallery image keeps its persona and words (gallery/record.ts).
    ...(!request.image && request.fields.galleryId ? { galleryId: request.fields.galleryId } : {}),
  };
  await deps.storage.put(inputFile.key, input.data);
  try {
    return await db.transaction(async (tx) => {
      const [turn] = await takeTurns(tx, userId, laneOf({ tool: key, cost }), 1);
      if (cost > 0)
        await debit(tx, {
          userId,
          currency: 'credits',
          amount: cost,
          description: jobSpendDescription(key, subject),
          reference: `job:${id}`,
        });
      const [row] = await tx
        .insert(jobs)
        .values({
          id,
          userId,
          tool: key,
          options,
          input: inputFile,
          cost,
          engine: engine.name,
          turn: turn!,
        })
        .returning();
      await queueAttempt(tx, row!, 1);
      return row!;
    });
  } catch (error) {
    await deps.storage.delete(inputFile.key);
    throw error;
  }
}

/**
 * The account's jobs (of one tool, if given) newest first, from after `cursor`, at most `limit`
 * of them: read by jobs_user_created_id_idx, or jobs_user_tool_created_id_idx for one tool
 * (docs/decisions/0032-keyset-pagination.md).
 */
export function newestJobs(
  db: TDatabase,
  userId: string,
  { tool, cursor, limit }: TPageRequest & { tool?: TJobTool },
) {
  return db
    .select({ ...getTableColumns(jobs), cursorAt: cursorAt(jobs.createdAt) })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
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
  userId: string,
  page: TPageRequest & { tool?: TJobTool },
): Promise<TPage<TJobRow>> {
  return toPage(await newestJobs(db, userId, { ...page, limit: page.limit + 1 }), page.limit);
}

export async function findJob(db: TDatabase, userId: string, id: string): Promise<TJobRow> {
  if (!isUuid(id)) throw jobNotFound();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)));
  if (!row) throw jobNotFound();
  return row;
}

/**
 * Marks a job failed with a reason for the user and refunds what it spent (credits, or a
 * training's model token), exactly once.
 */
export async function failJob(db: TDatabase, row: Pick<TJobRow, 'id' | 'userId'>, reason: string) {
  await db.transaction(async (tx) => {
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
      .returning({ id: jobs.id });
    if (!failed) return;
    // The refund names what the spend named ('Refund: Upscale · portrait.png'); the reason is
    // the job's own.
    for (const currency of ['credits', 'model_tokens'] as const) {
      await refund(tx, { userId: row.userId, currency, reference: `job:${row.id}` });
    }
  });
}

/** Runs a tool's engine and stores what it made, once it passed the safety check. */
async function executeTool(
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
  // Stored parsed; parsed again, so a row written by an older version is checked, not trusted.
  const request = ZJobRequest.parse({ ...row.options, tool: row.tool });
  if (request.tool === 'generate-image')
    return runGeneration(db, deps, row, request, input, context);
  if (isMediaRequest(request)) return runMediaTool(db, deps, row, request, input, context);
  const { tool, ...options } = request;
  const result = await runTool(tool, options, {}, deps.engines, input, context);
  if (request.tool === 'upscale' || request.tool === 'edit-image') {
    const instruction = request.tool === 'edit-image' ? request.prompt || null : null;
    return keepEditInGallery(db, deps, row, result, { tool: request.tool, instruction }, context);
  }
  await withholdUnsafe(deps.safety, result.outputs);
  const outputs = await storeOutputs(deps.storage, row, result.outputs);
  return { outputs, prompt: result.prompt ?? null, details: result.details ?? {} };
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
    const execution: TExecution =
      row.tool === 'train-persona'
        ? { outputs: [], prompt: null, ...(await runTraining(db, deps, row, context)) }
        : await executeTool(db, deps, row, context);
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
          details: execution.details ?? {},
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (succeeded) await execution.commit?.(tx);
    });
  } catch (error) {
    clearInterval(heartbeat);
    pending = null;
    await writing;
    // A shutdown leaves the job to the recovery sweep (it will be retried); anything else fails it.
    if (signal?.aborted) return;
    if (error instanceof JobFailure) {
      await failJob(db, row, error.reason);
      return;
    }
    log.error({ err: error, jobId: row.id }, 'Job failed');
    await failJob(db, row, failureText(row.tool, 'engine'));
  }
}

/**
 * Finds running jobs whose worker stopped writing its heartbeat (it crashed or was killed):
 * each is queued again for another attempt, or failed and refunded once its attempts are spent.
 * Jobs queued for a long time get their queue message re-sent, in case a worker took it and
 * died before it could start the job.
 */
export async function recoverStaleJobs(db: TDatabase, now = new Date()): Promise<number> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_SECONDS * 1000);
  const stale = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), lt(jobs.heartbeatAt, staleBefore)));
  for (const row of stale) {
    if (row.attempts >= MAX_ATTEMPTS) {
      await failJob(db, row, failureText(row.tool, 'worker'));
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
