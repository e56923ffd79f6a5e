/**
 * Public pages as visitors without an account see them, read and rendered once per change
 * (docs/decisions/0058-public-page-for-fans.md): the shared answer and HTML, what makes every
 * instance forget them, and the small answer of a signed-in fan's own and bought posts.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PPV_PRICE, type TPublicPageResponse, type TPublicPost } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { postItems } from '../src/db/schema';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { announced, secondInstance } from './instances';
import { call, checkout, seedPost, seller, type TSeller } from './sales-helpers';

let ctx: TTestContext;
/** Another instance on the same database, with a web build, as behind a load balancer. */
let second: FastifyInstance;
let creator: TTestAccount;
let fan: TTestAccount;
let page: TSeller;
let free: string;
let locked: string;
let bought: string;

/**
 * The build's page renderer (dist/server/prerender.js) in small: the page's template filled with
 * a line per post and the answer it was rendered from, as the real one
 * (apps/web/src/prerender.tsx) fills it with the page's markup.
 */
const RENDERER = `export async function renderServedPage(route, template) { return template; }
export async function renderPublicPage(template, data) {
  const { page, posts } = JSON.parse(data.page);
  const lines = posts.map((post) => '<li>' + post.caption + (post.locked ? ' (locked)' : '') + '</li>');
  const markup = '<h1>' + page.name + '</h1><ul>' + lines.join('') + '</ul>';
  return template
    .replace('<!--muse:markup-->', markup)
    .replace('<!--muse:data-->', '<script type="application/json" id="public-page">' + data.page + '</script>');
}`;

async function fakeBuild(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'muse-web-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Muse</title><div id="root"></div>',
    'server/package.json': '{ "type": "module" }',
    'server/prerender.js': RENDERER,
    'server/public-page.html':
      '<!doctype html><html><head><meta name="description" content="Muse" /><title>Muse</title></head><body><div id="root"><!--muse:markup--></div><!--muse:data--></body></html>',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), text);
  }
  return dist;
}

const anonymous = (app: FastifyInstance, handle: string, headers = {}) =>
  app.inject({ method: 'GET', url: `/api/public/pages/${handle}`, headers });

const captions = (answer: TPublicPageResponse) => answer.posts.map((post) => post.caption);

async function buy(account: TTestAccount, postId: string): Promise<void> {
  const created = await checkout(ctx, account, postId);
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json().url as string).split('/').pop();
  const paid = await call(ctx, account, {
    method: 'POST',
    url: `/api/payments/test-checkout/${id}/pay`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'http://muse.test' });
  second = await secondInstance(ctx, { webDistDir: await fakeBuild() });
  creator = await registerAccount(ctx.app, 'page-creator');
  fan = await registerAccount(ctx.app, 'page-fan');
  page = await seller(ctx, creator, 'Ava Rose');
  free = (await seedPost(ctx, page, { priceCents: 0, caption: 'Free look' })).id;
  locked = (await seedPost(ctx, page, { priceCents: PPV_PRICE.default, caption: 'Locked look' }))
    .id;
  bought = (await seedPost(ctx, page, { priceCents: PPV_PRICE.default, caption: 'Bought look' }))
    .id;
  await buy(fan, bought);
});

