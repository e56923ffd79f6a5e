/**
 * Taking a hidden post off the platforms (docs/product/platform-publishing.md, 'Takedown'): the
 * API on real PostgreSQL, listening on a port (the platforms fetch Muse's signed links), a worker
 * that publishes, takes down and mails, and the four platforms' fakes behind PLATFORMS_API_URL,
 * reached by the real clients. A post is hidden as an operator's action hides it: `hidden_at`
 * set and the takedown queued in one transaction; the last test goes the whole way, from a
 * visitor's report through the operators' API to the platforms.
 */
import type { TPost } from '@muse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  influencerPages,
  operatorActions,
  platformAccounts,
  posts,
  postTargets,
  reports,
  users,
} from '../src/db/schema';
import { publishingContext, startWorker } from '../src/modules/jobs/worker';
import { createMailer } from '../src/modules/mail/mailer';
import { setOperator } from '../src/modules/operator/grant';
import { takeDownPost } from '../src/modules/platforms/takedown';
import { queueTakedown } from '../src/modules/platforms/takedown-queue';
import { publishTarget } from '../src/modules/platforms/targets';
import { mailbox, queuedAccountMail, waitForMail, waitForMailQueue } from './account-mail';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { platformWorld } from './platform-world';
import { createTestApp, type TTestContext } from './app';
import { waitFor } from './creations';
import { startFakeGoogle, type TFakeGoogle } from './fakes/google-oidc';
import { startFakePlatformsServer, type TFakePlatformsServer } from './fakes/platforms';
import { createFakeInstagram, type TFakeInstagram } from './fakes/platforms/instagram';
import { createFakeTikTok, type TFakeTikTok } from './fakes/platforms/tiktok';
import { createFakeX, type TFakeX } from './fakes/platforms/x';
import { createFakeYouTube, type TFakeYouTube } from './fakes/platforms/youtube';
import { freePort } from './ports';

const instagram: TFakeInstagram = createFakeInstagram();
const tiktok: TFakeTikTok = createFakeTikTok();
const youtube: TFakeYouTube = createFakeYouTube();
const x: TFakeX = createFakeX();
let platforms: TFakePlatformsServer;
let google: TFakeGoogle;
let ctx: TTestContext;
let worker: { stop: () => Promise<void> };
const silent = { info: () => {}, error: () => {} };
const SUBJECT = 'Muse took your post off the platforms';

beforeAll(async () => {
  platforms = await startFakePlatformsServer([instagram, tiktok, youtube, x]);
  google = await startFakeGoogle();
  const port = await freePort();
  ctx = await createTestApp({
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
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 1,
    log: silent,
    mail: {
      mailer: createMailer(ctx.config, ctx.database.db, silent),
      publicUrl: ctx.config.PUBLIC_URL,
    },
    publishing: publishingContext(ctx.config, ctx.app.services),
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await platforms?.stop();
  await google?.stop();
});

const world = platformWorld(() => ctx, { caption: 'Take two #style' });
const { db, call, influencer, connect, postOf, target } = world;

/** A gallery item of the influencer: a square PNG picture, or a vertical MP4 clip. */
const galleryItem = (owner: TTestAccount, influencerId: string, kind: 'image' | 'video') =>
  kind === 'image'
    ? world.galleryItem(owner, influencerId, 'image', 1080, 1080)
    : world.galleryItem(owner, influencerId, 'video', 720, 1280);

/** A post for the platforms only, unless the test puts it on the page too. */
const schedule = (owner: TTestAccount, influencerId: string, body: Record<string, unknown>) =>
  world.schedule(owner, influencerId, { onPage: false, ...body });

/** Waits until every target of the post is out (or failed). */
async function published(owner: TTestAccount, id: string): Promise<TPost> {
  let post: TPost | undefined;
  await waitFor(async () => {
    post = await postOf(owner, id);
    return post.targets.every((item) => item.state === 'published' || item.state === 'failed');
  }, 60_000);
  for (const item of post!.targets) expect(item.state, JSON.stringify(item)).toBe('published');
  return post!;
}

/** Hides the post as the operator's action does: `hidden_at` and the takedown, in one transaction. */
async function hide(postId: string) {
  await db().transaction(async (tx) => {
    await tx.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, postId));
    await queueTakedown(tx, postId);
  });
}

/** Waits until every published copy of the post has its removal. */
async function takenDown(owner: TTestAccount, id: string): Promise<TPost> {
  let post: TPost | undefined;
  await waitFor(async () => {
    post = await postOf(owner, id);
    return post.targets.every((item) => item.state !== 'published' || item.removal !== null);
  }, 60_000);
  return post!;
}

