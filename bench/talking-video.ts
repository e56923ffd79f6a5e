/**
 * Talking videos on this machine. Offline: seconds of talking video made per second of CPU (the
 * process's own threads and the ffmpeg it runs), for a script spoken by the offline synthesizer
 * at 9:16, against a bare H.264 encode of as many frames of a still, measured the same way in
 * the same run, in turns. Hosted: a talking video as a job (queued, its voice read, three steps
 * on the fake fal with a fixed latency each, checked, scored, stored) against the same engine
 * called directly on the same fake, so the difference is the queue's own overhead. Prints
 * nothing: the caller reports the results.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { jobs } from '../apps/server/src/db/schema';
import { createFalConnection } from '../apps/server/src/engines/fal/client';
import { createFalTalkingVideoEngine } from '../apps/server/src/engines/fal/talking-video';
import { withTempDir } from '../apps/server/src/engines/local/video/ffmpeg';
import {
  encodeFrames,
  H264_MP4_OUTPUT,
  rawFramesInput,
} from '../apps/server/src/engines/local/video/frame-pipe';
import { VIDEO_FPS, VIDEO_SIZES } from '../apps/server/src/engines/local/video/motion-clip';
import { createLocalTalkingVideoEngine } from '../apps/server/src/engines/local/video/talking-head';
import { SERVER_ROOT } from '../apps/server/src/lib/paths';
import { startWorker } from '../apps/server/src/modules/jobs/worker';
import { createServices } from '../apps/server/src/services';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { startFakeFal } from '../apps/server/test/fakes/fal';
import { multipartForm } from '../apps/server/test/images';
import { freePort } from '../apps/server/test/ports';

const SCRIPT =
  'Hi, I am Mara. Three looks for a rainy weekend in the city: a trench, a knit, and boots that keep you dry.';
const LATENCY_MS = 1_000;
const ENDPOINTS = [
  'fal-ai/minimax/speech-2.8-hd',
  'fal-ai/kling-video/ai-avatar/v2/standard',
] as const;
const RUNS = 3;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * CPU seconds this process has used so far: its own threads (engine threads included) and the
 * children it has waited for (ffmpeg), from the kernel's count in clock ticks.
 */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces) start at the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return (utime! + stime! + cutime! + cstime!) / 100;
}

/** A bare encode of `count` copies of one RGB frame, with the engines' own settings. */
function encodeStill(frame: Buffer, width: number, height: number, count: number) {
  return withTempDir(async (dir) => {
    async function* copies() {
      for (let i = 0; i < count; i += 1) yield frame;
    }
    await encodeFrames(
      [
        ...rawFramesInput(width, height, VIDEO_FPS),
        ...H264_MP4_OUTPUT,
        '-an',
        '-y',
        path.join(dir, 'still.mp4'),
      ],
      copies(),
    );
  });
}

export type TTalkingVideoBench = {
  /** Seconds of talking video made per CPU second, offline, and the bare encode's. */
  offlineRate: number;
  encodeRate: number;
  speechSeconds: number;
  latencyMs: number;
  /** A hosted talking video called directly on the fake, and as a job. */
  directMs: number;
  jobMs: number;
};

async function benchOffline(photo: Buffer) {
  const engine = createLocalTalkingVideoEngine();
  const options = {
    influencerId: 'persona',
    script: SCRIPT,
    recorded: false,
    aspectRatio: '9:16',
    captions: false,
    audio: null,
    voice: { kind: 'stock', stockVoice: 'aria' },
  } as const;
  const context = { onProgress: () => {} };
  const still = await sharp(photo).png().toBuffer();
  const [width, height] = VIDEO_SIZES['9:16'];
  const frame = await sharp(photo)
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const made = await engine.run(still, options, context); // warm-up: the face mesh loads
  const rates: [number[], number[]] = [[], []];
  for (let round = 0; round < RUNS; round += 1) {
    let at = cpuSeconds();
    const video = await engine.run(still, options, context);
    rates[0].push(video.durationSeconds / (cpuSeconds() - at));
    at = cpuSeconds();
    await encodeStill(frame, width, height, Math.round(video.durationSeconds * VIDEO_FPS));
    rates[1].push(video.durationSeconds / (cpuSeconds() - at));
  }
  return {
    offlineRate: median(rates[0]),
    encodeRate: median(rates[1]),
    speechSeconds: made.speechSeconds,
  };
}

async function waitAll(database: TDatabaseHandle, ids: string[]) {
  for (;;) {
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    const failed = rows.find((row) => row.status === 'failed');
    if (failed) throw new Error(`job failed: ${failed.failureReason}`);
    if (rows.every((row) => row.status === 'succeeded')) return rows;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function benchTalkingVideo(database: TDatabaseHandle): Promise<TTalkingVideoBench> {
  const photo = readFileSync(
    path.join(SERVER_ROOT, 'test/fixtures/photos/persona/same-person-01.jpg'),
  );
  const offline = await benchOffline(photo);

  const fal = await startFakeFal();
  for (const endpoint of ENDPOINTS) fal.script(endpoint, { latencyMs: LATENCY_MS });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-bench-talking-'));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    ENGINE_TALKING_VIDEO: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_API_URL: fal.url,
    FAL_WEBHOOKS: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const services = await createServices(config);
  const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });
  await app.listen({ port, host: '127.0.0.1' });
  const connection = createFalConnection({ key: fal.apiKey, apiUrl: fal.url });
  const direct = createFalTalkingVideoEngine(connection, { pollIntervalMs: 100 });
  const account = await registerAccount(app, 'bench-talking');
  await buyPlan(app, account, 'growth');
  const created = await app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: account.headers,
    payload: multipartForm({ name: 'Mara', niche: 'fashion', description: 'Street style' }),
  });
  const influencerId: string = created.json().influencer.id;
  const still = await sharp(photo).png().toBuffer();
  const talk = async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: account.headers,
      payload: multipartForm({ tool: 'talking-video', influencerId, script: SCRIPT }, [
        { field: 'image', name: 'mara.png', type: 'image/png', data: still },
      ]),
    });
    if (answer.statusCode !== 201) throw new Error(`talking video answered ${answer.body}`);
    return answer.json().job.id as string;
  };
  const worker = await startWorker({
    db: database.db,
    pool: database.pool,
    deps: services,
    concurrency: 1,
    log: { info: () => {}, error: () => {} },
  });
  try {
    await waitAll(database, [await talk()]); // warm-up: the safety and face models load
    const directMs: number[] = [];
    const jobMs: number[] = [];
    // Direct calls and jobs alternate, so both see the same load on the machine.
    for (let round = 0; round < RUNS; round += 1) {
      const started = performance.now();
      await direct.run(
        still,
        {
          influencerId,
          script: SCRIPT,
          recorded: false,
          aspectRatio: '9:16',
          captions: false,
          audio: null,
          voice: { kind: 'stock', stockVoice: 'aria' },
        },
        { onProgress: () => {} },
      );
      directMs.push(performance.now() - started);
      const [row] = await waitAll(database, [await talk()]);
      jobMs.push(row!.finishedAt!.getTime() - row!.createdAt.getTime());
    }
    await database.db.delete(jobs).where(eq(jobs.workspaceId, account.userId));
    return { ...offline, latencyMs: LATENCY_MS, directMs: median(directMs), jobMs: median(jobMs) };
  } finally {
    await worker.stop();
    await app.close();
    await services.stop();
    await fal.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
