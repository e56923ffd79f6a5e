/**
 * Publishing to the platforms end to end (docs/product/platform-publishing.md): the API on real
 * PostgreSQL, listening on a port (the platforms fetch Muse's signed links), a worker that
 * publishes, and the four platforms' fakes behind PLATFORMS_API_URL, reached by the real
 * clients (`twitter-api-v2`, `@googleapis/youtube`, typed fetch for Instagram and TikTok).
 */
import { Writable } from 'node:stream';
import type { TPost } from '@muse/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccounts, posts } from '../src/db/schema';
import { publishingContext, startWorker } from '../src/modules/jobs/worker';
import { publishTarget } from '../src/modules/platforms/targets';
import type { TPublisher } from '../src/modules/platforms/publisher';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { checkerboard, platformWorld } from './platform-world';
import { createTestApp, type TTestContext } from './app';
import { waitFor } from './creations';
import { startFakeGoogle, type TFakeGoogle } from './fakes/google-oidc';
import { startFakePlatformsServer, type TFakePlatformsServer } from './fakes/platforms';
import { createFakeInstagram, type TFakeInstagram } from './fakes/platforms/instagram';
import { createFakeTikTok, type TFakeTikTok } from './fakes/platforms/tiktok';
import { createFakeX, type TFakeX } from './fakes/platforms/x';
import { createFakeYouTube, type TFakeYouTube } from './fakes/platforms/youtube';
import { secondInstance } from './instances';
import { freePort } from './ports';

const instagram: TFakeInstagram = createFakeInstagram();
const tiktok: TFakeTikTok = createFakeTikTok();
const youtube: TFakeYouTube = createFakeYouTube();
const x: TFakeX = createFakeX();
let platforms: TFakePlatformsServer;
let google: TFakeGoogle;
let ctx: TTestContext;
let worker: { stop: () => Promise<void> };
/** Every line the API and the worker logged, and every answer's body. */
const logged: string[] = [];
const answered: string[] = [];

beforeAll(async () => {
  platforms = await startFakePlatformsServer([instagram, tiktok, youtube, x]);
  google = await startFakeGoogle();
  const port = await freePort();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  ctx = await createTestApp(
    {
      LOG_LEVEL: 'info',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PLATFORMS_API_URL: platforms.url,
      PLATFORM_POLL_INTERVAL_MS: '10',
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
    },
    logStream,
  );
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const log = (line: string) => logged.push(line);
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 1,
    log: { info: log, error: (object, message) => log(`${message} ${JSON.stringify(object)}`) },
    publishing: publishingContext(ctx.config, ctx.app.services),
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await platforms?.stop();
  await google?.stop();
});

const { db, call, influencer, galleryItem, connect, schedule, postOf, target } = platformWorld(
  () => ctx,
  { onAnswer: (body) => answered.push(body) },
);

/** Waits until every target of the post has settled (published or failed). */
async function settled(owner: TTestAccount, id: string): Promise<TPost> {
  let post: TPost | undefined;
  await waitFor(async () => {
    post = await postOf(owner, id);
    return (
      (!post.onPage || post.status === 'published') &&
      post.targets.every((target) => target.state === 'published' || target.state === 'failed')
    );
  }, 60_000);
  return post!;
}

