/**
 * An influencer's public page, `/i/<handle>` (docs/product/publishing.md), for a published page
 * of 24 posts (half free, half pay-per-view, one picture each), seeded through the publishing
 * module's own functions on real gallery rows and files:
 *
 * - The JavaScript a first visit downloads (gzip), beside the landing page's and all of the
 *   app's, measured from the build as landing-js.ts does: the page is the server's template
 *   (server/public-page.html, an entry of its own, docs/decisions/0058-public-page-for-fans.md),
 *   its scripts and what they load once it has painted; the goal is at most 90 kB.
 * - In-process, against `GET /api/health` in the same rounds: the page's HTML for a visitor
 *   without an account (with the web build), its answer `GET /api/public/pages/:handle`, and what
 *   a signed-in fan who bought some posts asks (`…/unlocked`, and the whole answer with a token).
 * - Under autocannon's load, against bare Fastify's hello-world in the same run: the page's HTML
 *   and its answer for visitors.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  formatCents,
  PPV_PRICE,
  PUBLIC_PAGE_TEMPLATE,
  type TPublicPageResponse,
  type TPublicPageUnlockedResponse,
} from '@muse/shared';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import type { TConfig } from '../apps/server/src/config';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { galleryItems } from '../apps/server/src/db/schema';
import { WEB_DIST_DIR } from '../apps/server/src/lib/paths';
import type { TServices } from '../apps/server/src/services';
import { processUploadedImage } from '../apps/server/src/lib/images';
import { createInfluencer } from '../apps/server/src/modules/influencers/service';
import { savePageSettings } from '../apps/server/src/modules/publishing/pages';
import { createPost } from '../apps/server/src/modules/publishing/posts';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { makePng } from '../apps/server/test/images';
import { BROWSER, load, summarise, type THttpFigures } from './http';
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
  const template = path.join(webDistDir, 'server', PUBLIC_PAGE_TEMPLATE);
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

type TLoadPair = { muse: THttpFigures; bare: THttpFigures; bytes: number };

export type TPublicPageBench = {
  posts: number;
  /** The price of each pay-per-view post, in cents. */
  priceCents: number;
  bought: number;
  /** ms per request in-process, each over the same interleaved rounds. */
  healthMs: number;
  /** The page's HTML for a visitor without an account; null without a web build. */
  htmlMs: number | null;
  anonymousMs: number;
  /** The signed-in fan's second request: their own and bought posts. */
  unlockedMs: number;
  /** The whole answer for the fan, asked with their token. */
  fanMs: number;
  /**
   * Under load: bare Fastify's hello-world; the page's HTML and answer for visitors, each beside
   * bare Fastify sending the same bytes.
   */
  load: { hello: THttpFigures; html: TLoadPair | null; answer: TLoadPair };
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
export async function seedPage(app: FastifyInstance) {
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

/** The in-process goal: the visitor's page at most this many times GET /api/health. */
const IN_PROCESS_GOAL = 2;
/** The goal under load: at least this share of bare Fastify's requests a second. */
const LOAD_GOAL = 0.5;

export async function benchPublicPage(
  app: FastifyInstance,
  database: TDatabaseHandle,
  services: TServices,
  config: TConfig,
): Promise<TPublicPageBench> {
  const { handle, fan } = await seedPage(app);
  const pageUrl = `/api/public/pages/${handle}`;
  const unlockedUrl = `${pageUrl}/unlocked`;
  const htmlUrl = `/i/${handle}`;
  // The same API serving the web build, as `npm start` does, when there is one.
  const built = existsSync(path.join(WEB_DIST_DIR, 'server', PUBLIC_PAGE_TEMPLATE));
  const web = built
    ? await buildApp({ config, database, services, webDistDir: WEB_DIST_DIR })
    : null;

  try {
    const time = async (
      on: FastifyInstance,
      url: string,
      headers: THeaders,
      count: number,
    ): Promise<number> => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < count; i += 1) {
        const { statusCode, body } = await on.inject({ method: 'GET', url, headers });
        if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}: ${body}`);
      }
      return Number(process.hrtime.bigint() - start) / 1e6;
    };

    const anonymous = await app.inject({ method: 'GET', url: pageUrl });
    checkAnswer(anonymous.body, 'anonymous');
    const asFan = await app.inject({ method: 'GET', url: pageUrl, headers: fan.headers });
    checkAnswer(asFan.body, 'fan');
    const unlocked = await app.inject({ method: 'GET', url: unlockedUrl, headers: fan.headers });
    if ((JSON.parse(unlocked.body) as TPublicPageUnlockedResponse).posts.length !== BOUGHT)
      throw new Error(`the fan's unlocked posts were ${unlocked.body}`);
    if (web) {
      const html = await web.inject({ method: 'GET', url: htmlUrl });
      if (html.statusCode !== 200 || !html.body.includes('Look 24'))
        throw new Error(`${htmlUrl} answered ${html.statusCode} without the posts`);
    }

    // Warm-up, then rounds that take turns, so all see the same load on the machine.
    await time(app, '/api/health', {}, 200);
    await time(app, pageUrl, {}, 50);
    await time(app, pageUrl, fan.headers, 50);
    await time(app, unlockedUrl, fan.headers, 50);
    if (web) await time(web, htmlUrl, {}, 50);
    const rounds = 5;
    const healthCount = 400;
    const pageCount = 60;
    const totals = { health: 0, html: 0, anonymous: 0, unlocked: 0, fan: 0 };
    for (let round = 0; round < rounds; round += 1) {
      totals.health += await time(app, '/api/health', {}, healthCount);
      if (web) totals.html += await time(web, htmlUrl, {}, pageCount);
      totals.anonymous += await time(app, pageUrl, {}, pageCount);
      totals.unlocked += await time(app, unlockedUrl, fan.headers, pageCount);
      totals.fan += await time(app, pageUrl, fan.headers, pageCount);
    }
    const perPage = (total: number) => total / (rounds * pageCount);

    return {
      posts: POSTS,
      priceCents: PPV_PRICE.default,
      bought: BOUGHT,
      healthMs: totals.health / (rounds * healthCount),
      htmlMs: web ? perPage(totals.html) : null,
      anonymousMs: perPage(totals.anonymous),
      unlockedMs: perPage(totals.unlocked),
      fanMs: perPage(totals.fan),
      load: await underLoad(web ?? app, { htmlUrl: web ? htmlUrl : null, pageUrl }),
    };
  } finally {
    await web?.close();
  }
}

