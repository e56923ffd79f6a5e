/**
 * Public pages, posts, the content calendar's queue and what visitors see
 * (docs/product/publishing.md), through the API against real PostgreSQL and a running worker.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  INFLUENCER_TEXTS,
  museFeeCents,
  PPV_PRICE,
  PUBLISHING_TEXTS,
  type TPost,
  type TPublicPageResponse,
  type TPublicPost,
} from '@muse/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase, type TDatabaseHandle } from '../src/db/client';
import {
  galleryItems,
  influencerPages,
  influencers,
  postItems,
  postPurchases,
  posts,
} from '../src/db/schema';
import { processUploadedImage } from '../src/lib/images';
import { createLocalStorage, type TStorage } from '../src/lib/storage';
import { storeInfluencerImage } from '../src/modules/influencers/service';
import { startWorker } from '../src/modules/jobs/worker';
import { publishDuePost } from '../src/modules/publishing/queue';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { waitFor } from './creations';
import { makePng } from './images';

const silent = { info: () => {}, error: () => {} };

let ctx: TTestContext;
let storageRoot: string;
let storage: TStorage;
/** Makes the storage refuse blurred previews, as a full disk would, half-way through a post. */
let refuseBlurred = false;
let worker: { stop: () => Promise<void> };
/** The same API with a built web app, for the link previews of public pages. */
let web: FastifyInstance;
let webDir: string;
let webDatabase: TDatabaseHandle;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Muse: create, customise and monetise AI influencers."
    />
    <title>Muse: AI influencers that create and earn</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

beforeAll(async () => {
  storageRoot = await mkdtemp(path.join(os.tmpdir(), 'muse-publishing-files-'));
  const local = createLocalStorage(storageRoot);
  storage = {
    ...local,
    put: async (key, data) => {
      if (refuseBlurred && key.endsWith('-blur.webp')) throw new Error('ENOSPC: no space left');
      return local.put(key, data);
    },
  };
  ctx = await createTestApp({ PUBLIC_URL: 'http://muse.test' }, undefined, { storage });
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 1,
    log: silent,
  });
  webDir = await mkdtemp(path.join(os.tmpdir(), 'muse-publishing-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  // A pool of its own: the test database's is mostly held by the worker's and the API's LISTENs.
  webDatabase = connectDatabase(ctx.database.url, { poolSize: 3 });
  web = await buildApp({
    config: ctx.config,
    database: webDatabase,
    services: ctx.app.services,
    webDistDir: webDir,
  });
  await web.ready();
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await web?.close();
  await webDatabase?.close();
  await rm(webDir, { recursive: true, force: true });
  await rm(storageRoot, { recursive: true, force: true });
});

const db = () => ctx.database.db;

function call(options: InjectOptions & { as?: TTestAccount | null }) {
  const { as, headers, ...rest } = options;
  return ctx.app.inject({ ...rest, headers: { ...headers, ...(as ? as.headers : {}) } });
}

async function creator(plan: 'builder' | null = null): Promise<TTestAccount> {
  const account = await registerAccount(ctx.app);
  if (plan) await buyPlan(ctx.app, account, plan);
  return account;
}

/** An influencer with a picture, as the influencers module stores one. */
async function influencer(owner: TTestAccount, name = 'Ava Rose'): Promise<string> {
  const id = randomUUID();
  const picture = await processUploadedImage(await makePng(300, 300));
  const keys = await storeInfluencerImage(storage, owner.userId, id, picture);
  await db()
    .insert(influencers)
    .values({
      id,
      workspaceId: owner.userId,
      name,
      niche: 'fashion',
      description: 'Street style',
      ...keys,
    });
  return id;
}

