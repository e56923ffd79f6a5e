/**
 * Publishing to the platforms at volume (docs/decisions/0051-platform-publishing.md): 1,000
 * posts due in the same minute, a quarter each on Instagram, TikTok, YouTube and X, against the
 * four platforms' fakes answering every call 200 ms late, published by one worker process and
 * then by four (each with WORKER_PUBLISH_CONCURRENCY's default). Goal: four take at most a third
 * of one's time. And the calendar's month view of the account with those posts, against the
 * same view of an empty account (goal at most 1.5×; both as the calendar's repeated looks and
 * polls find them, kept per change), and the first look after a change, for context.
 *
 * The posts are spread over 50 influencers, each with its own four connections, as an agency's
 * are: TikTok allows 6 posts a minute per account, and the fake holds Muse to it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TPublishPlatform } from '@muse/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, type TDatabaseHandle } from '../apps/server/src/db/client';
import { influencers, postItems, posts, postTargets } from '../apps/server/src/db/schema';
import { publishingContext, startWorker } from '../apps/server/src/modules/jobs/worker';
import { queueTarget } from '../apps/server/src/modules/platforms/targets';
import { createServices } from '../apps/server/src/services';
import { registerAccount, type TTestAccount } from '../apps/server/test/accounts';
import { startFakeGoogle } from '../apps/server/test/fakes/google-oidc';
import { startFakePlatformsServer } from '../apps/server/test/fakes/platforms';
import { createFakeInstagram } from '../apps/server/test/fakes/platforms/instagram';
import { createFakeTikTok } from '../apps/server/test/fakes/platforms/tiktok';
import { createFakeX } from '../apps/server/test/fakes/platforms/x';
import { createFakeYouTube } from '../apps/server/test/fakes/platforms/youtube';
import { freePort } from '../apps/server/test/ports';

const POSTS = 1_000;
const INFLUENCERS = 50;
const LATENCY_MS = 200;
const PLATFORMS: TPublishPlatform[] = ['instagram', 'tiktok', 'youtube', 'x'];
const silent = { info: () => {}, error: () => {} };

export type TPlatformPublishingFigures = {
  posts: number;
  latencyMs: number;
  concurrency: number;
  oneWorkerS: number;
  fourWorkersS: number;
  failed: number;
  emptyMonthMs: number;
  fullMonthMs: number;
  changedMonthMs: number;
};

export async function benchPlatformPublishing(
  databaseUrl: string,
): Promise<TPlatformPublishingFigures> {
  const instagram = createFakeInstagram();
  // The bench's accounts post hundreds a day; Instagram's own limit is covered by the tests.
  instagram.setQuotaTotal(1_000_000);
  const tiktok = createFakeTikTok();
  const x = createFakeX();
  const fakes = await startFakePlatformsServer([instagram, tiktok, createFakeYouTube(), x]);
  const google = await startFakeGoogle();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-bench-platforms-'));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PLATFORMS_API_URL: fakes.url,
    PLATFORM_POLL_INTERVAL_MS: '200',
    INSTAGRAM_APP_ID: instagram.clientId,
    INSTAGRAM_APP_SECRET: instagram.clientSecret,
    TIKTOK_CLIENT_KEY: tiktok.clientKey,
    TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    YOUTUBE_PUBLISHING: 'true',
  });
  const database = connectDatabase(databaseUrl, { poolSize: 20 });
  const services = await createServices(config);
  const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });
  await app.listen({ port, host: '127.0.0.1' });
  const workerPools: TDatabaseHandle[] = [];
  try {
    const owner = await registerAccount(app, 'bench-platforms');
    const empty = await registerAccount(app, 'bench-platforms-empty');
    const media = await mediaFiles(services.storage, owner.userId);

    async function connect(influencerId: string, platform: TPublishPlatform) {
      const started = await app.inject({
        method: 'POST',
        url: `/api/influencers/${influencerId}/platform-accounts/${platform}/connect`,
        headers: owner.headers,
      });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const consent = await fetch(started.json().url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      const done = await app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie } });
      if (done.statusCode !== 303 || !done.headers.location?.includes('connected='))
        throw new Error(`${platform} did not connect: ${done.headers.location}`);
    }

    /** 50 influencers with their four accounts, and 1,000 posts due now, spread over them. */
    async function seed(round: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < INFLUENCERS; i += 1) {
        const id = randomUUID();
        await database.db.insert(influencers).values({
          id,
          workspaceId: owner.userId,
          name: `Bench ${round}.${i}`,
          niche: 'fashion',
          description: 'A persona that posts a lot',
        });
        for (const platform of PLATFORMS) await connect(id, platform);
        ids.push(id);
      }
      const accounts = await database.pool.query<{
        id: string;
        influencer_id: string;
        platform: TPublishPlatform;
      }>('select id, influencer_id, platform from platform_accounts where workspace_id = $1', [
        owner.userId,
      ]);
      const accountOf = (influencerId: string, platform: TPublishPlatform) =>
        accounts.rows.find(
          (row) => row.influencer_id === influencerId && row.platform === platform,
        )!.id;
      const due = new Date();
      const targetIds: string[] = [];
      for (let n = 0; n < POSTS; n += 1) {
        const influencerId = ids[n % INFLUENCERS]!;
        const platform = PLATFORMS[Math.floor(n / INFLUENCERS) % PLATFORMS.length]!;
        const video = platform === 'tiktok' || platform === 'youtube';
        const postId = randomUUID();
        await database.db.insert(posts).values({
          id: postId,
          workspaceId: owner.userId,
          influencerId,
          influencerName: 'Bench',
          caption: `Round ${round}, post ${n} #bench`,
          priceCents: 0,
          status: 'published',
          publishAt: due,
          scheduled: true,
          timeZone: 'UTC',
          onPage: false,
        });
        await database.db.insert(postItems).values({
          postId,
          position: 0,
          kind: video ? 'video' : 'image',
          ...(video ? media.video : media.image),
          width: video ? 720 : 1080,
          height: video ? 1280 : 1080,
          durationMs: video ? 6000 : null,
          contentType: video ? 'video/mp4' : 'image/jpeg',
          fileName: video ? 'clip.mp4' : 'picture.jpg',
        });
        const [target] = await database.db
          .insert(postTargets)
          .values({
            postId,
            workspaceId: owner.userId,
            platform,
            accountId: accountOf(influencerId, platform),
            title: video ? `Bench ${n}` : null,
            privacyLevel: platform === 'tiktok' ? 'PUBLIC_TO_EVERYONE' : null,
          })
          .returning({ id: postTargets.id });
        targetIds.push(target!.id);
      }
      return targetIds;
    }

    async function publishAll(
      targetIds: string[],
      workers: number,
    ): Promise<{ seconds: number; failed: number }> {
      const started = await Promise.all(
        Array.from({ length: workers }, () => {
          const handle = connectDatabase(databaseUrl, {
            poolSize: config.WORKER_PUBLISH_CONCURRENCY + 6,
          });
          workerPools.push(handle);
          return startWorker({
            db: handle.db,
            pool: handle.pool,
            deps: services,
            concurrency: 1,
            log: silent,
            publishing: publishingContext(config, services),
          }).then((worker) => ({ worker, handle }));
        }),
      );
      fakes.setLatency(LATENCY_MS);
      const start = performance.now();
      for (const id of targetIds) await queueTarget(database.db, id, new Date());
      for (;;) {
        const [row] = await database.db
          .select({ left: count() })
          .from(postTargets)
          .where(
            and(
              inArray(postTargets.state, ['scheduled', 'publishing']),
              inArray(postTargets.id, targetIds),
            ),
          );
        if (!row?.left) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seconds = (performance.now() - start) / 1000;
      fakes.setLatency(0);
      await Promise.all(started.map(({ worker }) => worker.stop()));
      const [failed] = await database.db
        .select({ failed: count() })
        .from(postTargets)
        .where(and(eq(postTargets.state, 'failed'), inArray(postTargets.id, targetIds)));
      return { seconds, failed: failed?.failed ?? 0 };
    }

    const first = await publishAll(await seed(1), 1);
    const second = await publishAll(await seed(2), 4);

    const month = (account: TTestAccount) => {
      const now = new Date();
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      return () =>
        app.inject({
          method: 'GET',
          // As the month table asks: a busy day's first three posts and every day's count.
          url: `/api/posts?from=${from.toISOString()}&to=${to.toISOString()}&timeZone=UTC&perDay=3`,
          // As a browser asks: the answer is kept compressed.
          headers: { ...account.headers, 'accept-encoding': 'br, gzip' },
        });
    };
    const timeMonth = async (
      get: () => Promise<{ statusCode: number }>,
      before: () => void = () => {},
    ) => {
      for (let i = 0; i < 5; i += 1) await get();
      const times: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        before();
        const start = performance.now();
        const { statusCode } = await get();
        if (statusCode !== 200) throw new Error(`/api/posts answered ${statusCode}`);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    };
    // As autovacuum leaves tables that grew (bench/lists.ts).
    await database.pool.query('vacuum analyze posts, post_items, post_targets');
    const emptyMonthMs = await timeMonth(month(empty));
    const fullMonthMs = await timeMonth(month(owner));
    // The first look after a change reads and encodes the month again.
    const changedMonthMs = await timeMonth(month(owner), () =>
      app.calendarCache.forget(owner.userId),
    );
    return {
      posts: POSTS,
      latencyMs: LATENCY_MS,
      concurrency: config.WORKER_PUBLISH_CONCURRENCY,
      oneWorkerS: first.seconds,
      fourWorkersS: second.seconds,
      failed: first.failed + second.failed,
      emptyMonthMs,
      fullMonthMs,
      changedMonthMs,
    };
  } finally {
    await app.close();
    await services.stop();
    for (const handle of workerPools) await handle.close();
    await database.close();
    await fakes.stop();
    await google.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One picture and one clip in storage, shared by every post (the bench deletes nothing). */
async function mediaFiles(
  storage: { put: (key: string, data: Buffer) => Promise<void> },
  userId: string,
) {
  const folder = `posts/bench-${userId}`;
  const picture = await sharp({
    create: { width: 1080, height: 1080, channels: 3, background: '#c48' },
  })
    .jpeg()
    .toBuffer();
  await storage.put(`${folder}/picture.jpg`, picture);
  await storage.put(`${folder}/clip.mp4`, Buffer.alloc(200_000, 7));
  await storage.put(`${folder}/thumb.webp`, await sharp(picture).webp().toBuffer());
  const files = (key: string) => ({
    key,
    thumbnailKey: `${folder}/thumb.webp`,
    blurredKey: `${folder}/thumb.webp`,
  });
  return { image: files(`${folder}/picture.jpg`), video: files(`${folder}/clip.mp4`) };
}

export function reportPlatformPublishing(figures: TPlatformPublishingFigures): void {
  const ratio = figures.oneWorkerS / figures.fourWorkersS;
  console.log(
    `\nPublishing to the platforms: ${figures.posts} posts due at once, a quarter each on Instagram, TikTok, YouTube and X, fakes answering ${figures.latencyMs} ms late, ${figures.concurrency} at once per worker`,
  );
  console.log(`  one worker: ${figures.oneWorkerS.toFixed(1)} s (N)`);
  console.log(
    `  four workers: ${figures.fourWorkersS.toFixed(1)} s (ratio ${ratio.toFixed(2)}, goal at most N/3: ${ratio >= 3 ? 'met' : 'not met'})`,
  );
  if (figures.failed) console.log(`  failed targets: ${figures.failed} (should be none)`);
  const month = figures.fullMonthMs / figures.emptyMonthMs;
  console.log(
    `  calendar month view: ${figures.emptyMonthMs.toFixed(1)} ms empty, ${figures.fullMonthMs.toFixed(1)} ms with ${figures.posts * 2} posts (ratio ${month.toFixed(2)}, goal at most 1.5: ${month <= 1.5 ? 'met' : 'not met'})`,
  );
  console.log(
    `  the same month's first look after a change (read and encoded again): ${figures.changedMonthMs.toFixed(1)} ms (ratio to empty ${(figures.changedMonthMs / figures.emptyMonthMs).toFixed(1)})`,
  );
}
