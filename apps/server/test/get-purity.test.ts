/**
 * Reads never write (docs/decisions/0046-reads-never-write.md). Every GET route of the API, read
 * from Fastify's own route tree, is called by a signed-in creator who has data behind each of
 * them (influencers, a page, posts, sales, earnings, payouts on their way, jobs, gallery items,
 * products, a plan, a checkout), with Stripe configured and in TEST MODE; after each call, every
 * row of every table of the database must be as it was: same content, same row version (`xmin`,
 * which any committed update rewrites, also one that changes nothing).
 *
 * The one allowed write is named in ALLOWED and justified there. A route this file cannot call
 * fails the first test, so a new GET route cannot go unchecked.
 *
 * Google sign-in is not configured here, so its two routes answer without a flow. Configured,
 * they are the named exception: `GET /api/auth/google` stores the sign-in flow it starts (its
 * state and PKCE verifier) and `GET /api/auth/google/callback` signs the visitor in, because
 * OAuth makes both browser navigations, which are GETs (google.test.ts covers them).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryItems, jobs, products, workspaceInvitations } from '../src/db/schema';
import { hashToken, randomToken } from '../src/lib/tokens';
import { buildExport as buildAccountExport } from '../src/modules/account-data/exports';
import { seedMarketplace } from '../src/modules/marketplace/service';
import { setOperator } from '../src/modules/operator/grant';
import { releaseDueSales } from '../src/modules/sales/held-earnings';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, stripeSettings, type TTestContext } from './app';
import { startFakeStripe, type TFakeStripe } from './fakes/stripe';
import { makePng } from './images';
import { registeredRoutes } from './routes';
import { bookSale, call, seedPost, seller, type TSeller } from './sales-helpers';

/**
 * Columns a read may change, by table, and why. A session's "last used" (the account settings'
 * list of sessions) is noted when a session is read from the database after five minutes or
 * more, at most once per five minutes (modules/auth/sessions.ts, `touchSession`): a record of
 * the read itself, which changes nothing a user or another request depends on.
 */
const ALLOWED: Record<string, string[]> = {
  'public.sessions': ['last_used_at'],
};

type TWorld = {
  creator: TTestAccount;
  fan: TTestAccount;
  page: TSeller;
  postId: string;
  influencerId: string;
  productId: string;
  jobId: string;
  galleryId: string;
  /** A TEST MODE checkout of the creator's, open (TEST MODE only). */
  checkoutId: string | null;
  modelId: number;
  filePath: string;
  /** A visitor's report of the creator's page; the creator is an operator too. */
  reportId: string;
  /** An open invitation's link token. */
  invitationToken: string;
  /** A webhook endpoint of the creator's. */
  webhookEndpointId: string;
  /** A ready export of the creator's data, and the settings' signed link to its ZIP. */
  exportId: string;
  exportDownload: string;
};

/** Builds an export as the job workers do (no worker runs here). */
const buildExport = (
  database: TTestContext['database'],
  storage: TTestContext['app']['services']['storage'],
  id: string,
) => buildAccountExport({ db: database.db, storage }, id, { error: () => {} });

