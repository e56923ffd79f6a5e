/**
 * An influencer's public page, `/i/<handle>` (docs/product/publishing.md), in two figures:
 *
 * - The JavaScript a first visit downloads (gzip), beside the landing page's and all of the
 *   app's, measured from the build as landing-js.ts does: the page is the server's template
 *   (server/public-page.html, an entry of its own, docs/decisions/0058-public-page-for-fans.md),
 *   its scripts and what they load once it has painted; the goal is at most 90 kB.
 * - The server's answer to `GET /api/public/pages/:handle` for a published page of 24 posts (half
 *   free, half pay-per-view, one picture each), seeded through the publishing module's own
 *   functions on real gallery rows and files, asked anonymously and with a fan's bearer token
 *   (the fan bought some of the posts), against `GET /api/health` in the same process.
 */
import { randomUUID } from 'node:crypto';
import { PPV_PRICE, type TPublicPageResponse } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { galleryItems } from '../apps/server/src/db/schema';
import { processUploadedImage } from '../apps/server/src/lib/images';
import { createInfluencer } from '../apps/server/src/modules/influencers/service';
import { savePageSettings } from '../apps/server/src/modules/publishing/pages';
import { createPost } from '../apps/server/src/modules/publishing/posts';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { makePng } from '../apps/server/test/images';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { measure, measureLandingJs, measureRouteJs, type TRouteJs } from './landing-js';

/** The public page's lazy route module (apps/web/src/features/public-page/public-page-routes.ts). */
const PUBLIC_PAGE_CHUNK = 'public-page-routes-';
/** What a first visit may load, gzipped (docs/decisions/0058-public-page-for-fans.md). */
const GOAL_BYTES = 90 * 1024;

/**
 * A first visit to `/i/<handle>`: the server's page from its template (packages/shared's
 * PUBLIC_PAGE_TEMPLATE in the build's server/ folder); a build from before it had the page as
 * the app's route.
 */
export function measurePublicPageJs(webDistDir: string): TRouteJs | null {
  const template = path.join(webDistDir, 'server', 'public-page.html');
  if (existsSync(template)) return measure(webDistDir, template, null);
  return measureRouteJs(webDistDir, PUBLIC_PAGE_CHUNK);
}

export function reportPublicPageJs(webDistDir: string): void {
  const page = measurePublicPageJs(webDistDir);
  const landing = measureLandingJs(webDistDir);
  console.log('\nPublic influencer page /i/<handle>, JavaScript of a first visit (gzip)');
  if (!page || !landing) {
    console.log('  skipped: the web app is not built (npm run build)');
    return;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`  all of the app's JavaScript (baseline): ${kb(page.allGzipBytes)}`);
  console.log(`  loaded by the landing page (baseline): ${kb(landing.gzipBytes)}`);
  console.log(`  loaded by the public page: ${kb(page.gzipBytes)} in ${page.files} files`);
  console.log(`  of which no other page loads up front: ${kb(page.routeGzipBytes)}`);
  const met = page.gzipBytes <= GOAL_BYTES ? 'met' : 'not met';
  console.log(`  goal: at most ${GOAL_BYTES / 1024} kB (${met})`);
  console.log(`  ratio public page / all: ${(page.gzipBytes / page.allGzipBytes).toFixed(2)}`);
  console.log(`  ratio public page / landing: ${(page.gzipBytes / landing.gzipBytes).toFixed(2)}`);
}

const POSTS = 24;
/** Of the pay-per-view posts, how many the fan bought (they come back unlocked for the fan). */
const BOUGHT = 3;

export type TPublicPageBench = {
  posts: number;
  /** The price of each pay-per-view post, in cents. */
  priceCents: number;
  bought: number;
  /** ms per request, each over the same interleaved rounds. */
  healthMs: number;
  anonymousMs: number;
  fanMs: number;
};

type THeaders = Record<string, string>;

/** A gallery item as a finished job leaves it: a picture and its 384 px preview in storage. */
async function seedGalleryItem(
  app: FastifyInstance,
  userId: string,
  influencerId: string,
  index: number,
): Promise<string> {
  const folder = `users/${userId}/jobs/${randomUUID()}`;
  const picture = await sharp(await makePng(768, 960))
    .modulate({ hue: index * 15 })
    .png()
    .toBuffer();
  const key = `${folder}/output-0.png`;
  const thumbnailKey = `${folder}/preview-0.webp`;
  await app.services.storage.put(key, picture);
  await app.services.storage.put(
    thumbnailKey,
    await sharp(picture).resize(384, 480).webp().toBuffer(),
  );
  const [row] = await app.database.db
    .insert(galleryItems)
    .values({
      workspaceId: userId,
      influencerId,
      influencerName: 'Ava Rose',
      kind: 'image',
      tool: 'generate-image',
      key,
      thumbnailKey,
      width: 768,
      height: 960,
      contentType: 'image/png',
      fileName: `ava-${index}.png`,
      prompt: 'A portrait on a beach',
      engine: 'bench',
      preview: false,
    })
    .returning({ id: galleryItems.id });
  return row!.id;
}