/** A picture full of detail: 8 px squares, black and white. */
function checkerboard(side = 384): Promise<Buffer> {
  const squares = [];
  for (let y = 0; y < side; y += 8)
    for (let x = (y / 8) % 2 ? 8 : 0; x < side; x += 16)
      squares.push(`<rect x="${x}" y="${y}" width="8" height="8"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="100%" height="100%" fill="#fff"/>${squares.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A gallery item as a finished job leaves it: its file and its 384 px preview in storage. */
async function galleryItem(
  owner: TTestAccount,
  influencerId: string | null,
  kind: 'image' | 'video' = 'image',
): Promise<string> {
  const id = randomUUID();
  const folder = `users/${owner.userId}/jobs/${randomUUID()}`;
  const picture = await checkerboard();
  const key = kind === 'image' ? `${folder}/output-0.png` : `${folder}/output-0.mp4`;
  // The server copies a video without reading it: any bytes do.
  await storage.put(key, kind === 'image' ? picture : Buffer.from('a clip of five seconds'));
  const thumbnailKey = `${folder}/preview-0.webp`;
  await storage.put(thumbnailKey, await sharp(picture).webp().toBuffer());
  await db()
    .insert(galleryItems)
    .values({
      id,
      workspaceId: owner.userId,
      influencerId,
      influencerName: 'Ava Rose',
      kind,
      tool: kind === 'image' ? 'generate-image' : 'generate-video',
      durationMs: kind === 'video' ? 5000 : null,
      key,
      thumbnailKey,
      width: 384,
      height: 384,
      contentType: kind === 'image' ? 'image/png' : 'video/mp4',
      fileName: kind === 'image' ? 'ava.png' : 'ava.mp4',
      prompt: 'A portrait',
      // As the offline engine makes them: an 'Offline preview'.
      engine: 'local',
      preview: true,
    });
  return id;
}

let handles = 0;
const freshHandle = () => `ava.${Date.now().toString(36)}_${(handles += 1)}`;

function savePage(owner: TTestAccount, influencerId: string, body: Record<string, unknown>) {
  return call({
    method: 'PUT',
    url: `/api/influencers/${influencerId}/page`,
    as: owner,
    payload: body,
  });
}

/** A creator with an influencer whose page is published, and one gallery item of it. */
async function publishedCreator(plan: 'builder' | null = null) {
  const owner = await creator(plan);
  const influencerId = await influencer(owner);
  const handle = freshHandle();
  const saved = await savePage(owner, influencerId, {
    handle,
    bio: 'Street style',
    published: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const itemId = await galleryItem(owner, influencerId);
  return { owner, influencerId, handle, itemId };
}

function createPost(owner: TTestAccount, body: Record<string, unknown>) {
  return call({
    method: 'POST',
    url: '/api/posts',
    as: owner,
    payload: { caption: '', priceCents: 0, publishAt: null, timeZone: 'UTC', ...body },
  });
}

async function created(answer: Awaited<ReturnType<typeof createPost>>): Promise<TPost> {
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().post;
}

const publicPage = (handle: string, as?: TTestAccount | null, headers = {}) =>
  call({ method: 'GET', url: `/api/public/pages/${handle}`, as, headers });

async function publicPosts(handle: string, as?: TTestAccount | null): Promise<TPublicPost[]> {
  const answer = await publicPage(handle, as);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as TPublicPageResponse).posts;
}

/**
 * Every file in storage of the account's posts, and any post folder whose post does not exist
 * (files left behind). Posts' files are kept by post, not by account (`posts/<id>/…`).
 */
async function postFiles(owner: TTestAccount): Promise<string[]> {
  const root = path.join(storageRoot, 'posts');
  const folders = await readdir(root).catch(() => [] as string[]);
  const rows = await db().select({ id: posts.id, userId: posts.workspaceId }).from(posts);
  const ownerOf = new Map(rows.map((row) => [row.id, row.userId]));
  const files: string[] = [];
  for (const folder of folders) {
    const userId = ownerOf.get(folder);
    if (userId !== undefined && userId !== owner.userId) continue;
    const entries = await readdir(path.join(root, folder), { withFileTypes: true });
    files.push(...entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
  }
  return files;
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Noon UTC on `day` of the month `monthsAhead` from now. */
function dayOfMonthAhead(monthsAhead: number, day = 15, hour = 12): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, day, hour));
}
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The queue message of a post, if any. */
async function queued(postId: string): Promise<{ run_at: Date } | undefined> {
  const result = await ctx.database.pool.query(
    'select run_at from graphile_worker._private_jobs where key = $1',
    [`post:${postId}`],
  );
  return result.rows[0];
}

async function postStatus(postId: string) {
  const [row] = await db().select({ status: posts.status }).from(posts).where(eq(posts.id, postId));
  return row?.status;
}

describe('page settings', () => {
  it('checks the handle: format, reserved, stored lower-case, taken (409), also two at once', async () => {
    const owner = await creator();
    const influencerId = await influencer(owner);
    const empty = await call({
      method: 'GET',
      url: `/api/influencers/${influencerId}/page`,
      as: owner,
    });
    expect(empty.json()).toEqual({ success: true, page: null });

    for (const [handle, error] of [
      ['', PUBLISHING_TEXTS.handleRequired],
      ['ab', PUBLISHING_TEXTS.handleInvalid],
      ['.ava', PUBLISHING_TEXTS.handleInvalid],
      ['ava..rose', PUBLISHING_TEXTS.handleInvalid],
      ['ava rose', PUBLISHING_TEXTS.handleInvalid],
      ['Admin', PUBLISHING_TEXTS.handleReserved],
      ['support', PUBLISHING_TEXTS.handleReserved],
    ] as const) {
      const answer = await savePage(owner, influencerId, { handle, published: true });
      expect({ handle, status: answer.statusCode, body: answer.json() }).toEqual({
        handle,
        status: 400,
        body: { success: false, error, code: 'INVALID_REQUEST', field: 'handle' },
      });
    }
    const tooLong = await savePage(owner, influencerId, {
      handle: 'a'.repeat(31),
      published: true,
    });
    expect(tooLong.json().error).toBe(PUBLISHING_TEXTS.handleInvalid);

    const handle = freshHandle();
    const saved = await savePage(owner, influencerId, {
      handle: ` ${handle.toUpperCase()} `,
      bio: 'Street style',
      published: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().page).toEqual({
      influencerId,
      handle,
      bio: 'Street style',
      published: true,
      hiddenByMuse: false,
      path: `/i/${handle}`,
    });

    // Another creator cannot take it, in any case.
    const other = await creator();
    const theirs = await influencer(other);
    const taken = await savePage(other, theirs, { handle: handle.toUpperCase(), published: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      error: PUBLISHING_TEXTS.handleTaken,
      code: 'HANDLE_TAKEN',
    });

    // Two creators asking for one free handle at once: one gets it, the other hears 409.
    const contested = freshHandle();
    const racers = await Promise.all(
      [saved, taken].map(async () => {
        const account = await creator();
        return savePage(account, await influencer(account), { handle: contested, published: true });
      }),
    );
    expect(racers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const holders = await db()
      .select()
      .from(influencerPages)
      .where(eq(influencerPages.handle, contested));
    expect(holders).toHaveLength(1);
  });

  it('is the owner’s only; hiding keeps the handle and answers 404; a new handle keeps the old 30 days', async () => {
    const { owner, influencerId, handle } = await publishedCreator();
    const stranger = await creator();
    for (const method of ['GET', 'PUT'] as const) {
      const answer = await call({
        method,
        url: `/api/influencers/${influencerId}/page`,
        as: stranger,
        ...(method === 'PUT' ? { payload: { handle: freshHandle(), published: true } } : {}),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        success: false,
        error: INFLUENCER_TEXTS.notFound,
        code: 'INFLUENCER_NOT_FOUND',
      });
    }
    expect(
      (await call({ method: 'GET', url: `/api/influencers/${influencerId}/page`, as: null }))
        .statusCode,
    ).toBe(401);

    const [first] = await db()
      .select({ publishedAt: influencerPages.publishedAt })
      .from(influencerPages)
      .where(eq(influencerPages.influencerId, influencerId));
    expect((await publicPage(handle)).statusCode).toBe(200);
    // Saving a shown page again keeps the time it was first shown.
    await savePage(owner, influencerId, { handle, bio: 'New bio', published: true });
    const [again] = await db()
      .select({ publishedAt: influencerPages.publishedAt })
      .from(influencerPages)
      .where(eq(influencerPages.influencerId, influencerId));
    expect(again!.publishedAt).toEqual(first!.publishedAt);

    const hidden = await savePage(owner, influencerId, { handle, published: false });
    expect(hidden.json().page).toMatchObject({ handle, published: false });
    const missing = await publicPage(handle);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      error: PUBLISHING_TEXTS.pageNotFound,
      code: 'PAGE_NOT_FOUND',
    });
    const picture = await call({ method: 'GET', url: `/api/public/pages/${handle}/picture` });
    expect(picture.statusCode).toBe(404);
    expect((await publicPage('no.such.page')).statusCode).toBe(404);

    const renamed = freshHandle();
    await savePage(owner, influencerId, { handle: renamed, published: true });
    expect((await publicPage(renamed)).statusCode).toBe(200);
    // The old handle leads to the new one and is kept from others for 30 days (handles.test.ts).
    expect((await publicPage(handle)).headers.location).toBe(`/api/public/pages/${renamed}`);
    const other = await creator();
    const otherInfluencer = await influencer(other);
    const refused = await savePage(other, otherInfluencer, { handle, published: true });
    expect([refused.statusCode, refused.json().error]).toEqual([409, PUBLISHING_TEXTS.handleKept]);
    await db().execute(
      sql`update released_handles set kept_until = now() - interval '1 second' where handle = ${handle}`,
    );
    expect((await publicPage(handle)).statusCode).toBe(404);
    const takesOld = await savePage(other, otherInfluencer, { handle, published: true });
    expect(takesOld.statusCode, takesOld.body).toBe(200);
  });
});

describe('the account’s pages', () => {
  it('lists the pages of the owner’s influencers that have one, hidden ones too, and nobody else’s', async () => {
    const owner = await creator();
    const first = await influencer(owner, 'Ava Rose');
    const second = await influencer(owner, 'Mia Lane');
    await influencer(owner, 'No Page Yet');
    const shown = freshHandle();
    const hidden = freshHandle();
    expect((await savePage(owner, first, { handle: shown, published: true })).statusCode).toBe(200);
    expect((await savePage(owner, second, { handle: hidden, published: false })).statusCode).toBe(
      200,
    );
    const stranger = await creator();
    await savePage(stranger, await influencer(stranger), {
      handle: freshHandle(),
      published: true,
    });

    const answer = await call({ method: 'GET', url: '/api/pages', as: owner });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      pages: [
        {
          influencerId: first,
          handle: shown,
          bio: '',
          published: true,
          hiddenByMuse: false,
          path: `/i/${shown}`,
        },
        {
          influencerId: second,
          handle: hidden,
          bio: '',
          published: false,
          hiddenByMuse: false,
          path: `/i/${hidden}`,
        },
      ],
    });
    expect((await call({ method: 'GET', url: '/api/pages', as: await creator() })).json()).toEqual({
      success: true,
      pages: [],
    });
    expect((await call({ method: 'GET', url: '/api/pages', as: null })).statusCode).toBe(401);
  });
});

describe('posts and what visitors see', () => {
  it('a free post and a $50 pay-per-view post: locked for visitors, whole for the creator and buyers', async () => {
    const { owner, influencerId, handle, itemId } = await publishedCreator();
    const videoId = await galleryItem(owner, influencerId, 'video');
    const free = await created(
      await createPost(owner, { influencerId, itemIds: [videoId, itemId], caption: 'Free one' }),
    );
    expect(free).toMatchObject({
      influencerId,
      influencerName: 'Ava Rose',
      handle,
      caption: 'Free one',
      priceCents: 0,
      status: 'published',
      scheduled: false,
      timeZone: 'UTC',
      sales: 0,
    });
    // The order given is kept; the video keeps its length and type.
    expect(free.items.map((item) => [item.kind, item.durationSeconds, item.contentType])).toEqual([
      ['video', 5, 'video/mp4'],
      ['image', null, 'image/png'],
    ]);
    const paid = await created(
      await createPost(owner, {
        influencerId,
        itemIds: [itemId],
        caption: 'Behind the scenes',
        priceCents: PPV_PRICE.default,
      }),
    );
    expect(paid.priceCents).toBe(5000);
    // The creator sees everything, signed.
    for (const item of paid.items) {
      expect(item.url).toMatch(/^\/api\/files\/posts\/.+signature=/);
      expect(item.thumbnailUrl).toMatch(/^\/api\/files\//);
      expect(item.blurredUrl).toMatch(/^\/api\/files\//);
    }

    // The post's own copies: none of its file keys, nor the gallery's, may reach a visitor.
    const [stored] = await db().select().from(postItems).where(eq(postItems.postId, paid.id));
    const [source] = await db().select().from(galleryItems).where(eq(galleryItems.id, itemId));
    // The creator's account id is a secret too: it would tell which pages one agency runs.
    const secrets = [
      stored!.key,
      stored!.thumbnailKey,
      source!.key,
      source!.thumbnailKey,
      owner.userId,
    ];
    expect(stored!.key).toMatch(new RegExp(`^posts/${paid.id}/`));
    // An offline preview stays labelled as one in the post.
    expect([source!.preview, stored!.preview]).toEqual([true, true]);

    const fan = await creator();
    const visitors: [string, TTestAccount | null, Record<string, string>][] = [
      ['a visitor', null, {}],
      ['another account', fan, {}],
      ['a bad token', null, { authorization: `Bearer ${'x'.repeat(43)}` }],
    ];
    for (const [who, as, headers] of visitors) {
      const answer = await publicPage(handle, as, headers);
      expect({ who, status: answer.statusCode }).toEqual({ who, status: 200 });
      // Without a live session it is the answer every visitor gets, kept and tagged; an account's
      // is its own.
      expect(answer.headers['cache-control']).toBe(as ? 'private, no-store' : 'no-cache');
      const body = answer.json() as TPublicPageResponse;
      expect(body.page).toMatchObject({
        handle,
        name: 'Ava Rose',
        niche: 'Fashion',
        bio: 'Street style',
        postCount: 2,
      });
      expect(body.page.pictureUrl).toMatch(new RegExp(`^/api/public/pages/${handle}/picture`));
      // Newest first, every one labelled AI-generated.
      expect(body.posts.map((post) => [post.id, post.aiGenerated])).toEqual([
        [paid.id, true],
        [free.id, true],
      ]);
      const [locked, open] = body.posts;
      expect(locked).toMatchObject({
        locked: true,
        purchased: false,
        own: false,
        priceCents: 5000,
      });
      expect(locked!.items).toHaveLength(1);
      expect(locked!.items[0]).toMatchObject({ url: null, thumbnailUrl: null });
      expect(locked!.items[0]!.blurredUrl).toMatch(/^\/api\/files\//);
      expect(open).toMatchObject({ locked: false });
      expect(open!.items.every((item) => item.url && item.thumbnailUrl)).toBe(true);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);

      const single = await call({
        method: 'GET',
        url: `/api/public/pages/${handle}/posts/${paid.id}`,
        as,
        headers,
      });
      expect(single.statusCode).toBe(200);
      expect(single.json().post).toMatchObject({ id: paid.id, locked: true });
      for (const secret of secrets) expect(single.body).not.toContain(secret);
    }

    // The blurred preview is a real picture in which the 8 px squares are gone.
    const blurred = await call({
      method: 'GET',
      url: (await publicPosts(handle))[0]!.items[0]!.blurredUrl,
    });
    expect(blurred.statusCode).toBe(200);
    const meta = await sharp(blurred.rawPayload).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['webp', 480]);
    const [original] = (await sharp(await checkerboard()).stats()).channels;
    const [preview] = (await sharp(blurred.rawPayload).stats()).channels;
    expect(original!.stdev).toBeGreaterThan(100);
    expect(preview!.stdev).toBeLessThan(8);

    // The creator sees their own post whole.
    const own = (await publicPosts(handle, owner))[0]!;
    expect(own).toMatchObject({ id: paid.id, locked: false, own: true });
    expect(own.items[0]!.url).toMatch(/^\/api\/files\//);

    // A buyer sees it whole, for good, and finds it under 'My purchases' (a sale booked as
    // fulfilment books one; the sales module's tests cover how it gets there).
    const fee = museFeeCents(5000);
    await db()
      .insert(postPurchases)
      .values({
        postId: paid.id,
        buyerId: fan.userId,
        workspaceId: owner.userId,
        amountCents: 5000,
        feeCents: fee,
        netCents: 5000 - fee,
        provider: 'test',
        checkoutId: `cs_test_${randomUUID()}`,
      });
    const bought = (await publicPosts(handle, fan))[0]!;
    expect(bought).toMatchObject({ id: paid.id, locked: false, purchased: true, own: false });
    expect(bought.items[0]!.url).toMatch(/^\/api\/files\//);
    expect((await publicPosts(handle))[0]!.locked).toBe(true);

    const purchases = await call({ method: 'GET', url: '/api/purchases', as: fan });
    expect(purchases.statusCode).toBe(200);
    expect(purchases.json().purchases).toEqual([
      expect.objectContaining({
        amountCents: 5000,
        page: expect.objectContaining({ handle, name: 'Ava Rose', postCount: 2 }),
        post: expect.objectContaining({ id: paid.id, locked: false, purchased: true }),
      }),
    ]);
    expect(
      (await call({ method: 'GET', url: '/api/purchases', as: owner })).json().purchases,
    ).toEqual([]);
    const mine = await call({ method: 'GET', url: '/api/posts', as: owner });
    expect(mine.json().posts.find((post: TPost) => post.id === paid.id).sales).toBe(1);

    // The post outlives its influencer: the buyer keeps it, told by the name the post kept.
    await db().delete(influencers).where(eq(influencers.id, influencerId));
    const kept = (await call({ method: 'GET', url: '/api/purchases', as: fan })).json().purchases;
    expect(kept[0].page).toEqual({
      handle: '',
      name: 'Ava Rose',
      niche: '',
      bio: '',
      pictureUrl: null,
      postCount: 0,
    });
    expect(kept[0].post.items[0].url).toMatch(/^\/api\/files\//);
    expect((await publicPage(handle)).statusCode).toBe(404);
  });

  it('a post of another page, or not out yet, is not found; the picture is served to anyone', async () => {
    const a = await publishedCreator('builder');
    const b = await publishedCreator();
    const post = await created(
      await createPost(a.owner, { influencerId: a.influencerId, itemIds: [a.itemId] }),
    );
    const later = await created(
      await createPost(a.owner, {
        influencerId: a.influencerId,
        itemIds: [a.itemId],
        publishAt: inSeconds(3600),
      }),
    );
    for (const url of [
      `/api/public/pages/${b.handle}/posts/${post.id}`,
      `/api/public/pages/${a.handle}/posts/${later.id}`,
      `/api/public/pages/${a.handle}/posts/not-a-uuid`,
    ]) {
      const answer = await call({ method: 'GET', url, as: a.owner });
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({
        url,
        status: 404,
        body: { success: false, error: PUBLISHING_TEXTS.postNotFound, code: 'POST_NOT_FOUND' },
      });
    }
    expect((await publicPosts(a.handle, a.owner)).map((item) => item.id)).toEqual([post.id]);

    const { page } = (await publicPage(a.handle)).json() as TPublicPageResponse;
    const picture = await call({ method: 'GET', url: page.pictureUrl! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('public, max-age=3600');
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses bad posts with their texts and leaves nothing behind', async () => {
    const { owner, influencerId, itemId } = await publishedCreator();
    const otherInfluencer = await influencer(owner, 'Bo');
    const itemOfOther = await galleryItem(owner, otherInfluencer);
    const stranger = await publishedCreator();

    const cases: [string, TTestAccount, Record<string, unknown>, number, string][] = [
      ['no items', owner, { influencerId, itemIds: [] }, 400, PUBLISHING_TEXTS.itemsRequired],
      [
        'a missing item',
        owner,
        { influencerId, itemIds: [randomUUID()] },
        404,
        PUBLISHING_TEXTS.itemNotFound,
      ],
      [
        "another account's item",
        owner,
        { influencerId, itemIds: [stranger.itemId] },
        404,
        PUBLISHING_TEXTS.itemNotFound,
      ],
      [
        'an item of another influencer',
        owner,
        { influencerId, itemIds: [itemId, itemOfOther] },
        400,
        PUBLISHING_TEXTS.itemOfOtherInfluencer,
      ],
      [
        'an influencer without a page',
        owner,
        { influencerId: otherInfluencer, itemIds: [itemOfOther] },
        400,
        PUBLISHING_TEXTS.notPublished,
      ],
      [
        "another account's influencer",
        stranger.owner,
        { influencerId, itemIds: [stranger.itemId] },
        404,
        INFLUENCER_TEXTS.notFound,
      ],
      [
        'a price too low',
        owner,
        { influencerId, itemIds: [itemId], priceCents: 50 },
        400,
        PUBLISHING_TEXTS.priceInvalid,
      ],
      [
        'a price too high',
        owner,
        { influencerId, itemIds: [itemId], priceCents: 50_001 },
        400,
        PUBLISHING_TEXTS.priceInvalid,
      ],
      [
        'a time in the past',
        owner,
        { influencerId, itemIds: [itemId], publishAt: inSeconds(-60) },
        400,
        PUBLISHING_TEXTS.publishAtPast,
      ],
      [
        'a time over a year ahead',
        owner,
        { influencerId, itemIds: [itemId], publishAt: inSeconds(367 * 86_400) },
        400,
        PUBLISHING_TEXTS.publishAtTooFar,
      ],
      [
        'an unknown time zone',
        owner,
        { influencerId, itemIds: [itemId], timeZone: 'Mars/Olympus' },
        400,
        PUBLISHING_TEXTS.timeZoneInvalid,
      ],
      [
        'a caption too long',
        owner,
        { influencerId, itemIds: [itemId], caption: 'x'.repeat(2201) },
        400,
        PUBLISHING_TEXTS.captionTooLong,
      ],
    ];
    for (const [what, as, body, status, error] of cases) {
      const answer = await createPost(as, body);
      expect({ what, status: answer.statusCode, body: answer.json() }).toEqual({
        what,
        status,
        body: expect.objectContaining({ success: false, error }),
      });
    }

    // A write that fails half-way (the disk fills up at the blurred preview) leaves no files
    // and no rows.
    refuseBlurred = true;
    try {
      const failed = await createPost(owner, { influencerId, itemIds: [itemId] });
      expect(failed.statusCode).toBe(500);
    } finally {
      refuseBlurred = false;
    }
    expect(await postFiles(owner)).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.workspaceId, owner.userId))).toEqual([]);
    // The gallery item is untouched and a post can still be made from it.
    await created(await createPost(owner, { influencerId, itemIds: [itemId] }));
    expect(await postFiles(owner)).toHaveLength(3);
  });
});

describe('the content calendar', () => {
  it('publishes a post scheduled two seconds ahead at its time, through the queue', async () => {
    const { owner, influencerId, handle, itemId } = await publishedCreator('builder');
    const post = await created(
      await createPost(owner, {
        influencerId,
        itemIds: [itemId],
        publishAt: inSeconds(2),
        timeZone: 'Europe/Berlin',
      }),
    );
    expect(post).toMatchObject({ status: 'scheduled', scheduled: true, timeZone: 'Europe/Berlin' });
    expect(await publicPosts(handle)).toEqual([]);
    expect(await queued(post.id)).toBeDefined();

    await waitFor(
      async () => (await publicPosts(handle)).some((item) => item.id === post.id),
      15_000,
    );
    const published = await call({ method: 'GET', url: '/api/posts', as: owner });
    expect(published.json().posts[0]).toMatchObject({
      id: post.id,
      status: 'published',
      // It still counts as a scheduled post of its month.
      scheduled: true,
      publishAt: post.publishAt,
    });
  }, 30_000);

  it('a moved post keeps one queue message, at its new time; the old time publishes nothing', async () => {
    const { owner, influencerId, handle, itemId } = await publishedCreator('builder');
    const moved = await created(
      await createPost(owner, { influencerId, itemIds: [itemId], publishAt: inSeconds(2) }),
    );
    const later = inSeconds(3600);
    const patched = await call({
      method: 'PATCH',
      url: `/api/posts/${moved.id}`,
      as: owner,
      payload: { publishAt: later, caption: 'Moved', priceCents: 1500 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().post).toMatchObject({
      status: 'scheduled',
      caption: 'Moved',
      priceCents: 1500,
      publishAt: later,
    });
    expect((await queued(moved.id))!.run_at.toISOString()).toBe(later);

    // A post due after the moved one's old time: once it is out, the old time has passed.
    const witness = await created(
      await createPost(owner, { influencerId, itemIds: [itemId], publishAt: inSeconds(2) }),
    );
    await waitFor(
      async () => (await publicPosts(handle)).some((item) => item.id === witness.id),
      15_000,
    );
    expect(await postStatus(moved.id)).toBe('scheduled');
    // A message that turns up for it early anyway does nothing.
    await publishDuePost(db(), { postId: moved.id });
    expect(await postStatus(moved.id)).toBe('scheduled');
    expect((await publicPosts(handle)).map((item) => item.id)).toEqual([witness.id]);
  }, 30_000);

  it('edits and cancels a scheduled post; a published one changes only its caption', async () => {
    const { owner, influencerId, itemId } = await publishedCreator('builder');
    const scheduled = await created(
      await createPost(owner, { influencerId, itemIds: [itemId], publishAt: inSeconds(7200) }),
    );
    const patch = (id: string, payload: Record<string, unknown>, as = owner) =>
      call({ method: 'PATCH', url: `/api/posts/${id}`, as, payload });

    for (const [payload, error] of [
      [{ publishAt: inSeconds(-5) }, PUBLISHING_TEXTS.publishAtPast],
      [{ publishAt: inSeconds(367 * 86_400) }, PUBLISHING_TEXTS.publishAtTooFar],
      [{ priceCents: 20 }, PUBLISHING_TEXTS.priceInvalid],
    ] as const) {
      const answer = await patch(scheduled.id, payload);
      expect({ status: answer.statusCode, error: answer.json().error }).toEqual({
        status: 400,
        error,
      });
    }
    const stranger = await creator('builder');
    const foreign = await patch(scheduled.id, { caption: 'Mine now' }, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(PUBLISHING_TEXTS.postNotFound);
    expect(
      (await call({ method: 'DELETE', url: `/api/posts/${scheduled.id}`, as: stranger }))
        .statusCode,
    ).toBe(404);

    const zoned = await patch(scheduled.id, { timeZone: 'America/New_York', caption: 'Hello' });
    expect(zoned.json().post).toMatchObject({ timeZone: 'America/New_York', caption: 'Hello' });

    // Cancelling removes the post, its queue message and its files.
    const filesBefore = (await postFiles(owner)).length;
    const cancelled = await call({
      method: 'DELETE',
      url: `/api/posts/${scheduled.id}`,
      as: owner,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await postStatus(scheduled.id)).toBeUndefined();
    expect(await queued(scheduled.id)).toBeUndefined();
    expect((await postFiles(owner)).length).toBe(filesBefore - 3);

    const published = await created(await createPost(owner, { influencerId, itemIds: [itemId] }));
    const captioned = await patch(published.id, { caption: 'New words', priceCents: 0 });
    expect(captioned.statusCode).toBe(200);
    expect(captioned.json().post.caption).toBe('New words');
    for (const payload of [
      { priceCents: 900 },
      { publishAt: inSeconds(3600) },
      { timeZone: 'Asia/Tokyo' },
    ]) {
      const refused = await patch(published.id, { caption: 'Sneaky', ...payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(PUBLISHING_TEXTS.alreadyPublished);
    }
    expect(
      (await call({ method: 'GET', url: '/api/posts', as: owner })).json().posts[0].caption,
    ).toBe('New words');
  });

  it('deletes a published post without buyers, and keeps one that fans bought', async () => {
    const { owner, influencerId, handle, itemId } = await publishedCreator();
    const unsold = await created(await createPost(owner, { influencerId, itemIds: [itemId] }));
    const sold = await created(
      await createPost(owner, { influencerId, itemIds: [itemId], priceCents: 5000 }),
    );
    const fan = await creator();
    await db()
      .insert(postPurchases)
      .values({
        postId: sold.id,
        buyerId: fan.userId,
        workspaceId: owner.userId,
        amountCents: 5000,
        feeCents: 1000,
        netCents: 4000,
        provider: 'test',
        checkoutId: `cs_test_${randomUUID()}`,
      });
    const kept = await call({ method: 'DELETE', url: `/api/posts/${sold.id}`, as: owner });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({
      success: false,
      error: PUBLISHING_TEXTS.postHasBuyers,
      code: 'POST_HAS_BUYERS',
    });
    expect(await postFiles(owner)).toHaveLength(6);

    const removed = await call({ method: 'DELETE', url: `/api/posts/${unsold.id}`, as: owner });
    expect(removed.statusCode).toBe(200);
    expect((await publicPosts(handle)).map((post) => post.id)).toEqual([sold.id]);
    expect(await postFiles(owner)).toHaveLength(3);
    // The gallery keeps its item: the post had its own copies.
    expect(await db().select().from(galleryItems).where(eq(galleryItems.id, itemId))).toHaveLength(
      1,
    );
  });

  it('a Builder schedules 20 posts a month (the last place taken once, also by two at once); FREE none', async () => {
    const { owner, influencerId, itemId } = await publishedCreator('builder');
    const month = dayOfMonthAhead(1);
    const at = (day: number, hour = 12) => dayOfMonthAhead(1, day, hour).toISOString();
    const schedule = (publishAt: string, timeZone = 'UTC') =>
      createPost(owner, { influencerId, itemIds: [itemId], publishAt, timeZone });

    // Published-now posts take no place.
    await created(await createPost(owner, { influencerId, itemIds: [itemId] }));
    for (let day = 1; day <= 19; day += 1) await created(await schedule(at(day + 1)));
    const [one, two] = await Promise.all([schedule(at(25)), schedule(at(26))]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([201, 403]);
    const over = await schedule(at(27));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      success: false,
      error: PUBLISHING_TEXTS.scheduledLimit,
      code: 'SCHEDULED_POST_LIMIT',
    });

    const listed = await call({
      method: 'GET',
      url: `/api/posts?month=${monthOf(month)}&timeZone=UTC&from=${at(1, 0)}&to=${dayOfMonthAhead(2, 1, 0).toISOString()}`,
      as: owner,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().quota).toEqual({ month: monthOf(month), used: 20, limit: 20 });
    const times: string[] = listed.json().posts.map((post: TPost) => post.publishAt);
    expect(times).toHaveLength(20);
    expect([...times].sort()).toEqual(times);

    // Months are counted in the creator's zone: 02:00 UTC on the 1st of the next month is still
    // this month in Los Angeles.
    const nextFirst = dayOfMonthAhead(2, 1, 2).toISOString();
    expect((await schedule(nextFirst, 'America/Los_Angeles')).statusCode).toBe(403);
    await created(await schedule(nextFirst, 'UTC'));

    // Moving a post within its full month is allowed (it does not count itself); cancelling one
    // frees its place.
    const first = listed.json().posts[0] as TPost;
    const move = await call({
      method: 'PATCH',
      url: `/api/posts/${first.id}`,
      as: owner,
      payload: { publishAt: at(28) },
    });
    expect(move.statusCode, move.body).toBe(200);
    await call({ method: 'DELETE', url: `/api/posts/${first.id}`, as: owner });
    await created(await schedule(at(28, 18)));

    const free = await publishedCreator();
    const refused = await createPost(free.owner, {
      influencerId: free.influencerId,
      itemIds: [free.itemId],
      publishAt: inSeconds(3600),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(PUBLISHING_TEXTS.scheduledLimit);
    expect(await postFiles(free.owner)).toEqual([]);
    const quota = await call({
      method: 'GET',
      url: '/api/posts?timeZone=Europe/Berlin',
      as: free.owner,
    });
    expect(quota.json().quota).toMatchObject({ used: 0, limit: 0 });
    await created(
      await createPost(free.owner, { influencerId: free.influencerId, itemIds: [free.itemId] }),
    );
  }, 60_000);
});

describe('link previews', () => {
  it('writes the page’s title, description and Open Graph tags into /i/<handle>, escaped', async () => {
    const owner = await creator();
    const influencerId = await influencer(owner, 'Ava "Rose" <b>');
    const handle = freshHandle();
    await savePage(owner, influencerId, {
      handle,
      bio: 'Tips & tricks <script>alert(1)</script>',
      published: true,
    });
    const itemId = await galleryItem(owner, influencerId);
    const paid = await created(
      await createPost(owner, { influencerId, itemIds: [itemId], priceCents: 5000 }),
    );
    const [stored] = await db().select().from(postItems).where(eq(postItems.postId, paid.id));

    for (const url of [
      `/i/${handle}`,
      `/i/${handle.toUpperCase()}/`,
      `/i/${handle}/posts/${paid.id}`,
    ]) {
      const page = await web.inject({ method: 'GET', url });
      expect({ url, status: page.statusCode }).toEqual({ url, status: 200 });
      expect(page.headers['content-type']).toContain('text/html');
      const html = page.body;
      const title = `Ava &quot;Rose&quot; &lt;b&gt; (@${handle}) · Muse`;
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(
        `<meta name="description" content="Tips &amp; tricks &lt;script&gt;alert(1)&lt;/script&gt;" />`,
      );
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toContain('<meta property="og:type" content="profile" />');
      expect(html).toMatch(
        new RegExp(
          `<meta property="og:image" content="http://muse\\.test/api/public/pages/${handle.replace('.', '\\.')}/picture\\?v=[\\w-]+" />`,
        ),
      );
      expect(html).toContain('<meta name="twitter:card"');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('Muse: AI influencers that create and earn');
      expect(html).not.toContain('monetise AI influencers');
      expect(html).not.toContain(stored!.key);
      expect(html).not.toContain('/api/files/');
      expect(html).toContain('<div id="root"></div>');
    }
    const post = await web.inject({ method: 'GET', url: `/i/${handle}/posts/${paid.id}` });
    expect(post.body).toContain(
      `<meta property="og:url" content="http://muse.test/i/${handle}/posts/${paid.id}" />`,
    );

    // The image the preview names is served to anyone.
    const image = /og:image" content="http:\/\/muse\.test([^"]+)"/.exec(post.body)![1]!;
    expect(
      (await web.inject({ method: 'GET', url: image.replace(/&amp;/g, '&') })).statusCode,
    ).toBe(200);

    // Unknown, hidden, or a post that is not there: the app, as a 404, with no preview.
    await savePage(owner, influencerId, { handle, published: false });
    for (const url of ['/i/nobody.here', `/i/${handle}`, `/i/${freshHandle()}/posts/${paid.id}`]) {
      const missing = await web.inject({ method: 'GET', url });
      expect({ url, status: missing.statusCode }).toEqual({ url, status: 404 });
      expect(missing.body).toContain('<div id="root"></div>');
      expect(missing.body).not.toContain('og:title');
    }
    // Other pages of the app are as before.
    const dashboard = await web.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('Muse: AI influencers that create and earn');
  });
});
