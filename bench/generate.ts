/**
 * Generation through the queue, against the fake fal with a fixed 2 s latency per request
 * (webhooks on, as in production): the time one image takes as a job, against the same request
 * made directly with fal's client in the same run; the throughput of 4 concurrent workers
 * against 1; and the offline engine's time per image, against a bare 1024 px JPEG encode.
 * Prints nothing: the caller reports the results.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { jobs } from '../apps/server/src/db/schema';
import { createFalConnection } from '../apps/server/src/engines/fal/client';
import { createLocalGenerateEngine } from '../apps/server/src/engines/local/generate';
import { SERVER_ROOT } from '../apps/server/src/lib/paths';
import { startWorker } from '../apps/server/src/modules/jobs/worker';
import { createServices } from '../apps/server/src/services';
import { startFakeFal } from '../apps/server/test/fakes/fal';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { freePort } from '../apps/server/test/ports';

const LATENCY_MS = 2_000;
/** 4 workers against 1 on the same images: at least this throughput ratio. */
export const FOUR_WORKERS_GOAL = 3.5;
const ENDPOINT = 'fal-ai/flux/dev';
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type TGenerateBench = {
  latencyMs: number;
  /** A direct request with fal's client, plus the download (the baseline). */
  directMs: number;
  /** One image as a job: queued, submitted, woken by the webhook, checked, scored, stored. */
  jobMs: number;
  images: number;
  /** Seconds for `images` images with 1 worker and with 4. */
  oneWorkerS: number;
  fourWorkersS: number;
  /** The offline engine, per image (warm), and a bare 1024 px JPEG encode (its baseline). */
  offlineMs: number;
  encodeMs: number;
};

async function waitAll(database: TDatabaseHandle, ids: string[]) {
  for (;;) {
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    const failed = rows.find((row) => row.status === 'failed');
    if (failed) throw new Error(`job failed: ${failed.failureReason}`);
    if (rows.every((row) => row.status === 'succeeded')) return rows;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function benchGenerate(database: TDatabaseHandle): Promise<TGenerateBench> {
  const fal = await startFakeFal();
  fal.script(ENDPOINT, { latencyMs: LATENCY_MS });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-bench-generate-'));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    ENGINE_GENERATE_IMAGE: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_API_URL: fal.url,
    FAL_WEBHOOKS: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const services = await createServices(config);
  const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });
  await app.listen({ port, host: '127.0.0.1' });
  const input = { prompt: 'a portrait on a beach', image_size: { width: 816, height: 1024 } };
  const connection = createFalConnection({ key: fal.apiKey, apiUrl: fal.url });
  const account = await registerAccount(app, 'bench');
  await buyPlan(app, account, 'growth');
  // An account has at most MAX_UNFINISHED_JOBS (4) jobs at once: 8 at once are two accounts'.
  const other = await registerAccount(app, 'bench-other');
  await buyPlan(app, other, 'growth');
  const generate = async (count: number, by = account) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: by.headers,
      payload: { prompt: 'a portrait on a beach', count, aspectRatio: '4:5' },
    });
    if (answer.statusCode !== 201) throw new Error(`generate answered ${answer.body}`);
    return (answer.json().jobs as { id: string }[]).map((job) => job.id);
  };

  let worker: { stop: () => Promise<void> } | null = null;
  try {
    // Direct requests and jobs alternate, so both see the same load on the machine.
    const direct: number[] = [];
    const asJob: number[] = [];
    worker = await startWorker({
      db: database.db,
      pool: database.pool,
      deps: services,
      concurrency: 1,
      log: { info: () => {}, error: () => {} },
    });
    await waitAll(database, await generate(1)); // warm-up: the safety and face models load
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const result = await connection.client.subscribe(ENDPOINT, { input, pollInterval: 100 });
      const images = (result.data as { images: { url: string }[] }).images;
      await connection.fetchFile(images[0]!.url);
      direct.push(performance.now() - started);
      const [id] = await generate(1);
      const [row] = await waitAll(database, [id!]);
      asJob.push(row!.finishedAt!.getTime() - row!.createdAt.getTime());
    }

    const images = 8;
    let started = performance.now();
    await waitAll(database, await generate(4));
    await waitAll(database, await generate(4));
    const oneWorkerS = (performance.now() - started) / 1000;
    await worker.stop();
    worker = null;
    worker = await startWorker({
      db: database.db,
      pool: database.pool,
      deps: services,
      concurrency: 4,
      log: { info: () => {}, error: () => {} },
    });
    started = performance.now();
    await waitAll(database, [...(await generate(4)), ...(await generate(4, other))]);
    const fourWorkersS = (performance.now() - started) / 1000;
    await worker.stop();
    worker = null;

    // The offline engine in this thread, warm.
    const engine = createLocalGenerateEngine();
    const reference = readFileSync(
      path.join(SERVER_ROOT, 'test/fixtures/photos/persona/same-person-01.jpg'),
    );
    const options = {
      influencerId: null,
      prompt: 'on a beach at sunset',
      style: 'golden-hour',
      aspectRatio: '4:5',
      seed: 1,
      persona: { name: 'Mara', triggerWord: null, loraKey: null },
    } as const;
    const context = { onProgress: () => {} };
    await engine.run(reference, options, context);
    const offline: number[] = [];
    const encode: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      let at = performance.now();
      await engine.run(reference, { ...options, seed: i + 2 }, context);
      offline.push(performance.now() - at);
      at = performance.now();
      await sharp(reference).resize(816, 1024, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
      encode.push(performance.now() - at);
    }
    await database.db.delete(jobs).where(inArray(jobs.workspaceId, [account.userId, other.userId]));
    return {
      latencyMs: LATENCY_MS,
      directMs: median(direct),
      jobMs: median(asJob),
      images,
      oneWorkerS,
      fourWorkersS,
      offlineMs: median(offline),
      encodeMs: median(encode),
    };
  } finally {
    await worker?.stop();
    await app.close();
    await services.stop();
    await fal.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