/** Buys a post as the fan through the TEST MODE checkout, as the page's 'Unlock' does. */
async function buyPost(app: FastifyInstance, headers: THeaders, postId: string): Promise<void> {
  const created = await app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/checkout`,
    headers,
  });
  if (created.statusCode !== 200) throw new Error(`post checkout answered ${created.body}`);
  // TEST MODE answers a relative address, /checkout/test/<id>.
  const id = (created.json().url as string).split('/').pop();
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/test-checkout/${id}/pay`,
    headers,
  });
  if (paid.statusCode !== 200) throw new Error(`test payment answered ${paid.body}`);
}

/** A published page of `POSTS` posts, newest first alternating free and pay-per-view. */
async function seedPage(app: FastifyInstance) {
  const { db } = app.database;
  const creator = await registerAccount(app, 'bench-creator');
  await buyPlan(app, creator, 'builder');
  const influencer = await createInfluencer(db, app.services, creator.userId, {
    name: 'Ava Rose',
    niche: 'fashion',
    personality: '',
    target_audience: '',
    description: 'Street style',
    image: await processUploadedImage(await makePng(512, 640)),
  });
  const { handle } = await savePageSettings(db, creator.userId, influencer.id, {
    handle: `ava.bench_${Date.now().toString(36)}`,
    bio: 'Street style from Lisbon',
    published: true,
  });
  const paid: string[] = [];
  for (let i = 0; i < POSTS; i += 1) {
    const itemId = await seedGalleryItem(app, creator.userId, influencer.id, i);
    const post = await createPost(
      db,
      app.services,
      creator.userId,
      {
        influencerId: influencer.id,
        caption: `Look ${i + 1}`,
        itemIds: [itemId],
        priceCents: i % 2 === 0 ? 0 : PPV_PRICE.default,
        publishAt: null,
        timeZone: 'UTC',
      },
      { userId: creator.userId, role: 'owner' },
    );
    if (post.priceCents > 0) paid.push(post.id);
  }
  const fan = await registerAccount(app, 'bench-fan');
  for (const postId of paid.slice(0, BOUGHT)) await buyPost(app, fan.headers, postId);
  return { handle, fan };
}

/** Fails the bench if the answer is not the page as that viewer must see it. */
function checkAnswer(body: string, viewer: 'anonymous' | 'fan'): void {
  const { posts } = JSON.parse(body) as TPublicPageResponse;
  const unlocked = posts.filter((post) => post.priceCents > 0 && !post.locked).length;
  const expected = viewer === 'fan' ? BOUGHT : 0;
  if (posts.length !== POSTS || unlocked !== expected)
    throw new Error(`the ${viewer} saw ${posts.length} posts, ${unlocked} bought ones unlocked`);
}

export async function benchPublicPage(app: FastifyInstance): Promise<TPublicPageBench> {
  const { handle, fan } = await seedPage(app);
  const pageUrl = `/api/public/pages/${handle}`;

  const time = async (url: string, headers: THeaders, count: number): Promise<number> => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i += 1) {
      const { statusCode, body } = await app.inject({ method: 'GET', url, headers });
      if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}: ${body}`);
    }
    return Number(process.hrtime.bigint() - start) / 1e6;
  };

  const anonymous = await app.inject({ method: 'GET', url: pageUrl });
  checkAnswer(anonymous.body, 'anonymous');
  const asFan = await app.inject({ method: 'GET', url: pageUrl, headers: fan.headers });
  checkAnswer(asFan.body, 'fan');

  // Warm-up, then rounds that take turns, so the three see the same load on the machine.
  await time('/api/health', {}, 200);
  await time(pageUrl, {}, 50);
  await time(pageUrl, fan.headers, 50);
  const rounds = 5;
  const healthCount = 400;
  const pageCount = 60;
  let health = 0;
  let anonymousTotal = 0;
  let fanTotal = 0;
  for (let round = 0; round < rounds; round += 1) {
    health += await time('/api/health', {}, healthCount);
    anonymousTotal += await time(pageUrl, {}, pageCount);
    fanTotal += await time(pageUrl, fan.headers, pageCount);
  }
  return {
    posts: POSTS,
    priceCents: PPV_PRICE.default,
    bought: BOUGHT,
    healthMs: health / (rounds * healthCount),
    anonymousMs: anonymousTotal / (rounds * pageCount),
    fanMs: fanTotal / (rounds * pageCount),
  };
}
