import { randomBytes } from 'node:crypto';
import { PUBLISHING_TEXTS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { influencerPages, influencers, posts } from '../src/db/schema';
import { fulfilPostPurchase } from '../src/modules/sales/fulfil';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

/*
 * A fan paying for a post while its creator deletes it (docs/decisions/0030): whichever comes
 * first wins, the other hears a clean answer, never a 500, and the data agrees with the answers.
 * Both transactions take the post's row first.
 */

const ROUNDS = 12;

let ctx: TTestContext;
let creator: TTestAccount;
let fan: TTestAccount;
let influencerId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  [creator, fan] = await Promise.all([
    registerAccount(ctx.app, 'creator'),
    registerAccount(ctx.app, 'fan'),
  ]);
  const [influencer] = await ctx.database.db
    .insert(influencers)
    .values({ workspaceId: creator.userId, name: 'Ava Rose', niche: 'fashion', description: '' })
    .returning();
  influencerId = influencer!.id;
  await ctx.database.db.insert(influencerPages).values({
    influencerId,
    workspaceId: creator.userId,
    handle: `ava.${randomBytes(3).toString('hex')}`,
    publishedAt: new Date(),
  });
}, 60_000);

/** A published pay-per-view post without files (a deletion removes none). */
async function newPost(): Promise<string> {
  const [post] = await ctx.database.db
    .insert(posts)
    .values({
      workspaceId: creator.userId,
      influencerId,
      influencerName: 'Ava Rose',
      priceCents: 1500,
      status: 'published',
      publishAt: new Date(),
      scheduled: false,
      timeZone: 'UTC',
    })
    .returning();
  return post!.id;
}

async function count(query: string, values: unknown[]): Promise<number> {
  const { rows } = await ctx.database.pool.query(query, values);
  return Number(rows[0].count);
}

describe('a fan pays while the creator deletes the post', () => {
  it(`answers both cleanly, ${ROUNDS} rounds, and keeps the data consistent`, async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const postId = await newPost();
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/checkout`,
        headers: fan.headers,
      });
      expect(started.statusCode, started.body).toBe(200);
      const sessionId = String(started.json().url).split('/').pop();

      const [paid, deleted] = await Promise.all([
        ctx.app.inject({
          method: 'POST',
          url: `/api/payments/test-checkout/${sessionId}/pay`,
          headers: fan.headers,
        }),
        ctx.app.inject({ method: 'DELETE', url: `/api/posts/${postId}`, headers: creator.headers }),
      ]);

      const postLeft = await count('select count(*) from posts where id = $1', [postId]);
      const bought = await count('select count(*) from post_purchases where post_id = $1', [
        postId,
      ]);
      if (deleted.statusCode === 200) {
        // The deletion came first: no post, no sale, and the payment was not taken.
        expect([postLeft, bought]).toEqual([0, 0]);
        expect(paid.statusCode, paid.body).toBeGreaterThanOrEqual(400);
        expect(paid.statusCode, paid.body).toBeLessThan(500);
        outcomes.add('deleted');
      } else {
        // The sale came first: the post stays, sold once, and the creator is told why.
        expect([deleted.statusCode, deleted.json()]).toEqual([
          409,
          { success: false, error: PUBLISHING_TEXTS.postHasBuyers, code: 'POST_HAS_BUYERS' },
        ]);
        expect([paid.statusCode, paid.json().url]).toEqual([
          200,
          expect.stringMatching(/\?purchase=success$/),
        ]);
        expect([postLeft, bought]).toEqual([1, 1]);
        outcomes.add('sold');
      }
    }
    // The creator's earnings are exactly the sales booked.
    const ledger = await ctx.database.pool.query(
      `select coalesce(sum(amount_cents), 0)::int as sum, count(*)::int as sales
         from earnings_entries where workspace_id = $1`,
      [creator.userId],
    );
    const balance = await ctx.database.pool.query(
      'select coalesce(max(available_cents), 0)::int as cents from earnings_balances where workspace_id = $1',
      [creator.userId],
    );
    const sold = await count('select count(*) from post_purchases where workspace_id = $1', [
      creator.userId,
    ]);
    expect(ledger.rows[0].sales).toBe(sold);
    expect(balance.rows[0].cents).toBe(ledger.rows[0].sum);
    expect(outcomes.size).toBeGreaterThan(0);
  }, 120_000);

  it(`books a paid Stripe checkout or finds no post, never an error, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const postId = await newPost();
      const [fulfilled, deleted] = await Promise.all([
        fulfilPostPurchase(ctx.database.db, {
          postId,
          buyerId: fan.userId,
          amountCents: 1500,
          provider: 'stripe',
          checkoutId: `cs_test_race_${round}_${randomBytes(4).toString('hex')}`,
          paymentIntentId: `pi_race_${round}`,
        }),
        ctx.app.inject({ method: 'DELETE', url: `/api/posts/${postId}`, headers: creator.headers }),
      ]);
      const postLeft = await count('select count(*) from posts where id = $1', [postId]);
      if (deleted.statusCode === 200) {
        // Unsellable: the webhook refunds the payment (fulfilStripeCheckout).
        expect([fulfilled.outcome, postLeft]).toEqual(['unsellable', 0]);
      } else {
        expect([deleted.statusCode, fulfilled.outcome, postLeft]).toEqual([409, 'booked', 1]);
      }
    }
  }, 120_000);
});