/** The platform fakes' calls since `from`, other than the picture CDNs'. */
const callsSince = (from: number) => platforms.requests.slice(from);

describe('taking a hidden post off the platforms', () => {
  let owner: TTestAccount;
  let influencerId: string;

  beforeAll(async () => {
    owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'growth');
    influencerId = await influencer(owner);
    for (const platform of ['instagram', 'tiktok', 'youtube', 'x'] as const)
      await connect(owner, influencerId, platform);
  }, 60_000);

  it('deletes it from X and YouTube, marks it for the creator to delete on Instagram and TikTok, and mails both lists once', async () => {
    const clip = await galleryItem(owner, influencerId, 'video');
    const post = await published(
      owner,
      (
        await schedule(owner, influencerId, {
          itemIds: [clip],
          targets: [
            { platform: 'instagram' },
            { platform: 'tiktok' },
            { platform: 'youtube', title: 'Take two' },
            { platform: 'x' },
          ],
        })
      ).id,
    );
    const tweetId = x.tweets().at(-1)!.id;
    const videoId = youtube.videos().at(-1)!.id;
    expect(target(post, 'x').url).toContain(tweetId);
    expect(target(post, 'youtube').url).toContain(videoId);
    for (const item of post.targets) expect(item.removal).toBeNull();
    const copiesOnInstagram = instagram.posts().length;
    const copiesOnTikTok = tiktok.posts().length;

    await hide(post.id);
    const down = await takenDown(owner, post.id);

    // Gone from the platforms whose API deletes, through that API, and from their reads.
    expect(x.deletions()).toContainEqual(expect.objectContaining({ tweetId }));
    expect(x.tweets().some((tweet) => tweet.id === tweetId)).toBe(false);
    expect(youtube.deletions()).toContainEqual(expect.objectContaining({ videoId }));
    expect(youtube.videos().some((video) => video.id === videoId)).toBe(false);
    expect(target(down, 'x').removal).toMatchObject({
      state: 'removed',
      message: 'Deleted from X',
    });
    expect(target(down, 'youtube').removal).toMatchObject({
      state: 'removed',
      message: 'Deleted from YouTube',
    });
    // Instagram and TikTok delete nothing through their APIs: no call was made, and the
    // creator is asked to delete the copy there, at its link.
    expect(
      platforms.requests.some(
        (request) =>
          request.method === 'DELETE' &&
          request.host !== 'api.x.com' &&
          request.host !== 'youtube.googleapis.com',
      ),
    ).toBe(false);
    for (const [platform, name] of [
      ['instagram', 'Instagram'],
      ['tiktok', 'TikTok'],
    ] as const) {
      const copy = target(down, platform);
      expect(copy.state).toBe('published');
      expect(copy.url).toMatch(/^https:\/\//);
      expect(copy.removal).toMatchObject({
        state: 'unsupported',
        message: `${name} does not let apps delete posts`,
      });
    }
    expect(instagram.posts()).toHaveLength(copiesOnInstagram);
    expect(tiktok.posts()).toHaveLength(copiesOnTikTok);

    const [mail] = await waitForMail(ctx, owner.email, SUBJECT);
    expect(mail!.text).toContain('Removed by Muse: YouTube, X.');
    expect(mail!.text).toContain('Please delete these copies yourself');
    expect(mail!.text).toContain(
      `Instagram: Instagram does not let apps delete posts. Delete it on Instagram: ${target(down, 'instagram').url}`,
    );
    expect(mail!.text).toContain(
      `TikTok: TikTok does not let apps delete posts. Delete it on TikTok: ${target(down, 'tiktok').url}`,
    );

    // A second run calls no platform and mails nothing again.
    const before = platforms.requests.length;
    await takeDownPost(
      { db: db(), publishers: ctx.app.services.publishers, secrets: ctx.app.services.secrets },
      post.id,
    );
    await waitForMailQueue(ctx);
    expect(callsSince(before)).toEqual([]);
    expect(
      (await mailbox(ctx, owner.email)).filter((item) => item.subject === SUBJECT),
    ).toHaveLength(1);
    // Nor is anything of it published or tried again.
    const retried = await call(owner, {
      method: 'POST',
      url: `/api/posts/${post.id}/targets/x/retry`,
    });
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toMatchObject({ code: 'POST_TAKEN_DOWN' });
  });

  it('counts a post the platform no longer has as removed, and tries a platform that failed again without deleting twice', async () => {
    const clip = await galleryItem(owner, influencerId, 'video');
    const post = await published(
      owner,
      (
        await schedule(owner, influencerId, {
          itemIds: [clip],
          targets: [{ platform: 'youtube', title: 'Gone' }, { platform: 'x' }],
        })
      ).id,
    );
    const tweetId = x.tweets().at(-1)!.id;
    const videoId = youtube.videos().at(-1)!.id;
    // The creator deleted it on X already; YouTube fails the first delete with a 503.
    x.deleteByHand(tweetId);
    youtube.failNextDelete();
    const before = platforms.requests.length;
    await hide(post.id);
    const down = await takenDown(owner, post.id);
    expect(target(down, 'x').removal).toMatchObject({
      state: 'removed',
      message: 'Already gone from X',
    });
    expect(target(down, 'youtube').removal).toMatchObject({
      state: 'removed',
      message: 'Deleted from YouTube',
    });
    // YouTube was asked twice (the 503, then the queue's retry); X once, never again.
    const deletes = callsSince(before).filter((request) => request.method === 'DELETE');
    expect(deletes.filter((request) => request.host === 'youtube.googleapis.com')).toHaveLength(2);
    expect(deletes.filter((request) => request.host === 'api.x.com')).toHaveLength(1);
    expect(youtube.deletions().filter((entry) => entry.videoId === videoId)).toHaveLength(1);
    // Mailed once, after the last copy: nothing for the creator to delete by hand.
    const [latest] = await waitForMail(ctx, owner.email, SUBJECT, 2);
    await waitForMailQueue(ctx);
    expect(
      (await mailbox(ctx, owner.email)).filter((item) => item.subject === SUBJECT),
    ).toHaveLength(2);
    expect(latest!.text).toContain('Removed by Muse: YouTube, X.');
    expect(latest!.text).not.toContain('yourself');
  });

  it('never publishes a hidden post’s waiting copy, nor a suspended account’s, without calling the platform', async () => {
    const picture = await galleryItem(owner, influencerId, 'image');
    const waiting = await schedule(owner, influencerId, {
      itemIds: [picture],
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      targets: [{ platform: 'x' }],
    });
    const [row] = await db()
      .select({ id: postTargets.id })
      .from(postTargets)
      .where(eq(postTargets.postId, waiting.id));
    const jobKey = `target:${row!.id}`;
    const queued = async () =>
      (
        await ctx.database.pool.query(
          'select 1 from graphile_worker._private_jobs where key = $1',
          [jobKey],
        )
      ).rowCount;
    expect(await queued()).toBe(1);
    await hide(waiting.id);
    await waitFor(
      async () => target(await postOf(owner, waiting.id), 'x').state === 'failed',
      30_000,
    );
    // Unqueued, and failed as taken down: 'Try again' is refused.
    expect(await queued()).toBe(0);
    expect(target(await postOf(owner, waiting.id), 'x')).toMatchObject({
      state: 'failed',
      failure: {
        code: 'POST_TAKEN_DOWN',
        message: 'Muse took this post down: it goes to no platform',
      },
      removal: null,
    });

    // The task itself refuses a hidden post's copy that comes due, and calls no platform.
    const deps = {
      db: db(),
      storage: ctx.app.services.storage,
      files: ctx.app.services.files,
      secrets: ctx.app.services.secrets,
      publishers: ctx.app.services.publishers,
      publicUrl: ctx.config.PUBLIC_URL,
      pollIntervalMs: 10,
      signal: new AbortController().signal,
    };
    const due = await schedule(owner, influencerId, {
      itemIds: [picture],
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      targets: [{ platform: 'x' }],
    });
    const [dueRow] = await db()
      .select({ id: postTargets.id })
      .from(postTargets)
      .where(eq(postTargets.postId, due.id));
    await db()
      .update(posts)
      .set({ hiddenAt: new Date(), publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, due.id));
    const before = platforms.requests.length;
    const tweets = x.tweets().length;
    await publishTarget(deps, dueRow!.id);
    expect(target(await postOf(owner, due.id), 'x').failure?.code).toBe('POST_TAKEN_DOWN');

    // A suspended account's copy: the same, and its 'Try again' is refused.
    const suspended = await schedule(owner, influencerId, {
      itemIds: [picture],
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      targets: [{ platform: 'x' }],
    });
    const [suspendedRow] = await db()
      .select({ id: postTargets.id })
      .from(postTargets)
      .where(eq(postTargets.postId, suspended.id));
    await db()
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, suspended.id));
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.userId));
    try {
      await publishTarget(deps, suspendedRow!.id);
      // A suspended account's sessions stop at once, so its copy is read from the database.
      const [copy] = await db()
        .select({ state: postTargets.state, failureCode: postTargets.failureCode })
        .from(postTargets)
        .where(eq(postTargets.id, suspendedRow!.id));
      expect(copy).toEqual({ state: 'failed', failureCode: 'ACCOUNT_SUSPENDED' });
      const retried = await call(owner, {
        method: 'POST',
        url: `/api/posts/${suspended.id}/targets/x/retry`,
      });
      expect(retried.statusCode).toBe(401);
    } finally {
      await db().update(users).set({ suspendedAt: null }).where(eq(users.id, owner.userId));
    }
    expect(callsSince(before)).toEqual([]);
    expect(x.tweets().length).toBe(tweets);
  });

  it('ends a copy whose account Muse can no longer reach as failed, asking the creator to delete it', async () => {
    const picture = await galleryItem(owner, influencerId, 'image');
    const post = await published(
      owner,
      (await schedule(owner, influencerId, { itemIds: [picture], targets: [{ platform: 'x' }] }))
        .id,
    );
    const tweetId = x.tweets().at(-1)!.id;
    const [account] = await db()
      .select()
      .from(platformAccounts)
      .where(
        and(eq(platformAccounts.influencerId, influencerId), eq(platformAccounts.platform, 'x')),
      );
    x.revoke(account!.remoteId);
    await hide(post.id);
    const down = await takenDown(owner, post.id);
    expect(target(down, 'x').removal).toMatchObject({
      state: 'failed',
      message: 'Muse can no longer reach your X account',
    });
    expect(x.tweets().some((tweet) => tweet.id === tweetId)).toBe(true);
    const [mail] = await waitForMail(ctx, owner.email, SUBJECT, 3);
    expect(mail!.text).toContain(
      `X: Muse can no longer reach your X account. Delete it on X: ${target(down, 'x').url}`,
    );
    expect(mail!.text).not.toContain('Removed by Muse');
    expect(await queuedAccountMail(ctx)).toEqual([]);
    // The account says it must be connected again.
    const [after] = await db()
      .select()
      .from(platformAccounts)
      .where(sql`${platformAccounts.id} = ${account!.id}`);
    expect(after!.status).toBe('revoked');
  });
});