/** Every table of the database but PostgreSQL's own, as `schema.table`. */
async function tablesOf(ctx: TTestContext): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** One fingerprint per table: its rows' contents and versions, in a stable order. */
async function fingerprint(ctx: TTestContext, tables: string[]): Promise<Map<string, string>> {
  const prints = new Map<string, string>();
  for (const table of tables) {
    const plain = table.replace(/"/g, '');
    const allowed = ALLOWED[plain];
    const row = allowed
      ? `(to_jsonb(t) - array[${allowed.map((column) => `'${column}'`).join(', ')}])::text`
      : `to_jsonb(t)::text || ':' || t.xmin::text`;
    const { rows } = await ctx.database.pool.query<{ print: string; count: number }>(
      `select md5(coalesce(string_agg(r, '|' order by r), '')) as print, count(*)::int as count
         from (select ${row} as r from ${table} t) rows`,
    );
    prints.set(plain, `${rows[0]!.count}:${rows[0]!.print}`);
  }
  return prints;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

async function seedWorld(ctx: TTestContext): Promise<TWorld> {
  const { db, pool } = ctx.database;
  const [creator, fan] = (await Promise.all([
    registerAccount(ctx.app, 'pure'),
    registerAccount(ctx.app, 'fan'),
  ])) as [TTestAccount, TTestAccount];
  await seedMarketplace(db);
  const page = await seller(ctx, creator, 'Ivy');
  const testMode = !ctx.config.STRIPE_SECRET_KEY;
  if (testMode) await buyPlan(ctx.app, creator, 'growth');

  // Posts: sold, one of them past its hold (available, not yet booked so), one scheduled.
  const sell = async (caption: string, cents: number) => {
    const post = await seedPost(ctx, page, { priceCents: cents, caption });
    await bookSale(ctx, post.id, fan, cents);
    return post;
  };
  const endHold = (postId: string) =>
    pool.query(
      `update post_purchases set available_at = now() - interval '1 minute' where post_id = $1`,
      [postId],
    );
  await seedPost(ctx, page, { priceCents: 900, caption: 'Later', status: 'scheduled' });
  // A payout from a sale released before it: in TEST MODE paid at once; with Stripe one whose
  // transfer had an unknown outcome minutes ago (what the earnings read used to settle), and a
  // payout account still onboarding (what it used to ask Stripe about).
  await endHold((await sell('Paid out', 3000)).id);
  if (testMode) {
    const paid = await call(ctx, creator, {
      method: 'POST',
      url: '/api/earnings/payouts',
      payload: { amountCents: 1000 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  } else {
    const link = await call(ctx, creator, {
      method: 'POST',
      url: '/api/earnings/payout-account',
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(await releaseDueSales(db, creator.userId)).toBe(1);
    const [payout] = (
      await pool.query<{ id: string }>(
        `insert into payouts (workspace_id, amount_cents, status, provider, created_at)
         values ($1, 1200, 'pending', 'stripe', now() - interval '10 minutes') returning id`,
        [creator.userId],
      )
    ).rows;
    await pool.query(
      `insert into earnings_entries (workspace_id, kind, amount_cents, payout_id)
       values ($1, 'payout', -1200, $2)`,
      [creator.userId, payout!.id],
    );
    await pool.query(
      'update earnings_balances set available_cents = available_cents - 1200 where workspace_id = $1',
      [creator.userId],
    );
  }
  const sold = await sell('Sold and due', 5000);
  await endHold(sold.id);
  await sell('Sold and held', 2500);

  // A finished job and its picture in the gallery, a product.
  const [job] = await db
    .insert(jobs)
    .values({
      workspaceId: creator.userId,
      tool: 'upscale',
      status: 'succeeded',
      progress: 100,
      stage: 'Done',
      options: {},
      cost: 1,
      engine: 'local',
    })
    .returning();
  const key = `users/${creator.userId}/purity.png`;
  await ctx.app.services.storage.put(key, await makePng(64, 64));
  const [item] = await db
    .insert(galleryItems)
    .values({
      workspaceId: creator.userId,
      jobId: job!.id,
      influencerId: page.influencerId,
      kind: 'image',
      tool: 'upscale',
      key,
      thumbnailKey: key,
      width: 64,
      height: 64,
      contentType: 'image/png',
      fileName: 'purity.png',
      prompt: '',
      engine: 'local',
      preview: false,
    })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ workspaceId: creator.userId, name: 'Lamp' })
    .returning();

  // An open TEST MODE checkout (a second plan, so it is not paid).
  let checkoutId: string | null = null;
  if (testMode) {
    const started = await call(ctx, creator, {
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      payload: { plan: 'launch', billing: 'yearly', promoCode: null },
    });
    expect(started.statusCode, started.body).toBe(200);
    checkoutId = String(started.json().url).split('/').pop()!;
  }

  const gallery = await call(ctx, creator, { method: 'GET', url: '/api/gallery' });
  const fileUrl = new URL(gallery.json().items[0].thumbnailUrl, 'http://muse.test');
  const models = await ctx.app.inject({ method: 'GET', url: '/api/marketplace/models' });
  const started = await call(ctx, creator, { method: 'POST', url: '/api/account/exports' });
  const exportId: string = started.json().export.id;
  await buildExport(ctx.database, ctx.app.services.storage, exportId);
  const built = await call(ctx, creator, {
    method: 'GET',
    url: `/api/account/exports/${exportId}`,
  });
  return {
    exportId,
    exportDownload: built.json().export.downloadUrl,
    creator,
    fan,
    page,
    postId: sold.id,
    influencerId: page.influencerId,
    productId: product!.id,
    jobId: job!.id,
    galleryId: item!.id,
    checkoutId,
    modelId: models.json().models[0].id,
    webhookEndpointId: (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        headers: creator.headers,
        payload: { url: 'http://127.0.0.1:9/hooks', events: ['post.sold'] },
      })
    ).json().endpoint.id,
    filePath: `${fileUrl.pathname.replace(/^\/api\/files\//, '')}${fileUrl.search}`,
    reportId: await seedReport(ctx, creator, page),
    invitationToken: await seedInvitation(ctx, creator),
  };
}

/** An open invitation into the creator's workspace, as its mailed link names it. */
async function seedInvitation(ctx: TTestContext, creator: TTestAccount): Promise<string> {
  const token = randomToken();
  await ctx.database.db.insert(workspaceInvitations).values({
    workspaceId: creator.userId,
    email: 'invited@example.com',
    role: 'editor',
    tokenHash: hashToken(token),
    invitedBy: creator.userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/** The creator made an operator, and a visitor's report of its page for the console to read. */
async function seedReport(ctx: TTestContext, creator: TTestAccount, page: TSeller) {
  await setOperator(ctx.database.db, creator.email, true);
  const filed = await ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: { handle: page.handle, reason: 'other', email: 'visitor@example.com' },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const { rows: found } = await ctx.database.pool.query(
    'select id from reports where reference = $1',
    [filed.json().reference],
  );
  return found[0].id as string;
}

/** The request that reads a route, its parameters filled with the world's ids. */
function requestFor(route: string, world: TWorld): InjectOptions | null {
  const path = route.slice('GET '.length);
  const id: Record<string, string | null> = {
    '/api/marketplace/models/:id': String(world.modelId),
    '/api/marketplace/models/:id/images/:position': String(world.modelId),
    '/api/public/pages/:handle/posts/:id': world.postId,
    '/api/payments/test-checkout/:id': world.checkoutId,
    '/api/products/:id': world.productId,
    '/api/influencers/:id': world.influencerId,
    '/api/influencers/:id/persona': world.influencerId,
    '/api/influencers/:id/likeness/document': world.influencerId,
    '/api/influencers/:id/voice': world.influencerId,
    '/api/influencers/:id/voice/sample': world.influencerId,
    '/api/influencers/:id/voice-profile': world.influencerId,
    '/api/influencers/:id/page': world.influencerId,
    '/api/influencers/:id/platform-accounts': world.influencerId,
    '/api/influencers/:id/platform-stats': world.influencerId,
    '/api/jobs/:id': world.jobId,
    '/api/jobs/:id/events': world.jobId,
    '/api/gallery/:id': world.galleryId,
    '/api/gallery/:id/download': world.galleryId,
    '/api/webhook-endpoints/:id/deliveries': world.webhookEndpointId,
    '/api/account/exports/:id': world.exportId,
    '/api/account/exports/:id/download': world.exportId,
    '/api/operator/reports/:id': world.reportId,
    '/api/operator/reports/:id/consent-document': world.reportId,
  };
  let url = path;
  if (path.includes(':id')) {
    // The public API reads what the web app's routes read, under /api/v1.
    const value = id[path.replace(/^\/api\/v1\//, '/api/')];
    if (!value) return null;
    url = url.replace(':id', value);
  }
  url = url
    .replace(':handle', world.page.handle)
    .replace(':position', '0')
    .replace(':platform', 'instagram')
    .replace(':token', world.invitationToken);
  if (path === '/api/files/*') url = `/api/files/${world.filePath}`;
  if (path === '/api/account/exports/:id/download') url = world.exportDownload;
  if (url.includes(':') || url.includes('*')) return null;
  return { method: 'GET', url, headers: world.creator.headers };
}

for (const mode of ['Stripe', 'TEST MODE'] as const) {
  describe(`every GET route, with ${mode}`, () => {
    let ctx: TTestContext;
    let fake: TFakeStripe | null = null;
    let world: TWorld;
    let routes: string[];

    beforeAll(async () => {
      if (mode === 'Stripe') fake = await startFakeStripe();
      ctx = await createTestApp(fake ? stripeSettings(fake) : {});
      world = await seedWorld(ctx);
      routes = registeredRoutes(ctx.app).filter((route) => route.startsWith('GET '));
    }, 120_000);
    afterAll(() => fake?.stop());

    it('has a request for each', () => {
      expect(routes).toContain('GET /api/earnings');
      expect(routes.filter((route) => !requestFor(route, world))).toEqual([]);
    });

    it('changes no row of any table', { timeout: 120_000 }, async () => {
      const tables = await tablesOf(ctx);
      expect(tables).toEqual(expect.arrayContaining(['public.payouts', 'public.earnings_entries']));
      const changed: Record<string, string[]> = {};
      const answered: Record<string, number> = {};
      let before = await fingerprint(ctx, tables);
      for (const route of routes) {
        const answer = await ctx.app.inject(requestFor(route, world)!);
        answered[route] = answer.statusCode;
        // What a request left for later (a best-effort write after the answer) is counted too.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const after = await fingerprint(ctx, tables);
        const tablesChanged = changedTables(before, after);
        if (tablesChanged.length) changed[route] = tablesChanged;
        before = after;
      }
      expect(changed).toEqual({});
      // Each read found what it reads: no server error, and the creator's own data answered.
      for (const [route, status] of Object.entries(answered)) {
        expect(status, route).toBeLessThan(500);
      }
      for (const route of [
        'GET /api/earnings',
        'GET /api/posts',
        'GET /api/influencers/:id',
        'GET /api/jobs/:id',
        'GET /api/gallery/:id',
        'GET /api/products/:id',
        'GET /api/files/*',
        'GET /api/public/pages/:handle/posts/:id',
        'GET /api/payments/subscription',
        'GET /api/account/exports/:id',
        'GET /api/account/exports/:id/download',
      ]) {
        expect(answered[route], route).toBe(200);
      }
      if (mode === 'TEST MODE') expect(answered['GET /api/payments/test-checkout/:id']).toBe(200);
    });
  });
}