/**
 * The page for visitors under autocannon's load (100 connections, in a child process), against
 * bare Fastify in the same run: its hello-world, and the same bytes Muse answers (the page's
 * compressed HTML and answer, as a browser takes them) sent as a static answer, the page "at the
 * speed of a static one". On a 2-core machine autocannon shares the CPU with the servers and a
 * page's kilobytes cost it more than a hello-world's few bytes, so the goal is judged against
 * bare Fastify sending those same bytes; the hello-world is printed beside it. Three interleaved
 * rounds, the median of each. The bench's app is silent, as is bare Fastify.
 */
async function underLoad(
  app: FastifyInstance,
  urls: { htmlUrl: string | null; pageUrl: string },
): Promise<TPublicPageBench['load']> {
  /** What Muse answers a browser, compressed as it sends it. */
  const answered = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: BROWSER });
    return {
      body: answer.rawPayload,
      type: String(answer.headers['content-type']),
      encoding: String(answer.headers['content-encoding']),
    };
  };
  const statics = {
    '/html': urls.htmlUrl ? await answered(urls.htmlUrl) : null,
    '/answer': await answered(urls.pageUrl),
  };
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  for (const [route, answer] of Object.entries(statics)) {
    if (!answer) continue;
    bare.get(route, (_request, reply) =>
      reply.type(answer.type).header('content-encoding', answer.encoding).send(answer.body),
    );
  }
  const museUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    const seconds = 4;
    const targets = [
      ['hello', `${bareUrl}/`],
      ...(urls.htmlUrl
        ? [
            ['bareHtml', `${bareUrl}/html`],
            ['html', `${museUrl}${urls.htmlUrl}`],
          ]
        : []),
      ['bareAnswer', `${bareUrl}/answer`],
      ['answer', `${museUrl}${urls.pageUrl}`],
    ] as const;
    const runs = new Map<string, THttpFigures[]>(targets.map(([name]) => [name, []]));
    for (const [, url] of targets) await load(url, 1);
    for (let round = 0; round < 3; round += 1)
      for (const [name, url] of targets) runs.get(name)!.push(await load(url, seconds));
    const median = (name: string) => summarise(runs.get(name)!);
    return {
      hello: median('hello'),
      html: urls.htmlUrl
        ? { muse: median('html'), bare: median('bareHtml'), bytes: statics['/html']!.body.length }
        : null,
      answer: {
        muse: median('answer'),
        bare: median('bareAnswer'),
        bytes: statics['/answer'].body.length,
      },
    };
  } finally {
    await bare.close();
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'not met');

export function reportPublicPage(page: TPublicPageBench): void {
  console.log(
    `\nPublic influencer page /i/<handle>, a published page of ${page.posts} posts (half free, half ${formatCents(page.priceCents)} PPV, one picture each)`,
  );
  console.log('  in-process, in the same interleaved rounds:');
  console.log(`  GET /api/health (baseline): ${page.healthMs.toFixed(3)} ms/request`);
  const inProcess = (label: string, ms: number, goal = true) => {
    const ratio = ms / page.healthMs;
    console.log(
      `  ${label}: ${ms.toFixed(3)} ms/request (ratio to health ${ratio.toFixed(2)}${goal ? `, goal ≤ ${IN_PROCESS_GOAL}, ${met(ratio <= IN_PROCESS_GOAL)}` : ''})`,
    );
  };
  if (page.htmlMs === null) console.log('  the page (HTML): skipped, the web app is not built');
  else inProcess("the page's HTML for a visitor without an account", page.htmlMs);
  inProcess('its answer for a visitor (GET /api/public/pages/:handle)', page.anonymousMs);
  inProcess(
    `a signed-in fan's own and bought posts (…/unlocked, ${page.bought} bought)`,
    page.unlockedMs,
    false,
  );
  inProcess('the whole answer read for that fan (with the token)', page.fanMs, false);
  const figures = (f: THttpFigures) =>
    `${Math.round(f.requestsPerSecond).toLocaleString('en')} req/s, p99 ${f.p99Ms} ms`;
  const loaded = (label: string, pair: TLoadPair) => {
    const ratio = pair.muse.requestsPerSecond / pair.bare.requestsPerSecond;
    const toHello = pair.muse.requestsPerSecond / page.load.hello.requestsPerSecond;
    console.log(
      `  ${label} (${(pair.bytes / 1024).toFixed(1)} kB compressed): ${figures(pair.muse)}; bare Fastify sending the same bytes ${figures(pair.bare)} (ratio ${ratio.toFixed(2)}, goal ≥ ${LOAD_GOAL}, ${met(ratio >= LOAD_GOAL)}; to the hello-world ${toHello.toFixed(2)})`,
    );
  };
  console.log('  under load (autocannon, 100 connections, medians of 3 interleaved runs):');
  console.log(`  bare Fastify hello-world: ${figures(page.load.hello)}`);
  if (page.load.html) loaded("the page's HTML for visitors", page.load.html);
  loaded('its answer for visitors', page.load.answer);
}
