/**
 * Benchmarks for Muse. Each figure is a ratio against a baseline measured in the same run on
 * the same machine, so results compare across machines; absolute times are printed for context.
 *
 *   npm run bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { WEB_DIST_DIR } from '../apps/server/src/lib/paths';
import { createServices } from '../apps/server/src/services';
import { benchDrafts } from './drafts';
import { benchGenerate, FOUR_WORKERS_GOAL } from './generate';
import { benchHttp, reportHttp } from './http';
import { benchLists, reportLists } from './lists';
import { benchQueue, reportQueue } from './jobs';
import { reportLandingJs } from './landing-js';
import { benchLighthouse, reportLighthouse } from './lighthouse';
import { benchPersonas } from './personas';
import { benchPlatformPublishing, reportPlatformPublishing } from './platform-publishing';
import { benchPublicApi, reportPublicApi } from './public-api';
import { benchPublicPage, reportPublicPage, reportPublicPageJs } from './public-page';
import { benchSignIn, reportSignIn } from './sign-in';
import { benchTalkingVideo } from './talking-video';
import { benchMainThreadPause, benchUpscale } from './upscale';
import { benchVideo } from './video';
import { benchWarmUp, reportWarmUp } from './warm-up';

type TInject = (options: { method: 'GET'; url: string }) => Promise<{ statusCode: number }>;

async function timePerRequest(inject: TInject, url: string, count: number): Promise<number> {
  for (let i = 0; i < 200; i += 1) await inject({ method: 'GET', url }); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) {
    const { statusCode } = await inject({ method: 'GET', url });
    if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / count;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir, log: () => {}, persistent: false });
  await runMigrations(embedded.url);
  const database = connectDatabase(embedded.url);
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOG_FORMAT: 'json',
      DATA_DIR: dataDir,
      // The bench's key makes thousands of calls a minute; its limit's lease is a twentieth.
      API_RATE_LIMIT_PER_MINUTE: '100000',
    });
    const services = await createServices(config);
    const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });

    // Baseline: a bare Fastify route that runs the same database round trip.
    const bare = Fastify({ logger: false });
    bare.get('/api/health', async () => {
      await database.pool.query('select 1');
      return { status: 'ok' };
    });

    const count = 2000;
    const baseline = await timePerRequest((o) => bare.inject(o), '/api/health', count);
    const muse = await timePerRequest((o) => app.inject(o), '/api/health', count);

    console.log('GET /api/health, in-process, one database round trip per request');
    console.log(`  bare Fastify baseline: ${baseline.toFixed(3)} ms/request`);
    console.log(
      `  Muse (security headers, request ids, validation): ${muse.toFixed(3)} ms/request`,
    );
    console.log(`  ratio Muse / baseline: ${(muse / baseline).toFixed(2)}`);

    reportHttp(await benchHttp(database, services, dataDir));
    reportSignIn(await benchSignIn(database, services, dataDir));
    reportLists(await benchLists(app, database));
    reportPublicApi(await benchPublicApi(app));

    reportPublicPage(await benchPublicPage(app, database, services, config));

    reportQueue(await benchQueue(app, database));
    await app.close();
    await services.stop();
    await bare.close();

    reportWarmUp(await benchWarmUp(config, database));

    const upscales = await benchUpscale();
    console.log(
      `\nLocal ESRGAN x4 upscale (WebAssembly), best of 1 after a warm-up: one thread, then ${upscales.threads} threads`,
    );
    for (const result of upscales.results)
      console.log(
        `  ${result.name}: ${(result.ms / 1000).toFixed(2)} s, ${(result.threadedMs / 1000).toFixed(2)} s on ${upscales.threads} threads (ratio ${(result.threadedMs / result.ms).toFixed(2)})`,
      );

    const pause = await benchMainThreadPause();
    console.log(
      '\nMain thread during a threaded 256×256 upscale (overlapping tiles), 10 ms ticker',
    );
    console.log(`  longest pause while idle (baseline): ${pause.idleMs} ms`);
    console.log(`  longest pause during the upscale: ${pause.upscaleMs} ms`);
    console.log(`  ratio upscale / idle: ${(pause.upscaleMs / pause.idleMs).toFixed(2)}`);

    const personas = await benchPersonas();
    console.log('\nPersona photos (512×640 JPEGs), median of 10, after the face models are loaded');
    console.log(`  bare decode and re-encode (baseline): ${personas.decodeMs.toFixed(0)} ms`);
    console.log(
      `  photo check, per photo: ${personas.checkMs.toFixed(0)} ms in-process, ${personas.threadedCheckMs.toFixed(0)} ms through the face thread (ratio to baseline ${(personas.threadedCheckMs / personas.decodeMs).toFixed(1)})`,
    );
    console.log(
      `  identity score, per image (10 references): ${personas.scoreMs.toFixed(0)} ms (ratio to baseline ${(personas.scoreMs / personas.decodeMs).toFixed(1)})`,
    );

    const generated = await benchGenerate(database);
    console.log(
      `\nGenerate through the queue, against the fake fal at ${generated.latencyMs / 1000} s per request (webhooks on)`,
    );
    console.log(
      `  direct request with fal's client, with the download: ${generated.directMs.toFixed(0)} ms`,
    );
    console.log(
      `  one image as a job (queue, webhook, safety check, score, storage): ${generated.jobMs.toFixed(0)} ms`,
    );
    console.log(
      `  ratio job / direct request: ${(generated.jobMs / generated.directMs).toFixed(2)}`,
    );
    const throughput = generated.oneWorkerS / generated.fourWorkersS;
    console.log(
      `  ${generated.images} images: ${generated.oneWorkerS.toFixed(1)} s with 1 worker (baseline), ${generated.fourWorkersS.toFixed(1)} s with 4 (throughput ratio ${throughput.toFixed(2)}, goal ≥ ${FOUR_WORKERS_GOAL}, ${throughput >= FOUR_WORKERS_GOAL ? 'met' : 'not met'})`,
    );
    console.log(
      `  offline engine, per image: ${generated.offlineMs.toFixed(0)} ms (ratio to a bare 1024 px JPEG encode ${(generated.offlineMs / generated.encodeMs).toFixed(1)})`,
    );

    reportPlatformPublishing(await benchPlatformPublishing(embedded.url));

    const video = await benchVideo();
    console.log(
      '\nOffline video engines, median of 3 after a warm-up, seconds of work per second of video',
    );
    console.log(
      `  motion clip, 5 s of 9:16 with parallax: ${video.motionClip.toFixed(2)} s/s (ratio to a bare H.264 encode of as many frames of a still, ${video.stillEncode.toFixed(2)} s/s: ${(video.motionClip / video.stillEncode).toFixed(1)})`,
    );
    console.log(
      `  face swap, 2 s of 384×480 at 12 fps with sound: ${video.faceSwap.toFixed(2)} s/s (ratio to a bare transcode of the clip, ${video.transcode.toFixed(2)} s/s: ${(video.faceSwap / video.transcode).toFixed(1)})`,
    );

    const talking = await benchTalkingVideo(database);
    console.log('\nTalking videos, median of 3 after a warm-up');
    console.log(
      `  offline, ${talking.speechSeconds.toFixed(1)} s of speech at 9:16: ${talking.offlineRate.toFixed(2)} s of video per CPU second (a bare H.264 encode of as many frames of a still: ${talking.encodeRate.toFixed(2)}; ratio ${(talking.offlineRate / talking.encodeRate).toFixed(2)})`,
    );
    console.log(
      `  hosted on the fake fal (${talking.latencyMs} ms a step): ${talking.jobMs.toFixed(0)} ms as a job, ${talking.directMs.toFixed(0)} ms calling the engine directly (queue overhead ${(talking.jobMs - talking.directMs).toFixed(0)} ms, ratio ${(talking.jobMs / talking.directMs).toFixed(2)})`,
    );

    const drafts = await benchDrafts(database);
    console.log(
      '\nDrafts, median of 15 after a warm-up (the fake answers at once: all but the model)',
    );
    console.log(
      `  a persona draft on the OpenAI-compatible engine: ${drafts.jobMs.toFixed(0)} ms as a job, ${drafts.directMs.toFixed(1)} ms calling the engine directly (Muse's overhead ${(drafts.jobMs - drafts.directMs).toFixed(0)} ms a draft)`,
    );
    console.log(
      `  the same draft from Muse's templates, as a job: ${drafts.offlineJobMs.toFixed(0)} ms`,
    );

    reportLandingJs(WEB_DIST_DIR);
    reportPublicPageJs(WEB_DIST_DIR);
    reportLighthouse(await benchLighthouse());
  } finally {
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
