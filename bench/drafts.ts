/**
 * Drafts on this machine (docs/product/drafts.md). A persona draft as a job (queued in the
 * drafts' lane, paid, written by the OpenAI-compatible engine through the real `openai` client
 * against the local fake of the chat-completions protocol, checked, stored, announced) against
 * the same engine called directly on the same fake, so the difference is Muse's own overhead per
 * draft; and an offline caption draft from Muse's templates as a job. No language model runs
 * here: the fake answers at once, so what is measured is everything but the model. Prints
 * nothing: the caller reports the results.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { jobs } from '../apps/server/src/db/schema';
import { createOpenAiCompatibleEngine } from '../apps/server/src/engines/text/openai-compatible';
import { startWorker } from '../apps/server/src/modules/jobs/worker';
import { createServices } from '../apps/server/src/services';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { startFakeChatCompletions } from '../apps/server/test/fakes/chat-completions';

const RUNS = 15;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type TDraftsBench = {
  /** A draft called on the engine directly, ms (median). */
  directMs: number;
  /** The same draft as a job, queued to finished, ms (median). */
  jobMs: number;
  /** An offline draft (Muse's templates) as a job, ms (median). */
  offlineJobMs: number;
};

async function finished(database: TDatabaseHandle, id: string) {
  for (;;) {
    const [row] = await database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [id]));
    if (row?.status === 'failed') throw new Error(`draft failed: ${row.failureReason}`);
    if (row?.status === 'succeeded') return row;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function timeJobs(
  database: TDatabaseHandle,
  env: NodeJS.ProcessEnv,
  body: object,
): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-bench-drafts-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    ...env,
  });
  const services = await createServices(config);
  const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });
  const worker = await startWorker({
    db: database.db,
    pool: database.pool,
    deps: services,
    concurrency: 1,
    log: { info: () => {}, error: () => {} },
  });
  try {
    const account = await registerAccount(app, 'bench-drafts');
    await buyPlan(app, account, 'growth');
    const draft = async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/drafts',
        headers: account.headers,
        payload: body,
      });
      if (answer.statusCode !== 201) throw new Error(`draft answered ${answer.body}`);
      return finished(database, answer.json().job.id as string);
    };
    await draft(); // warm-up
    const times: number[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      const row = await draft();
      times.push(row.finishedAt!.getTime() - row.createdAt.getTime());
    }
    await database.db.delete(jobs).where(eq(jobs.workspaceId, account.userId));
    return median(times);
  } finally {
    await worker.stop();
    await app.close();
    await services.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchDrafts(database: TDatabaseHandle): Promise<TDraftsBench> {
  const text = await startFakeChatCompletions();
  try {
    const engine = createOpenAiCompatibleEngine({
      url: text.url,
      apiKey: text.apiKey,
      model: 'bench-model',
      timeoutMs: 10_000,
      acceptsImages: false,
    });
    const request = { niche: 'travel' as const, name: 'Ava' };
    await engine.persona(request); // warm-up: the client's first connection
    const direct: number[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      const started = performance.now();
      await engine.persona(request);
      direct.push(performance.now() - started);
    }
    const body = { kind: 'persona', niche: 'travel', name: 'Ava' };
    const jobMs = await timeJobs(
      database,
      {
        ENGINE_TEXT: 'openai-compatible',
        TEXT_API_URL: text.url,
        TEXT_API_KEY: text.apiKey,
        TEXT_MODEL: 'bench-model',
      },
      body,
    );
    const offlineJobMs = await timeJobs(database, {}, body);
    return { directMs: median(direct), jobMs, offlineJobMs };
  } finally {
    await text.close();
  }
}