describe('an operator hiding a reported post', () => {
  it('takes it off the public page and off the platforms it was published to, and audits it', async () => {
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'growth');
    const influencerId = await influencer(owner);
    for (const platform of ['youtube', 'x'] as const) await connect(owner, influencerId, platform);
    const [page] = await db()
      .select({ handle: influencerPages.handle })
      .from(influencerPages)
      .where(eq(influencerPages.influencerId, influencerId));
    const clip = await galleryItem(owner, influencerId, 'video');
    const scheduled = await schedule(owner, influencerId, {
      itemIds: [clip],
      onPage: true,
      targets: [{ platform: 'youtube', title: 'Take two' }, { platform: 'x' }],
    });
    await published(owner, scheduled.id);
    await waitFor(async () => (await postOf(owner, scheduled.id)).status === 'published');
    const tweetId = x.tweets().at(-1)!.id;
    const videoId = youtube.videos().at(-1)!.id;
    const onPage = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/public/pages/${page!.handle}` }))
        .json()
        .posts.some((post: { id: string }) => post.id === scheduled.id);
    expect(await onPage()).toBe(true);

    // A signed-out visitor reports it; an operator hides it from the queue.
    const reported = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      remoteAddress: '198.51.100.7',
      payload: {
        handle: page!.handle,
        postId: scheduled.id,
        reason: 'intimate',
        email: 'a.visitor@example.com',
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const [report] = await db()
      .select()
      .from(reports)
      .where(eq(reports.reference, reported.json().reference));
    const operator = await registerAccount(ctx.app);
    expect(await setOperator(db(), operator.email, true)).toBe('granted');
    const hidden = await call(operator, {
      method: 'POST',
      url: `/api/operator/reports/${report!.id}/hide-post`,
      payload: { note: 'Reported as shared without consent' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    expect(await onPage()).toBe(false);
    const down = await takenDown(owner, scheduled.id);
    expect(target(down, 'x').removal).toMatchObject({ state: 'removed' });
    expect(target(down, 'youtube').removal).toMatchObject({ state: 'removed' });
    expect(x.deletions()).toContainEqual(expect.objectContaining({ tweetId }));
    expect(x.tweets().some((tweet) => tweet.id === tweetId)).toBe(false);
    expect(youtube.deletions()).toContainEqual(expect.objectContaining({ videoId }));
    expect(youtube.videos().some((video) => video.id === videoId)).toBe(false);
    const audit = await db()
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.reportId, report!.id));
    expect(audit).toMatchObject([
      { action: 'hide_post', operatorId: operator.userId, targetId: scheduled.id },
    ]);
  });
});
