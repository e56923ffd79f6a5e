import { ACCOUNT_DATA_TEXTS, AUTH_TEXTS, type TPurchase } from '@muse/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/sessions';
import { removeAccountFiles } from '../src/modules/account-data/deletion';
import { ensureStripeCatalogue } from '../src/modules/billing/stripe-setup';
import { keysOfAccount, readStored, seedAccount, type TSeededAccount } from './account-data';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, stripeSettings, type TTestContext } from './app';
import { startFakeStripe, stripeClientFor, type TFakeStripe } from './fakes/stripe';
import { bookSale, deliverTo, endHolds, seedPost, seller } from './sales-helpers';

/*
 * 'Delete account' (docs/product/data-rights.md): after it, storage holds no file of the account
 * but the files of the posts fans bought, read from the storage itself; the buyer still opens
 * what they bought; sign-in fails like an unknown account and the address can sign up again;
 * the Stripe subscription is cancelled; a wrong password deletes nothing.
 */

let fake: TFakeStripe;
let stripe: Stripe;
let ctx: TTestContext;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = stripeClientFor(fake);
  await ensureStripeCatalogue(stripe);
  ctx = await createTestApp({ ...stripeSettings(fake), PUBLIC_URL: 'http://muse.test' });
  return () => fake.stop();
}, 60_000);

const deleteAccount = (account: Pick<TTestAccount, 'headers'>, payload: object = {}) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: account.headers, payload });

/** Puts the account on the Launch plan through Stripe's checkout and webhooks. */
async function subscribe(account: TTestAccount): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session',
    headers: account.headers,
    payload: { plan: 'launch', billing: 'monthly', promoCode: null },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { session, invoice, subscription } = fake.completeCheckout(
    created.json().url.split('/').pop(),
  );
  await deliverTo(ctx, fake.event('checkout.session.completed', session));
  await deliverTo(ctx, fake.event('invoice.paid', invoice));
  return subscription.id;
}

/** Every file in storage under the account's folder and its posts' folders, from the storage. */
async function filesOf(userId: string, postIds: string[]): Promise<string[]> {
  const { storage } = ctx.app.services;
  const keys = await storage.list(`users/${userId}/`);
  for (const id of postIds) keys.push(...(await storage.list(`posts/${id}/`)));
  return keys.sort();
}

async function rowCounts(userId: string) {
  const { rows } = await ctx.database.pool.query(
    `select (select count(*) from influencers where workspace_id = $1) as influencers,
            (select count(*) from gallery_items where workspace_id = $1) as gallery,
            (select count(*) from posts where workspace_id = $1) as posts,
            (select count(*) from sessions where user_id = $1 and revoked_at is null) as sessions,
            (select count(*) from api_keys where workspace_id = $1) as keys`,
    [userId],
  );
  return rows[0];
}