describe('publishing to the platforms', () => {
  let owner: TTestAccount;
  let influencerId: string;

  beforeAll(async () => {
    owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'growth');
    influencerId = await influencer(owner);
  }, 60_000);

  it('connects all four accounts, with the tokens sealed in the database and in no answer', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube', 'x'] as const)
      await connect(owner, influencerId, platform);
    const answer = await call(owner, { url: `/api/influencers/${influencerId}/platform-accounts` });
    expect(answer.statusCode).toBe(200);
    const { accounts } = answer.json();
    expect(accounts.map((account: { platform: string }) => account.platform).sort()).toEqual([
      'instagram',
      'tiktok',
      'x',
      'youtube',
    ]);
    for (const account of accounts) {
      expect(account.status).toBe('connected');
      expect(account.username).not.toBe('');
    }
    // The account's picture is Muse's own copy, served by a signed link: pages load nothing
    // from a platform.
    const instagramAccount = accounts.find(
      (account: { platform: string }) => account.platform === 'instagram',
    );
    expect(instagramAccount.pictureUrl).toMatch(/^\/api\/files\/users\//);
    const picture = await ctx.app.inject({ url: instagramAccount.pictureUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const rows = await db()
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.influencerId, influencerId));
    for (const row of rows) {
      // Sealed: the column is the secret box's envelope, and opens to the platform's token.
      expect(row.accessToken).toMatch(/^v1\./);
      const plain = ctx.app.services.secrets.open(row.accessToken);
      expect(plain.length).toBeGreaterThan(8);
      expect(row.accessToken).not.toContain(plain);
    }
  });

  it('publishes a picture to Instagram and X and a video to TikTok and YouTube at their time, with the AI flags', async () => {
    const picture = await galleryItem(owner, influencerId, 'image', 800, 1000);
    const clip = await galleryItem(owner, influencerId, 'video', 720, 1280);
    const photoPost = await schedule(owner, influencerId, {
      itemIds: [picture],
      targets: [{ platform: 'instagram' }, { platform: 'x', caption: 'On X: new look' }],
    });
    const videoPost = await schedule(owner, influencerId, {
      itemIds: [clip],
      onPage: false,
      targets: [{ platform: 'tiktok' }, { platform: 'youtube', title: 'New look' }],
    });
    expect(photoPost.targets.map((item) => item.state)).toEqual(['scheduled', 'scheduled']);
    expect(target(photoPost, 'x').caption).toBe('On X: new look');

    const photos = await settled(owner, photoPost.id);
    const videos = await settled(owner, videoPost.id);
    for (const item of [...photos.targets, ...videos.targets]) {
      expect(item.state, JSON.stringify(item)).toBe('published');
      expect(item.url).toMatch(/^https:\/\//);
    }
    expect(target(photos, 'instagram').url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    expect(target(photos, 'x').url).toMatch(/^https:\/\/x\.com\/.+\/status\/\d+/);
    expect(target(videos, 'tiktok').url).toMatch(/^https:\/\/www\.tiktok\.com\/@/);
    expect(target(videos, 'youtube').url).toMatch(/^https:\/\/www\.youtube\.com\/shorts\//);

    // Instagram fetched Muse's signed link, and got a JPEG made from the PNG.
    const [igPost] = instagram.posts();
    expect(igPost?.caption).toMatch(/^New look #style \d+$/);
    expect(instagram.downloads().at(-1)).toMatchObject({ status: 200, contentType: 'image/jpeg' });
    expect(x.tweets().at(-1)).toMatchObject({ text: 'On X: new look', mediaKinds: ['image'] });
    // The platforms' AI fields said it is AI-made.
    expect(tiktok.posts().at(-1)).toMatchObject({ kind: 'video', isAigc: true });
    expect(youtube.videos().at(-1)?.status.containsSyntheticMedia).toBe(true);
    expect(youtube.videos().at(-1)?.snippet.title).toBe('New look');
    // The post only for the platforms is not on the Muse page.
    const { handle } = photos;
    const page = await ctx.app.inject({ url: `/api/public/pages/${handle}` });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().posts.map((post: { id: string }) => post.id);
    expect(shown).toContain(photoPost.id);
    expect(shown).not.toContain(videoPost.id);
  });

  it('refreshes an expired token and publishes; a revoked account fails its target with Reconnect while the others publish', async () => {
    const [tiktokAccount] = await db()
      .select()
      .from(platformAccounts)
      .where(
        sql`${platformAccounts.influencerId} = ${influencerId} and ${platformAccounts.platform} = 'tiktok'`,
      );
    const openId = tiktokAccount!.remoteId;
    tiktok.expireAccessTokens(openId);
    const clip = await galleryItem(owner, influencerId, 'video', 720, 1280);
    const first = await settled(
      owner,
      (
        await schedule(owner, influencerId, {
          itemIds: [clip],
          onPage: false,
          targets: [{ platform: 'tiktok' }],
        })
      ).id,
    );
    expect(target(first, 'tiktok').state).toBe('published');
    const [refreshed] = await db()
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.id, tiktokAccount!.id));
    expect(refreshed!.accessToken).not.toBe(tiktokAccount!.accessToken);

    tiktok.revoke(openId);
    const picture = await galleryItem(owner, influencerId, 'image', 1080, 1350);
    const tweetsBefore = x.tweets().length;
    const second = await settled(
      owner,
      (
        await schedule(owner, influencerId, {
          itemIds: [picture],
          targets: [{ platform: 'tiktok' }, { platform: 'x' }],
        })
      ).id,
    );
    expect(target(second, 'tiktok')).toMatchObject({
      state: 'failed',
      failure: { code: 'RECONNECT', message: 'Reconnect your TikTok account' },
    });
    expect(target(second, 'x').state).toBe('published');
    expect(x.tweets().length).toBe(tweetsBefore + 1);
    const accounts = (
      await call(owner, { url: `/api/influencers/${influencerId}/platform-accounts` })
    ).json().accounts as { platform: string; status: string }[];
    expect(accounts.find((account) => account.platform === 'tiktok')?.status).toBe('revoked');
    // A new post cannot choose it until it is connected again.
    const refused = await call(owner, {
      method: 'POST',
      url: '/api/posts',
      payload: {
        influencerId,
        itemIds: [picture],
        priceCents: 0,
        publishAt: null,
        timeZone: 'UTC',
        targets: [{ platform: 'tiktok' }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PLATFORM_NOT_CONNECTED',
      field: 'targets.tiktok',
    });
    // Connected again, the failed target goes out on 'Try again'.
    tiktok.nextAccount(openId);
    await connect(owner, influencerId, 'tiktok');
    const retried = await call(owner, {
      method: 'POST',
      url: `/api/posts/${second.id}/targets/tiktok/retry`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(target(await settled(owner, second.id), 'tiktok').state).toBe('published');
  });

  it('waits while a platform is rate-limited, says until when, then publishes', async () => {
    x.rateLimitNext(1, { resetInSeconds: 3 });
    const picture = await galleryItem(owner, influencerId, 'image', 1000, 1000);
    const post = await schedule(owner, influencerId, {
      itemIds: [picture],
      targets: [{ platform: 'x' }],
    });
    await waitFor(async () => !!target(await postOf(owner, post.id), 'x').waitUntil, 30_000);
    const waiting = target(await postOf(owner, post.id), 'x');
    expect(waiting.state).toBe('scheduled');
    expect(new Date(waiting.waitUntil!).getTime()).toBeGreaterThan(Date.now() - 5_000);
    const done = target(await settled(owner, post.id), 'x');
    expect(done.state, JSON.stringify(done)).toBe('published');
  });

  it('after a crash between the platform’s steps, the retry posts once', async () => {
    const picture = await galleryItem(owner, influencerId, 'image', 1080, 1080);
    // Scheduled an hour ahead, then made due in the database: the queue's message still waits,
    // so this test runs the task itself.
    const post = await schedule(owner, influencerId, {
      itemIds: [picture],
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      targets: [{ platform: 'instagram' }],
    });
    await db()
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, post.id));
    const [row] = await db()
      .execute<{ id: string }>(sql`select id from post_targets where post_id = ${post.id}`)
      .then((result) => result.rows);
    const services = ctx.app.services;
    const real = services.publishers.instagram!;
    // The process dies once the container is made and its id kept: before media_publish.
    const crashing: TPublisher = {
      ...real,
      publish: (request) =>
        real.publish({
          ...request,
          saveProgress: async (progress) => {
            await request.saveProgress(progress);
            throw new Error('the worker process died');
          },
        }),
    };
    const deps = (publisher: TPublisher) => ({
      db: db(),
      storage: services.storage,
      files: services.files,
      secrets: services.secrets,
      publicUrl: ctx.config.PUBLIC_URL,
      pollIntervalMs: 10,
      signal: new AbortController().signal,
      publishers: { instagram: publisher },
      concurrency: 1,
    });
    const containersBefore = instagram.containers().length;
    const postsBefore = instagram.posts().length;
    await expect(publishTarget(deps(crashing), row!.id)).rejects.toThrow('the worker process died');
    expect(target(await postOf(owner, post.id), 'instagram').state).toBe('publishing');
    await publishTarget(deps(real), row!.id);
    expect(target(await postOf(owner, post.id), 'instagram').state).toBe('published');
    expect(instagram.containers().length).toBe(containersBefore + 1);
    expect(instagram.posts().length).toBe(postsBefore + 1);
  });

  it('refuses a 3:2 video for TikTok and YouTube and a 5-picture post for X before it is scheduled, saying why', async () => {
    const wide = await galleryItem(owner, influencerId, 'video', 1200, 800);
    for (const platform of ['tiktok', 'youtube'] as const) {
      const answer = await call(owner, {
        method: 'POST',
        url: '/api/posts',
        payload: {
          influencerId,
          itemIds: [wide],
          priceCents: 0,
          publishAt: new Date(Date.now() + 60_000).toISOString(),
          timeZone: 'UTC',
          targets: [{ platform, title: 'Wide' }],
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'PLATFORM_RULES', field: `targets.${platform}` });
      expect(answer.json().error).toMatch(/takes vertical video: video 1 is 1\.5:1/);
    }
    const pictures = await Promise.all(
      [0, 1, 2, 3, 4].map(() => galleryItem(owner, influencerId, 'image', 1000, 1000)),
    );
    const answer = await call(owner, {
      method: 'POST',
      url: '/api/posts',
      payload: {
        influencerId,
        itemIds: pictures,
        priceCents: 0,
        publishAt: null,
        timeZone: 'UTC',
        targets: [{ platform: 'x' }],
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'PLATFORM_RULES',
      field: 'targets.x',
      error: 'X takes up to 4 pictures in a post: this one has 5',
    });
  });

  it('sends a pay-per-view post as its blurred preview with the unlock link', async () => {
    const picture = await galleryItem(owner, influencerId, 'image', 1080, 1350, 'checkerboard');
    const post = await schedule(owner, influencerId, {
      itemIds: [picture],
      priceCents: 500,
      targets: [{ platform: 'instagram' }],
    });
    const done = target(await settled(owner, post.id), 'instagram');
    expect(done.state, JSON.stringify(done)).toBe('published');
    const sent = instagram.posts().at(-1)!;
    expect(sent.caption).toContain(`Unlock it on Muse: ${ctx.config.PUBLIC_URL}/i/`);
    expect(sent.caption).toContain(`/posts/${post.id}`);
    // What Instagram fetched was the blurred preview, a JPEG of the picture's shape, not the
    // original: the checkerboard's sharp edges are gone.
    const fetched = instagram.downloads().at(-1)!;
    expect(new URL(fetched.url).pathname).toContain('/out/');
    const image = Buffer.from(await (await fetch(fetched.url)).arrayBuffer());
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(1080 / 1350, 2);
    const [sent_, original] = await Promise.all([
      sharp(image).stats(),
      sharp(await checkerboard(1080, 1350)).stats(),
    ]);
    expect(sent_.sharpness).toBeLessThan(original.sharpness / 10);
  });

  it('reads the counts when the creator opens the post, and sums them per platform', async () => {
    const picture = await galleryItem(owner, influencerId, 'image', 1080, 1080);
    const post = await settled(
      owner,
      (await schedule(owner, influencerId, { itemIds: [picture], targets: [{ platform: 'x' }] }))
        .id,
    );
    const tweet = x.tweets().at(-1)!;
    x.setCounts(tweet.id, {
      impression_count: 1234,
      like_count: 56,
      reply_count: 7,
      retweet_count: 3,
      quote_count: 1,
    });
    const read = await call(owner, { method: 'POST', url: `/api/posts/${post.id}/read-counts` });
    expect(read.statusCode, read.body).toBe(200);
    expect(target(read.json().post, 'x').counts).toMatchObject({
      views: 1234,
      likes: 56,
      comments: 7,
      shares: 4,
    });
    const stats = await call(owner, { url: `/api/influencers/${influencerId}/platform-stats` });
    const onX = stats.json().platforms.find((item: { platform: string }) => item.platform === 'x');
    expect(onX.views).toBeGreaterThanOrEqual(1234);
    expect(onX.posts).toBeGreaterThanOrEqual(1);
  });

  it('a calendar another instance keeps shows a platform copy going out as the worker publishes it', async () => {
    const other = await secondInstance(ctx);
    const picture = await galleryItem(owner, influencerId, 'image', 1080, 1080);
    const post = await schedule(owner, influencerId, {
      itemIds: [picture],
      publishAt: new Date(Date.now() + 3000).toISOString(),
      targets: [{ platform: 'x' }],
    });
    const url = `/api/posts?influencerId=${influencerId}`;
    const seen = async () => {
      const answer = await other.inject({ url, headers: owner.headers });
      answered.push(answer.body);
      return target(
        answer.json().posts.find((item: TPost) => item.id === post.id),
        'x',
      );
    };
    // Read, and so kept, before it goes out.
    expect((await seen()).state).toBe('scheduled');
    expect((await seen()).state).toBe('scheduled');
    await settled(owner, post.id);
    // Kept for a minute unless a change is announced: it shows within moments.
    await waitFor(async () => (await seen()).state === 'published', 15_000);
    expect((await seen()).url).toMatch(/^https:\/\/x\.com\//);
  });

  it('answers a month with a busy day’s first posts and every day’s count', async () => {
    const busy = await registerAccount(ctx.app);
    const id = await influencer(busy);
    // Five posts on one day (in New York) and one on the next, made as the calendar keeps them.
    const day = Date.UTC(2027, 2, 10, 15);
    const times = [0, 1, 2, 3, 4].map((hour) => new Date(day + hour * 3_600_000));
    times.push(new Date(day + 24 * 3_600_000));
    for (const [n, at] of times.entries())
      await db()
        .insert(posts)
        .values({
          workspaceId: busy.userId,
          influencerId: id,
          influencerName: 'Ava Rose',
          caption: `Post ${n}`,
          priceCents: 0,
          status: 'scheduled',
          publishAt: at,
          scheduled: true,
          timeZone: 'America/New_York',
        });
    const query = new URLSearchParams({
      from: '2027-03-01T05:00:00.000Z',
      to: '2027-04-01T04:00:00.000Z',
      timeZone: 'America/New_York',
      month: '2027-03',
    });
    const all = (await call(busy, { url: `/api/posts?${query}` })).json();
    expect(all.posts).toHaveLength(6);
    expect(all.dayCounts).toBeUndefined();
    query.set('perDay', '3');
    const answer = await call(busy, { url: `/api/posts?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const month = answer.json();
    expect(month.posts.map((post: TPost) => post.caption)).toEqual([
      'Post 0',
      'Post 1',
      'Post 2',
      'Post 5',
    ]);
    expect(month.dayCounts).toEqual({ '2027-03-10': 5, '2027-03-11': 1 });
  });

  it('never writes a token in an answer or a log line', async () => {
    const rows = await db().select().from(platformAccounts);
    const tokens = rows.flatMap((row) => [
      ctx.app.services.secrets.open(row.accessToken),
      ...(row.refreshToken ? [ctx.app.services.secrets.open(row.refreshToken)] : []),
    ]);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const everything = [...answered, ...logged].join('\n');
    expect(logged.length).toBeGreaterThan(0);
    for (const token of tokens) expect(everything).not.toContain(token);
  });
});
