import { Logger, parseCronItems, run, type CronItemOptions, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { TConfig } from '../../config';
import sharp from 'sharp';
import { z } from 'zod';
import { patientPool, type TDatabase } from '../../db/client';
import { sendAccountMail, type TAccountMailContext } from '../auth/account-mails';
import {
  ACCOUNT_MAIL_TASK,
  queueAccountMailOncePer,
  ZAccountMailPayload,
} from '../auth/mail-queue';
import { advanceTestSubscriptions, grantDueMonthlyBenefits } from '../billing/subscriptions';
import { removeAccountFiles } from '../account-data/deletion';
import { buildExport, purgeExpiredExports, sendExportMail } from '../account-data/exports';
import {
  BUILD_EXPORT_TASK,
  EXPORT_MAIL_TASK,
  REMOVE_ACCOUNT_FILES_TASK,
  ZExportPayload,
  ZRemoveAccountFilesPayload,
} from '../account-data/queue';
import { purgeExpired } from '../maintenance/purge';
import {
  REFUND_REMOVED_PURCHASE_TASK,
  refundRemovedPurchase,
  ZRefundRemovedPurchasePayload,
} from '../sales/removal-refunds';
import { settleEarnings } from '../sales/settlement';
import type { StripeGateway } from '../payments/stripe-gateway';
import { RECEIPT_MAIL_TASK, ZReceiptMailPayload } from '../receipts/record';
import { sendReceipt } from '../receipts/send';
import { PUBLISH_POST_TASK, publishDuePost, ZPublishPostPayload } from '../publishing/queue';
import {
  DELIVER_WEBHOOK_TASK,
  deliverWebhook,
  ZDeliverWebhookPayload,
  type TWebhookDeliveryContext,
} from '../webhooks/delivery';
import { refreshExpiringAccounts } from '../platforms/accounts';
import type { TPublishers } from '../platforms/publishers';
import {
  PUBLISH_TARGET_TASK,
  publishTarget,
  readDueCounts,
  recoverStalePublishing,
} from '../platforms/targets';
import { takeDownPost } from '../platforms/takedown';
import { TAKE_DOWN_POST_TASK, ZTakeDownPostPayload } from '../platforms/takedown-queue';
import type { TSecretBox } from '../../lib/secret-box';
import { keepRunning } from './keep-running';
import { createProviderWakeups, type TProviderWakeups } from './provider-wakeups';
import {
  recoverStaleJobs,
  runJob,
  RUN_JOB_TASK,
  RUN_PREVIEW_TASK,
  RUN_TEXT_TASK,
  ZRunJobPayload,
  type TJobDeps,
} from './service';

/** What a worker runs its tasks with: the jobs' services and what the monthly grants need. */
type TWorkerDeps = TJobDeps & Omit<Parameters<typeof grantDueMonthlyBenefits>[0], 'db'>;

type TLog = {
  info: (message: string) => void;
  error: (object: object, message: string) => void;
};

/** What publishing posts to the platforms needs (docs/product/platform-publishing.md). */
export type TPublishingContext = {
  publishers: TPublishers;
  secrets: TSecretBox;
  publicUrl: string;
  /** Posts published to platforms at once (each mostly waits on its platform). */
  concurrency: number;
  pollIntervalMs: number;
};

type TTaskContext = {
  db: TDatabase;
  /** Only workers given this publish to the platforms and read their counts. */
  publishing?: TPublishingContext;
  deps: TWorkerDeps & { wakeups?: TProviderWakeups };
  log: TLog;
  signal: AbortSignal;
  /** Only workers given a mailer take account mail and receipts (ACCOUNT_MAIL_TASK, RECEIPT_MAIL_TASK). */
  mail?: TAccountMailContext;
  /** Stripe, when payments go through it: payouts are settled and payout accounts refreshed. */
  stripe?: StripeGateway | null;
  /** Only workers given these deliver webhooks (DELIVER_WEBHOOK_TASK). */
  webhooks?: TWebhookDeliveryContext;
};

/** The queue's try of a task: the last one may give up what the earlier ones retried. */
type TTaskAttempt = { lastAttempt: boolean };

type TTask<TPayload extends z.ZodType> = {
  payload: TPayload;
  run: (context: TTaskContext, payload: z.infer<TPayload>, attempt: TTaskAttempt) => Promise<void>;
};

function task<TPayload extends z.ZodType>(
  payload: TPayload,
  run: TTask<TPayload>['run'],
): TTask<TPayload> {
  return { payload, run };
}

/** Scheduled tasks read nothing from their payload (the queue adds `_cron`, dropped here). */
const ZScheduledPayload = z.object({});
const ZPublishTargetPayload = z.object({ targetId: z.uuid() });
/** A refund's mail is queued once in this many seconds, however often its task is retried. */
const REFUND_MAIL_ONCE = 90 * 24 * 60 * 60;

/** Drafts one worker writes at once, at least: each mostly waits on the text engine's answer. */
export const DRAFT_CONCURRENCY = 4;

/** Every task of the queue: its name, the payload it accepts and what runs it. */
const TASKS = {
  [RUN_JOB_TASK]: task(ZRunJobPayload, ({ db, deps, log, signal }, payload) =>
    runJob(db, deps, payload, log, signal),
  ),
  // Free offline previews: the same run, taken by the previews' own runner.
  [RUN_PREVIEW_TASK]: task(ZRunJobPayload, ({ db, deps, log, signal }, payload) =>
    runJob(db, deps, payload, log, signal),
  ),
  // Drafts: the same run, taken by the drafts' own runner.
  [RUN_TEXT_TASK]: task(ZRunJobPayload, ({ db, deps, log, signal }, payload) =>
    runJob(db, deps, payload, log, signal),
  ),
  'recover-stale-jobs': task(ZScheduledPayload, async ({ db, deps }) => {
    await recoverStaleJobs(db, new Date(), deps.files);
  }),
  'purge-expired': task(ZScheduledPayload, async ({ db, deps }) => {
    await purgeExpired(db);
    // Account exports whose 7 days are over lose their file (docs/product/data-rights.md).
    await purgeExpiredExports(db, deps.storage);
  }),
  // An account's export: a ZIP of everything Muse holds about it, with its progress.
  [BUILD_EXPORT_TASK]: task(ZExportPayload, async ({ db, deps, log }, payload) => {
    await buildExport({ db, storage: deps.storage }, payload.exportId, log);
  }),
  [EXPORT_MAIL_TASK]: task(ZExportPayload, async ({ db, mail }, payload) => {
    if (!mail) throw new Error('This worker was started without a mailer');
    await sendExportMail(db, mail, payload.exportId);
  }),
  // What a deleted account's deletion could not remove from storage, retried until gone.
  [REMOVE_ACCOUNT_FILES_TASK]: task(ZRemoveAccountFilesPayload, async ({ db, deps }, payload) => {
    await removeAccountFiles({ db, storage: deps.storage }, payload);
  }),
  // Yearly plans get their credits monthly; test-mode plans renew or end with their period.
  'billing-tick': task(ZScheduledPayload, async ({ db, deps }) => {
    const grants = { db, ...deps };
    await grantDueMonthlyBenefits(grants);
    await advanceTestSubscriptions(grants);
  }),
  // Held earnings are released and payouts settled here, never on a read
  // (docs/decisions/0046-reads-never-write.md).
  'settle-earnings': task(ZScheduledPayload, async ({ db, stripe }) => {
    await settleEarnings({ db, stripe: stripe ?? null });
  }),
  [ACCOUNT_MAIL_TASK]: task(ZAccountMailPayload, async ({ db, mail }, payload) => {
    if (!mail) throw new Error('This worker was started without a mailer');
    await sendAccountMail(db, mail, payload);
  }),
  [RECEIPT_MAIL_TASK]: task(ZReceiptMailPayload, async ({ db, mail }, payload) => {
    if (!mail) throw new Error('This worker was started without a mailer');
    await sendReceipt(db, mail, payload.receiptId);
  }),
  // A purchase of a post Muse removed after a report, refunded in full; its fan is told once
  // (docs/product/reports-and-takedown.md).
  [REFUND_REMOVED_PURCHASE_TASK]: task(
    ZRefundRemovedPurchasePayload,
    async ({ db, stripe }, { purchaseId }) => {
      if (!(await refundRemovedPurchase(db, stripe ?? null, purchaseId))) return;
      await queueAccountMailOncePer(db, `post-removed-refund:${purchaseId}`, REFUND_MAIL_ONCE, {
        kind: 'post-removed-refund',
        purchaseId,
      });
    },
  ),
  // A scheduled post goes out at its time (docs/decisions/0030-publishing-and-pay-per-view.md).
  [PUBLISH_POST_TASK]: task(ZPublishPostPayload, async ({ db }, payload) => {
    await publishDuePost(db, payload);
  }),
  // One post's copy on one platform, at the post's time.
  [PUBLISH_TARGET_TASK]: task(ZPublishTargetPayload, async (context, payload) => {
    const { db, deps, publishing, signal } = context;
    if (!publishing) throw new Error('This worker was started without platform publishing');
    await publishTarget(
      { db, storage: deps.storage, files: deps.files, signal, ...publishing },
      payload.targetId,
    );
  }),
  // A post an operator hid comes off the platforms (docs/product/platform-publishing.md,
  // 'Takedown'); a platform that cannot be reached is retried by the queue.
  [TAKE_DOWN_POST_TASK]: task(
    ZTakeDownPostPayload,
    async ({ db, publishing }, payload, attempt) => {
      if (!publishing) throw new Error('This worker was started without platform publishing');
      await takeDownPost({ db, ...publishing }, payload.postId, attempt);
    },
  ),
  // Platform tokens refreshed before they run out; posts whose worker stopped taken up again;
  // published posts' counts read once a day.
  'platform-upkeep': task(ZScheduledPayload, async ({ db, publishing }) => {
    if (!publishing) return;
    await recoverStalePublishing(db);
    await refreshExpiringAccounts({ db, ...publishing });
    await readDueCounts({ db, ...publishing });
  }),
  // One try of a webhook delivery (docs/product/public-api.md, 'Webhooks').
  [DELIVER_WEBHOOK_TASK]: task(ZDeliverWebhookPayload, async ({ db, webhooks }, payload) => {
    if (!webhooks) throw new Error('This worker was started without webhook settings');
    await deliverWebhook(db, webhooks, payload);
  }),
};

type TTaskName = keyof typeof TASKS;

/**
 * What runs on a clock. The queue enqueues each run once across all workers (it records the
 * last run of each item), so N processes do the work once. A failed run is not retried: the
 * next one does the same work.
 */
const SCHEDULE: { task: TTaskName; match: string; options?: CronItemOptions }[] = [
  // Within about two minutes of a worker's death: stale after 60 s, swept every minute.
  { task: 'recover-stale-jobs', match: '* * * * *', options: { maxAttempts: 1 } },
  { task: 'purge-expired', match: '17 * * * *', options: { maxAttempts: 1 } },
  // A slot missed while no worker ran is run at start, so credits due then are not late by more.
  {
    task: 'billing-tick',
    match: '*/10 * * * *',
    options: { maxAttempts: 1, backfillPeriod: 10 * 60 * 1000 },
  },
  // A sale is released within a minute of its hold's end; a payout left pending, minutes after.
  { task: 'settle-earnings', match: '* * * * *', options: { maxAttempts: 1 } },
  { task: 'platform-upkeep', match: '*/10 * * * *', options: { maxAttempts: 1 } },
];

/** The graphile-worker task list for `names`; refuses a name the table has no handler for. */
export function taskList(names: readonly string[], context: TTaskContext): TaskList {
  const list: TaskList = {};
  for (const name of names) {
    if (!Object.hasOwn(TASKS, name)) throw new Error(`The job queue has no handler for "${name}"`);
    const { payload, run: handle } = TASKS[name as TTaskName] as TTask<z.ZodType>;
    list[name] = async (raw, helpers) =>
      handle(context, payload.parse(raw), {
        lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
      });
  }
  return list;
}

/**
 * Loads the local models a cold worker's first job would otherwise wait for (10–12 s): the safety
 * check's, the face models of identity scores and the local upscaler's (its default model), each
 * in its thread, by running them once on a small grey picture. Nothing waits for this: a job that
 * comes first queues behind the load it needed anyway, and a failure only means the first job
 * loads what it needs, as before (docs/decisions/0031-session-cache-and-hot-reads.md).
 */
export async function warmUpModels(
  deps: Pick<TJobDeps, 'safety' | 'faces' | 'engines'>,
  log: TLog,
  signal?: AbortSignal,
): Promise<void> {
  const started = performance.now();
  const sample = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
  const loads: Promise<unknown>[] = [deps.safety.check(sample), deps.faces.faceEmbeddings(sample)];
  if (deps.engines.upscale.name === 'local')
    loads.push(
      deps.engines.upscale.run(
        sample,
        { model: 'v2', overlappingTiles: false },
        { onProgress: () => {} },
      ),
    );
  const failed = (await Promise.allSettled(loads)).filter((result) => result.status === 'rejected');
  // A worker stopped while it warms up ends the loads under it: that is no failure.
  if (signal?.aborted) return;
  if (failed.length)
    log.error({ errors: failed.map((result) => String(result.reason)) }, 'Model warm-up failed');
  else log.info(`Models warmed up in ${Math.round(performance.now() - started)} ms`);
}

/**
 * A job worker: takes tool jobs from the PostgreSQL queue (woken by LISTEN/NOTIFY the moment
 * one is added) and runs them, and runs the scheduled tasks of SCHEDULE. Any number of these
 * run side by side, in the server process or on their own (`npm run worker`).
 *
 * Four runners share the queue: one runs paid tool jobs (`concurrency` at a time), one free
 * offline previews (`previewConcurrency` at a time), so a paid job never waits behind a free
 * video (docs/decisions/0039-fair-share-of-workers.md), one the scheduled tasks and account
 * mail, one at a time, so none of them waits behind a long upscale, and one the work that waits
 * on another service: drafts (they wait on the text engine, or take milliseconds offline) and,
 * when this worker publishes, platform posts.
 */
export async function startWorker(options: {
  db: TDatabase;
  pool: pg.Pool;
  deps: TWorkerDeps;
  concurrency: number;
  /** Free offline previews run at once, beside the paid jobs (WORKER_PREVIEW_CONCURRENCY). */
  previewConcurrency?: number;
  log: TLog;
  /** Sends account mail (reset and confirmation links); without it, other workers send it. */
  mail?: TAccountMailContext;
  /**
   * Loads the local models in the background once started (`warmUpModels`). Off unless asked:
   * workers that only send mail or run fake engines in tests have nothing to load.
   */
  warmUp?: boolean;
  /** Stripe, when configured: the scheduled settlement of payouts goes through it. */
  stripe?: StripeGateway | null;
  /** Delivers webhooks (the secrets and the retry schedule); without it, other workers do. */
  webhooks?: TWebhookDeliveryContext;
  /** Publishes posts to the platforms; without it, other workers do. */
  publishing?: TPublishingContext;
}): Promise<{ stop: () => Promise<void> }> {
  const { log } = options;
  const previewConcurrency = options.previewConcurrency ?? 1;
  const shutdown = new AbortController();
  // Hosted engines wait on their provider; its webhooks wake them through the database.
  const wakeups = createProviderWakeups(options.pool, log);
  await wakeups.start();
  const context: TTaskContext = {
    db: options.db,
    deps: { ...options.deps, wakeups },
    log,
    signal: shutdown.signal,
    mail: options.mail,
    stripe: options.stripe ?? null,
    webhooks: options.webhooks,
    publishing: options.publishing,
  };
  const logger = new Logger((scope) => (level, message, meta) => {
    if (level === 'error') log.error({ scope, meta }, message);
  });
  const scheduled = [...new Set(SCHEDULE.map((item) => item.task))];
  // A database outage must not end the process or the queue (docs/decisions/0026-outages.md):
  // the pool waits while the database refuses connections, and marking jobs done or failed goes
  // through the library's batches, whose failures stop the runner (started again by
  // keepRunning) instead of being unhandled rejections.
  const pgPool = patientPool(options.pool, { signal: shutdown.signal, log });
  const preset = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };
  const shared = { pgPool, preset, noHandleSignals: true, pollInterval: 2_000, logger };
  const supervision = { signal: shutdown.signal, log };
  const tools = await keepRunning(
    'tool jobs',
    () =>
      run({
        ...shared,
        concurrency: options.concurrency,
        // An export is long work too: it waits its turn with the paid jobs, not with the mail.
        taskList: taskList([RUN_JOB_TASK, BUILD_EXPORT_TASK], context),
      }),
    supervision,
  );
  const previews = await keepRunning(
    'offline previews',
    () =>
      run({
        ...shared,
        concurrency: previewConcurrency,
        taskList: taskList([RUN_PREVIEW_TASK], context),
      }),
    supervision,
  ).catch(async (error: unknown) => {
    shutdown.abort();
    await tools.stop();
    await wakeups.close();
    throw error;
  });
  const clock = await keepRunning(
    'scheduled tasks',
    () =>
      run({
        ...shared,
        concurrency: 1,
        // Account mail, scheduled posts and webhooks run with these short tasks, never queued
        // behind a long tool job.
        taskList: taskList(
          [
            ...scheduled,
            PUBLISH_POST_TASK,
            REMOVE_ACCOUNT_FILES_TASK,
            REFUND_REMOVED_PURCHASE_TASK,
            ...(options.mail ? [ACCOUNT_MAIL_TASK, RECEIPT_MAIL_TASK, EXPORT_MAIL_TASK] : []),
            ...(options.webhooks ? [DELIVER_WEBHOOK_TASK] : []),
          ],
          context,
        ),
        parsedCronItems: parseCronItems(SCHEDULE),
      }),
    supervision,
  ).catch(async (error: unknown) => {
    shutdown.abort();
    await Promise.all([tools.stop(), previews.stop()]);
    await wakeups.close();
    throw error;
  });
  // Platform posts run beside the rest: each waits seconds on its platform, so several go at once
  // without holding up the scheduled tasks.
  // Drafts and platform posts run beside the rest, in one runner: each mostly waits on another
  // service (the text engine, a platform), so several go at once without holding up the
  // scheduled tasks, and one runner keeps one LISTEN connection for both.
  const calls = await keepRunning(
    options.publishing ? 'drafts and platform posts' : 'drafts',
    () =>
      run({
        ...shared,
        concurrency: Math.max(DRAFT_CONCURRENCY, options.publishing?.concurrency ?? 0),
        taskList: taskList(
          [
            RUN_TEXT_TASK,
            ...(options.publishing ? [PUBLISH_TARGET_TASK, TAKE_DOWN_POST_TASK] : []),
          ],
          context,
        ),
      }),
    supervision,
  ).catch(async (error: unknown) => {
    shutdown.abort();
    await Promise.all([tools.stop(), previews.stop(), clock.stop()]);
    await wakeups.close();
    throw error;
  });
  log.info(
    `Job worker started (${options.concurrency} at a time, and ${previewConcurrency} offline preview${previewConcurrency === 1 ? '' : 's'})`,
  );
  // In the background: the worker takes jobs and the server answers meanwhile.
  if (options.warmUp) void warmUpModels(options.deps, log, shutdown.signal).catch(() => {});
  return {
    async stop() {
      shutdown.abort();
      await Promise.all([tools.stop(), previews.stop(), clock.stop(), calls.stop()]);
      await wakeups.close();
    },
  };
}

/** The publishing settings a worker process runs with. */
export function publishingContext(
  config: Pick<TConfig, 'PUBLIC_URL' | 'WORKER_PUBLISH_CONCURRENCY' | 'PLATFORM_POLL_INTERVAL_MS'>,
  services: { publishers: TPublishers; secrets: TSecretBox },
): TPublishingContext {
  return {
    publishers: services.publishers,
    secrets: services.secrets,
    publicUrl: config.PUBLIC_URL,
    concurrency: config.WORKER_PUBLISH_CONCURRENCY,
    pollIntervalMs: config.PLATFORM_POLL_INTERVAL_MS,
  };
}