describe('the page a visitor without an account sees', () => {
  it('is one answer for every visitor, with a tag to ask again by', async () => {
    const first = await anonymous(second, page.handle);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.vary).toContain('authorization');
    const again = await anonymous(second, page.handle, { 'if-none-match': first.headers.etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gzipped = await anonymous(second, page.handle, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(first.headers.etag);
    // Any case of the handle is the same page.
    const upper = await anonymous(second, page.handle.toUpperCase());
    expect(upper.json()).toEqual(first.json());
  });

  it('is read once per change: a change nobody announced is not seen', async () => {
    const before = (await anonymous(second, page.handle)).json() as TPublicPageResponse;
    const admin = new pg.Client({ connectionString: ctx.database.url });
    await admin.connect();
    try {
      await admin.query('alter table posts disable trigger posts_notify_public_page');
      await admin.query(`update posts set caption = 'Unannounced' where id = $1`, [free]);
      expect(captions((await anonymous(second, page.handle)).json())).toEqual(captions(before));
      // The signed-in answer is read for its viewer every time.
      const asFan = await anonymous(second, page.handle, fan.headers);
      expect(captions(asFan.json())).toContain('Unannounced');
    } finally {
      await admin.query(`update posts set caption = 'Free look' where id = $1`, [free]);
      await admin.query('alter table posts enable trigger posts_notify_public_page');
      await admin.end();
    }
  });

  it('shows a change to a post made through another instance to the next visitor', async () => {
    const html = async () => {
      const answer = await second.inject({ method: 'GET', url: `/i/${page.handle}` });
      expect(answer.statusCode).toBe(200);
      return answer;
    };
    expect(captions((await anonymous(second, page.handle)).json())).toContain('Free look');
    const before = await html();
    expect(before.body).toContain('<li>Free look</li>');
    expect(before.body).toContain('<title>Ava Rose (@');
    expect(before.headers['cache-control']).toBe('no-cache');
    const heard = announced(second, { publicPage: page.influencerId });
    const edited = await call(ctx, creator, {
      method: 'PATCH',
      url: `/api/posts/${free}`,
      payload: { caption: 'Free look, edited' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await heard;
    expect(captions((await anonymous(second, page.handle)).json())).toContain('Free look, edited');
    const after = await html();
    expect(after.body).toContain('<li>Free look, edited</li>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('shows a change at once on the instance that made it', async () => {
    expect(captions((await anonymous(ctx.app, page.handle)).json())).toContain('Free look, edited');
    const edited = await call(ctx, creator, {
      method: 'PATCH',
      url: `/api/posts/${free}`,
      payload: { caption: 'Free look' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // No waiting for the announcement: the request forgot its workspace's pages here.
    expect(captions((await anonymous(ctx.app, page.handle)).json())).toContain('Free look');
  });

  it('forgets a post removed by Muse, and a page hidden, on every instance', async () => {
    const extra = await seedPost(ctx, page, { priceCents: 0, caption: 'Soon removed' });
    expect(captions((await anonymous(second, page.handle)).json())).toContain('Soon removed');
    let heard = announced(second, { publicPage: page.influencerId });
    await ctx.database.pool.query('update posts set hidden_at = now() where id = $1', [extra.id]);
    await heard;
    expect(captions((await anonymous(second, page.handle)).json())).not.toContain('Soon removed');

    heard = announced(second, { publicPage: page.influencerId });
    await ctx.database.pool.query(
      'update influencer_pages set published_at = null where influencer_id = $1',
      [page.influencerId],
    );
    await heard;
    expect((await anonymous(second, page.handle)).statusCode).toBe(404);
    heard = announced(second, { publicPage: page.influencerId });
    await ctx.database.pool.query(
      'update influencer_pages set published_at = now() where influencer_id = $1',
      [page.influencerId],
    );
    await heard;
    expect((await anonymous(second, page.handle)).statusCode).toBe(200);
  });

  it("never carries a locked post's originals, whoever asked for the page before", async () => {
    // The creator and a fan who bought a post see their own answers first.
    expect((await anonymous(second, page.handle, creator.headers)).statusCode).toBe(200);
    expect((await anonymous(second, page.handle, fan.headers)).statusCode).toBe(200);
    const items = await ctx.database.db.select().from(postItems);
    const lockedItems = items.filter((item) => item.postId === locked || item.postId === bought);
    expect(lockedItems).toHaveLength(2);

    const answer = await anonymous(second, page.handle);
    const body = answer.json() as TPublicPageResponse;
    for (const id of [locked, bought]) {
      const post = body.posts.find((candidate) => candidate.id === id)!;
      expect(post.locked).toBe(true);
      expect(post.items[0]!.url).toBeNull();
      expect(post.items[0]!.thumbnailUrl).toBeNull();
    }
    const html = await second.inject({ method: 'GET', url: `/i/${page.handle}` });
    for (const item of lockedItems) {
      for (const shared of [answer.body, html.body]) {
        expect(shared).not.toContain(item.key);
        expect(shared).not.toContain(item.thumbnailKey);
        expect(shared).toContain(item.blurredKey);
      }
    }
  });

  it('answers a page that is not published as the app does, and leads a handle to its case', async () => {
    const missing = await second.inject({ method: 'GET', url: '/i/nobody.here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    const cased = await second.inject({
      method: 'GET',
      url: `/i/${page.handle.toUpperCase()}?purchase=done`,
    });
    expect(cased.statusCode).toBe(302);
    expect(cased.headers.location).toBe(`/i/${page.handle}?purchase=done`);
  });

  it('reads the page again when the hour its file addresses are signed for ends', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    const thisHour = await second.publicPages.get(page.handle, now);
    expect(await second.publicPages.get(page.handle, now)).toBe(thisHour);
    const nextHour = await second.publicPages.get(page.handle, later);
    expect(nextHour).not.toBe(thisHour);
    const expiry = (json: string) => /expires=(\d+)/.exec(json)![1];
    expect(Number(expiry(nextHour!.json))).toBeGreaterThan(Number(expiry(thisHour!.json)));
  });
});

describe("a signed-in fan's own and bought posts", () => {
  const unlocked = (account: TTestAccount | null) =>
    second.inject({
      method: 'GET',
      url: `/api/public/pages/${page.handle}/unlocked`,
      headers: account?.headers ?? {},
    });

  it('are the bought posts, unlocked, for a fan', async () => {
    const answer = await unlocked(fan);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const posts = answer.json().posts as TPublicPost[];
    expect(posts.map((post) => post.id)).toEqual([bought]);
    expect(posts[0]!.locked).toBe(false);
    expect(posts[0]!.purchased).toBe(true);
    expect(posts[0]!.items[0]!.url).toMatch(/^\/api\/files\/.+signature=/);
  });

  it("are every post of the creator's own page", async () => {
    const posts = (await unlocked(creator)).json().posts as TPublicPost[];
    expect(new Set(posts.map((post) => post.id))).toEqual(new Set([free, locked, bought]));
    expect(posts.every((post) => post.own && !post.locked)).toBe(true);
  });

  it('are nothing to a visitor without an account, and none of a page not there', async () => {
    const answer = await unlocked(null);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('UNAUTHORISED');
    const nowhere = await second.inject({
      method: 'GET',
      url: '/api/public/pages/nobody.here/unlocked',
      headers: fan.headers,
    });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe('PAGE_NOT_FOUND');
  });

  it('are none for a fan whose purchase was refunded', async () => {
    await ctx.database.pool.query(
      `update post_purchases set status = 'refunded' where post_id = $1`,
      [bought],
    );
    try {
      expect((await unlocked(fan)).json().posts).toEqual([]);
    } finally {
      await ctx.database.pool.query(
        `update post_purchases set status = 'available' where post_id = $1`,
        [bought],
      );
    }
  });
});
