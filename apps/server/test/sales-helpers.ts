import { randomBytes } from 'node:crypto';
import type { TEarnings } from '@muse/shared';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { influencerPages, influencers, postItems, posts } from '../src/db/schema';
import { fulfilPostPurchase } from '../src/modules/sales/fulfil';
import type { TTestAccount } from './accounts';
import type { TTestContext } from './app';
import { makePng } from './images';

/*
 * Creators, posts and the calls around selling them (docs/product/publishing.md), for the tests
 * of buying, earnings, refunds, disputes and receipts. Creators' pages and posts are written
 * straight into their tables, with real files in storage, so that every link an answer carries
 * can be followed.
 */

export type TSeller = { account: TTestAccount; influencerId: string; name: string; handle: string };
export type TSeededPost = { id: string; original: Buffer };

/** A creator's influencer with a published page. */
export async function seller(
  ctx: TTestContext,
  account: TTestAccount,
  name: string,
  published = true,
): Promise<TSeller> {
  const handle = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}`;
  const [influencer] = await ctx.database.db
    .insert(influencers)
    .values({ workspaceId: account.userId, name, niche: 'fashion', description: '' })
    .returning();
  await ctx.database.db.insert(influencerPages).values({
    influencerId: influencer!.id,
    workspaceId: account.userId,
    handle,
    publishedAt: published ? new Date() : null,
  });
  return { account, influencerId: influencer!.id, name, handle };
}

let pictures = 0;

/** A post of the seller's with one picture: its original, sharp preview and blurred preview. */
export async function seedPost(
  ctx: TTestContext,
  by: TSeller,
  options: { priceCents: number; caption?: string; status?: 'published' | 'scheduled' },
): Promise<TSeededPost> {
  const { storage } = ctx.app.services;
  const [post] = await ctx.database.db
    .insert(posts)
    .values({
      workspaceId: by.account.userId,
      influencerId: by.influencerId,
      influencerName: by.name,
      caption: options.caption ?? '',
      priceCents: options.priceCents,
      status: options.status ?? 'published',
      publishAt: options.status === 'scheduled' ? new Date(Date.now() + 86_400_000) : new Date(),
      scheduled: options.status === 'scheduled',
      timeZone: 'UTC',
    })
    .returning();
  const base = `posts/${post!.id}/0`;
  pictures += 1;
  const original = await makePng(120 + pictures, 80);
  await storage.put(`${base}-original.png`, original);
  await storage.put(`${base}-thumb.png`, await makePng(48, 32));
  await storage.put(`${base}-blur.png`, await makePng(8, 6));
  await ctx.database.db.insert(postItems).values({
    postId: post!.id,
    position: 0,
    kind: 'image',
    key: `${base}-original.png`,
    thumbnailKey: `${base}-thumb.png`,
    blurredKey: `${base}-blur.png`,
    width: 120 + pictures,
    height: 80,
    contentType: 'image/png',
    fileName: 'picture.png',
  });
  return { id: post!.id, original };
}

export function call(ctx: TTestContext, account: TTestAccount | null, options: InjectOptions) {
  return ctx.app.inject({ ...options, headers: { ...options.headers, ...account?.headers } });
}

export const checkout = (ctx: TTestContext, account: TTestAccount, postId: string) =>
  call(ctx, account, { method: 'POST', url: `/api/posts/${postId}/checkout` });

export async function earningsOf(ctx: TTestContext, account: TTestAccount): Promise<TEarnings> {
  const answer = await call(ctx, account, { method: 'GET', url: '/api/earnings' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().earnings;
}

export const payout = (ctx: TTestContext, account: TTestAccount, payload?: object) =>
  call(ctx, account, { method: 'POST', url: '/api/earnings/payouts', payload });

/** A webhook delivery from the fake Stripe, as Stripe POSTs it. */
export function deliverTo(ctx: TTestContext, delivery: { payload: string; signature: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: delivery.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
  });
}

export async function rows<T>(ctx: TTestContext, query: string, values: unknown[]): Promise<T[]> {
  return (await ctx.database.pool.query(query, values)).rows as T[];
}

export const purchasesOf = (ctx: TTestContext, postId: string) =>
  rows<{
    buyer_id: string;
    amount_cents: number;
    fee_cents: number;
    net_cents: number;
    provider: string;
    checkout_id: string;
  }>(
    ctx,
    'select buyer_id, amount_cents, fee_cents, net_cents, provider, checkout_id from post_purchases where post_id = $1',
    [postId],
  );

type TLedgerEntry = {
  kind: string;
  amount_cents: number;
  pending_cents: number;
  held_cents: number;
  owed_cents: number;
  payout_id: string | null;
  purchase_id: string | null;
};

/**
 * The creator's earnings ledger and the balance kept beside it, each part of which must be the
 * sum of its column of the ledger, and never below zero.
 */
export async function ledgerOf(ctx: TTestContext, userId: string) {
  const entries = await rows<TLedgerEntry>(
    ctx,
    'select kind, amount_cents, pending_cents, held_cents, owed_cents, payout_id, purchase_id from earnings_entries where workspace_id = $1 order by created_at, id',
    [userId],
  );
  const [balance] = await rows<{
    available_cents: number;
    pending_cents: number;
    held_cents: number;
    owed_cents: number;
  }>(
    ctx,
    'select available_cents, pending_cents, held_cents, owed_cents from earnings_balances where workspace_id = $1',
    [userId],
  );
  const sum = (key: 'amount_cents' | 'pending_cents' | 'held_cents' | 'owed_cents') =>
    entries.reduce((total, entry) => total + entry[key], 0);
  const parts = {
    available: sum('amount_cents'),
    pending: sum('pending_cents'),
    held: sum('held_cents'),
    owed: sum('owed_cents'),
  };
  expect({
    available: balance?.available_cents ?? 0,
    pending: balance?.pending_cents ?? 0,
    held: balance?.held_cents ?? 0,
    owed: balance?.owed_cents ?? 0,
  }).toEqual(parts);
  for (const part of Object.values(parts)) expect(part).toBeGreaterThanOrEqual(0);
  return { entries, ...parts };
}

/** Ends the hold of the creator's pending sales, as if the hold period had passed. */
export async function endHolds(ctx: TTestContext, creatorId: string): Promise<void> {
  await ctx.database.pool.query(
    `update post_purchases set available_at = now() - interval '1 second'
      where workspace_id = $1 and status = 'pending'`,
    [creatorId],
  );
}

/** Stripe's Checkout Session id, the last part of its page's URL. */
export const sessionIdOf = (url: string) => url.split('/').pop()!;

/**
 * Books a sale of `postId` to `buyer` straight through the fulfilment function, as a paid
 * checkout of the app's provider (Stripe when configured, else TEST MODE) would.
 */
export async function bookSale(
  ctx: TTestContext,
  postId: string,
  buyer: { userId: string },
  amountCents: number,
): Promise<void> {
  const done = await fulfilPostPurchase(ctx.database.db, {
    postId,
    buyerId: buyer.userId,
    amountCents,
    provider: ctx.config.STRIPE_SECRET_KEY ? 'stripe' : 'test',
    checkoutId: `cs_test_${randomBytes(16).toString('hex')}`,
    paymentIntentId: null,
  });
  expect(done.outcome).toBe('booked');
}
