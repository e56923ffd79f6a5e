/**
 * What the API tests of platform publishing share (platform-publishing, platform-takedown): an
 * influencer with a published page, gallery items, accounts connected as a browser connects
 * them, posts scheduled to the platforms and read back as the creator reads them.
 */
import { randomUUID } from 'node:crypto';
import type { TPost, TPostTarget, TPublishPlatform } from '@muse/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { galleryItems, influencers, posts } from '../src/db/schema';
import { processUploadedImage } from '../src/lib/images';
import { storeInfluencerImage } from '../src/modules/influencers/service';
import type { TTestAccount } from './accounts';
import type { TTestContext } from './app';
import { makePng } from './images';

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A picture full of sharp edges: 20 px squares, black and white. */
export function checkerboard(width: number, height: number): Promise<Buffer> {
  const squares: string[] = [];
  for (let y = 0; y < height; y += 20)
    for (let x = (y / 20) % 2 ? 20 : 0; x < width; x += 40)
      squares.push(`<rect x="${x}" y="${y}" width="20" height="20"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${squares.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The helpers for the test file's app (read when called: it is made in `beforeAll`).
 * `onAnswer` sees every answer's body (a test that no token reaches a response reads them).
 */
export function platformWorld(
  context: () => TTestContext,
  {
    caption = 'New look #style',
    onAnswer,
  }: { caption?: string; onAnswer?: (body: string) => void } = {},
) {
  const db = () => context().database.db;

  async function call(
    account: TTestAccount,
    options: { method?: TMethod; url: string; payload?: unknown },
  ) {
    const answer = await context().app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers: account.headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    onAnswer?.(answer.body);
    return answer;
  }

  /** An influencer with a picture and a published page. */
  async function influencer(owner: TTestAccount): Promise<string> {
    const id = randomUUID();
    const picture = await processUploadedImage(await makePng(300, 300));
    const keys = await storeInfluencerImage(
      context().app.services.storage,
      owner.userId,
      id,
      picture,
    );
    await db()
      .insert(influencers)
      .values({
        id,
        workspaceId: owner.userId,
        name: 'Ava Rose',
        niche: 'fashion',
        description: 'Style',
        ...keys,
      });
    const page = await call(owner, {
      method: 'PUT',
      url: `/api/influencers/${id}/page`,
      payload: { handle: `ava.${randomUUID().slice(0, 8)}`, bio: 'Hi', published: true },
    });
    expect(page.statusCode, page.body).toBe(200);
    return id;
  }

  /** A gallery item of the influencer: a PNG picture, or an MP4 clip, of the given size. */
  async function galleryItem(
    owner: TTestAccount,
    influencerId: string,
    kind: 'image' | 'video',
    width: number,
    height: number,
    look: 'plain' | 'checkerboard' = 'plain',
  ): Promise<string> {
    const { storage } = context().app.services;
    const id = randomUUID();
    const folder = `users/${owner.userId}/jobs/${randomUUID()}`;
    const picture =
      look === 'checkerboard'
        ? await checkerboard(width, height)
        : await sharp({
            create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } },
          })
            .png()
            .toBuffer();
    const key = kind === 'image' ? `${folder}/output-0.png` : `${folder}/output-0.mp4`;
    // A platform's fake takes the clip's bytes as they are: they need not play.
    await storage.put(key, kind === 'image' ? picture : Buffer.alloc(300_000, 7));
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
        durationMs: kind === 'video' ? 8000 : null,
        key,
        thumbnailKey,
        width,
        height,
        contentType: kind === 'image' ? 'image/png' : 'video/mp4',
        fileName: kind === 'image' ? 'ava.png' : 'ava.mp4',
        prompt: 'A portrait',
        engine: 'local',
        preview: true,
      });
    return id;
  }

  /**
   * Connects the influencer's account on `platform` as a browser would: Muse's answer binds the
   * flow to the browser with a cookie, the platform's consent page sends the browser back to the
   * callback, which needs that cookie.
   */
  async function connect(owner: TTestAccount, influencerId: string, platform: TPublishPlatform) {
    const started = await call(owner, {
      method: 'POST',
      url: `/api/influencers/${influencerId}/platform-accounts/${platform}/connect`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    expect(consent.status, await consent.clone().text()).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe(`/api/platforms/${platform}/callback`);
    const callback = await context().app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/influencers/${influencerId}?connected=${platform}`);
  }

  /** X refuses an account's duplicate text: every post says something new. */
  let captions = 0;

  async function schedule(
    owner: TTestAccount,
    influencerId: string,
    body: Record<string, unknown>,
  ): Promise<TPost> {
    const answer = await call(owner, {
      method: 'POST',
      url: '/api/posts',
      payload: {
        influencerId,
        caption: `${caption} ${(captions += 1)}`,
        priceCents: 0,
        publishAt: new Date(Date.now() + 1500).toISOString(),
        timeZone: 'UTC',
        ...body,
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().post;
  }

  async function postRow(id: string) {
    const [row] = await db().select().from(posts).where(eq(posts.id, id));
    return row!;
  }

  /** The post as its creator's calendar lists it. */
  async function postOf(owner: TTestAccount, id: string): Promise<TPost> {
    const answer = await call(owner, {
      url: `/api/posts?influencerId=${(await postRow(id)).influencerId}`,
    });
    return answer.json().posts.find((post: TPost) => post.id === id);
  }

  const target = (post: TPost, platform: TPublishPlatform) =>
    post.targets.find((item) => item.platform === platform) as TPostTarget;

  return { db, call, influencer, galleryItem, connect, schedule, postRow, postOf, target };
}