describe('deleting an account', () => {
  let creator: TTestAccount;
  let fan: TTestAccount;
  let seeded: TSeededAccount;
  let subscriptionId: string;
  let before: string[];
  let boughtKeys: string[];

  beforeAll(async () => {
    creator = await registerAccount(ctx.app, 'leaving');
    fan = await registerAccount(ctx.app, 'fan');
    subscriptionId = await subscribe(creator);
    seeded = await seedAccount(ctx, creator, 'Nova');
    await bookSale(ctx, seeded.paid.id, fan, 900);
    // A file no row names any more (left by a job): the deletion reads storage itself.
    await ctx.app.services.storage.put(
      `users/${creator.userId}/jobs/x/leftover.png`,
      Buffer.from('x'),
    );
    before = await filesOf(creator.userId, [seeded.free.id, seeded.paid.id]);
    boughtKeys = (await keysOfAccount(ctx, creator.userId)).filter((key) =>
      key.startsWith(`posts/${seeded.paid.id}/`),
    );
    expect(boughtKeys).toHaveLength(3);
  }, 60_000);

  it('needs the password, and a wrong one deletes nothing', async () => {
    const counts = await rowCounts(creator.userId);
    const missing = await deleteAccount(creator);
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      {
        success: false,
        error: ACCOUNT_DATA_TEXTS.passwordRequired,
        code: 'CURRENT_PASSWORD_REQUIRED',
        field: 'password',
      },
    ]);
    const wrong = await deleteAccount(creator, { password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'WRONG_PASSWORD']);
    expect(await rowCounts(creator.userId)).toEqual(counts);
    expect(await filesOf(creator.userId, [seeded.free.id, seeded.paid.id])).toEqual(before);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
  });

  it('removes every file but what fans bought, cancels the subscription and ends sign-in', async () => {
    fake.requests.length = 0;
    const deleted = await deleteAccount(creator, { password: 'secret123' });
    expect([deleted.statusCode, deleted.json()]).toEqual([
      200,
      { success: true, message: ACCOUNT_DATA_TEXTS.accountDeleted },
    ]);
    // Stripe: cancelled now, not at the period's end.
    expect(
      fake.requests.some(
        (request) =>
          request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`,
      ),
    ).toBe(true);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');

    // Storage, read from the storage itself: only the bought post's files are left.
    expect(await filesOf(creator.userId, [seeded.free.id, seeded.paid.id])).toEqual(boughtKeys);

    // The session is gone; sign-in fails as for an unknown address.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: creator.headers }))
        .statusCode,
    ).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: creator.email, password: 'secret123' },
    });
    expect([signIn.statusCode, signIn.json().error]).toEqual([401, AUTH_TEXTS.invalidCredentials]);

    // What is left of the row names nobody.
    const [tombstone] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, creator.userId));
    expect(tombstone).toMatchObject({ fullName: '', passwordHash: null, googleSubject: null });
    expect(tombstone!.email).not.toContain('@');
    expect(tombstone!.deletedAt).not.toBeNull();
    expect(await rowCounts(creator.userId)).toEqual({
      influencers: '0',
      gallery: '0',
      posts: '1',
      sessions: '0',
      keys: '0',
    });
  });

  it('leaves the buyer their post, off every public page', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/purchases',
      headers: fan.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [purchase] = answer.json().purchases as TPurchase[];
    expect(purchase!.post.id).toBe(seeded.paid.id);
    const original = purchase!.post.items[0]!.url!;
    const file = await ctx.app.inject({ method: 'GET', url: original });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(seeded.paid.original)).toBe(true);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/pages/${seeded.seller.handle}`,
    });
    expect([302, 404]).toContain(page.statusCode);
  });

  it('lets the address sign up again as a new account', async () => {
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: creator.email, password: 'secret456', fullName: 'Back again' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).not.toBe(creator.userId);
  });

  it('the queued removal finds nothing more to do, and is safe to run again', async () => {
    const { rows } = await ctx.database.pool.query(
      `select payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'remove-account-files'`,
    );
    expect(rows.map((row) => row.payload.userId)).toContain(creator.userId);
    const payload = rows.find((row) => row.payload.userId === creator.userId)!.payload;
    expect(payload.postIds).toEqual([seeded.free.id]);
    // A job that wrote a file meanwhile: the retry removes it too.
    await ctx.app.services.storage.put(
      `users/${creator.userId}/jobs/y/output-0.png`,
      Buffer.from('late'),
    );
    await removeAccountFiles({ db: ctx.database.db, storage: ctx.app.services.storage }, payload);
    expect(await filesOf(creator.userId, [seeded.free.id, seeded.paid.id])).toEqual(boughtKeys);
    expect(await readStored(ctx, boughtKeys[0]!)).not.toBeNull();
  });
});

describe('what deletion asks first', () => {
  it('refuses while earnings can be paid out, and deletes nothing', async () => {
    const creator = await registerAccount(ctx.app, 'earner');
    const fan = await registerAccount(ctx.app, 'buyer');
    const page = await seller(ctx, creator, 'Iris');
    const post = await seedPost(ctx, page, { priceCents: 2000 });
    await bookSale(ctx, post.id, fan, 2000);
    await endHolds(ctx, creator.userId);
    const refused = await deleteAccount(creator, { password: 'secret123' });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { success: false, error: ACCOUNT_DATA_TEXTS.earningsAvailable, code: 'EARNINGS_AVAILABLE' },
    ]);
    expect((await rowCounts(creator.userId)).influencers).toBe('1');
  });

  it('asks an account without a password to have signed in within 10 minutes', async () => {
    const [user] = await ctx.database.db
      .insert(users)
      .values({
        email: `google.only.${Date.now()}@example.com`,
        fullName: 'Google Only',
        googleSubject: `sub-${Date.now()}`,
        creatorSince: new Date(),
      })
      .returning();
    const stale = await createSession(ctx.database.db, user!.id, 'long');
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessions.userId, user!.id));
    const refused = await deleteAccount({ headers: { authorization: `Bearer ${stale}` } });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      {
        success: false,
        error: ACCOUNT_DATA_TEXTS.freshSignInRequired,
        code: 'FRESH_SIGN_IN_REQUIRED',
      },
    ]);
    const fresh = await createSession(ctx.database.db, user!.id, 'long');
    const deleted = await deleteAccount({ headers: { authorization: `Bearer ${fresh}` } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [tombstone] = await ctx.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(tombstone).toMatchObject({ googleSubject: null, fullName: '' });
  });
});
