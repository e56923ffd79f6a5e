import { beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../src/modules/payments/stripe-gateway';
import { startWorker } from '../src/modules/jobs/worker';
import { settleEarnings } from '../src/modules/sales/settlement';
import { registerAccount, type TTestAccount } from './accounts';
import { createPaymentApps, type TTestContext } from './app';
import { type TFakeStripe } from './fakes/stripe';
import {
  call,
  deliverTo,
  earningsOf,
  endHolds,
  ledgerOf,
  rows,
  seedPost,
  seller,
  bookSale,
} from './sales-helpers';

/*
 * What changes the earnings with time runs off the request path
 * (docs/decisions/0046-reads-never-write.md): the scheduled `settle-earnings` task releases held
 * sales, refreshes payout accounts and settles payouts, and Stripe's `account.updated` event
 * does the account's part at once. The earnings read shows a sale past its hold as available
 * before the task has booked it, and writes nothing.
 */

const SLOW = { timeout: 90_000 };

let fake: TFakeStripe;
let live: TTestContext;
let offline: TTestContext;

beforeAll(async () => {
  ({ fake, live, offline } = await createPaymentApps());
});

async function sell(ctx: TTestContext, creator: TTestAccount, fan: TTestAccount, cents: number) {
  const post = await seedPost(ctx, await seller(ctx, creator, 'Nia'), { priceCents: cents });
  await bookSale(ctx, post.id, fan, cents);
}

const releasesOf = async (ctx: TTestContext, userId: string) =>
  (await ledgerOf(ctx, userId)).entries.filter((entry) => entry.kind === 'release').length;

describe('held earnings', () => {
  it(
    'are shown available once the hold ends, and booked so by the scheduled task in a worker',
    SLOW,
    async () => {
      const [creator, fan] = (await Promise.all([
        registerAccount(offline.app, 'holder'),
        registerAccount(offline.app, 'fan'),
      ])) as [TTestAccount, TTestAccount];
      await sell(offline, creator, fan, 5000);
      await sell(offline, creator, fan, 2500);
      expect(await earningsOf(offline, creator)).toMatchObject({
        availableCents: 0,
        pendingCents: 6000,
      });

      // The first sale's hold ends; the read shows it available and books nothing.
      await offline.database.pool.query(
        `update post_purchases set available_at = now() - interval '1 minute'
          where workspace_id = $1 and amount_cents = 5000`,
        [creator.userId],
      );
      const shown = await earningsOf(offline, creator);
      expect(shown).toMatchObject({ availableCents: 4000, pendingCents: 2000, owedCents: 0 });
      expect(shown.pending).toEqual([expect.objectContaining({ netCents: 2000 })]);
      expect(await releasesOf(offline, creator.userId)).toBe(0);

      // The queue's run of the task books it; the page shows the same figures.
      const { db, pool } = offline.database;
      const worker = await startWorker({
        db,
        pool,
        deps: offline.app.services,
        concurrency: 1,
        log: { info: () => {}, error: () => {} },
      });
      try {
        await pool.query(
          `select graphile_worker.add_job('settle-earnings', $1::json, max_attempts := 1)`,
          [JSON.stringify({ _cron: { ts: new Date().toISOString(), backfilled: false } })],
        );
        for (let tries = 0; (await releasesOf(offline, creator.userId)) === 0; tries += 1) {
          expect(tries).toBeLessThan(200);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await worker.stop();
      }
      const ledger = await ledgerOf(offline, creator.userId);
      expect({ available: ledger.available, pending: ledger.pending }).toEqual({
        available: 4000,
        pending: 2000,
      });
      expect(await earningsOf(offline, creator)).toEqual(shown);
    },
  );

  it('pay what is owed first, in the read as in the ledger', SLOW, async () => {
    const [creator, fan] = (await Promise.all([
      registerAccount(offline.app, 'owing'),
      registerAccount(offline.app, 'fan'),
    ])) as [TTestAccount, TTestAccount];
    await sell(offline, creator, fan, 5000);
    // 1000 owed from an earlier refund of money already paid out.
    await offline.database.pool.query(
      `insert into earnings_entries (workspace_id, kind, amount_cents, owed_cents)
        values ($1, 'payout-reversal', 0, 1000)`,
      [creator.userId],
    );
    await offline.database.pool.query(
      'update earnings_balances set owed_cents = 1000 where workspace_id = $1',
      [creator.userId],
    );
    await endHolds(offline, creator.userId);
    const shown = await earningsOf(offline, creator);
    expect(shown).toMatchObject({ availableCents: 3000, pendingCents: 0, owedCents: 0 });
    expect(await settleEarnings({ db: offline.database.db, stripe: null })).toMatchObject({
      released: 1,
    });
    expect(await earningsOf(offline, creator)).toEqual(shown);
  });
});

describe('payout accounts and payouts with Stripe Connect', () => {
  let creator: TTestAccount;
  let accountId: string;
  const gateway = () => new StripeGateway(live.config);

  beforeAll(async () => {
    const [creatorAccount, fan] = (await Promise.all([
      registerAccount(live.app, 'payee'),
      registerAccount(live.app, 'fan'),
    ])) as [TTestAccount, TTestAccount];
    creator = creatorAccount;
    await sell(live, creator, fan, 5000);
    await endHolds(live, creator.userId);
    const link = await call(live, creator, { method: 'POST', url: '/api/earnings/payout-account' });
    expect(link.statusCode, link.body).toBe(200);
    const [row] = await rows<{ stripe_account_id: string }>(
      live,
      'select stripe_account_id from payout_accounts where workspace_id = $1',
      [creator.userId],
    );
    accountId = row!.stripe_account_id;
  }, 60_000);

  it('a finished onboarding is seen by the scheduled task when no event came', SLOW, async () => {
    expect((await earningsOf(live, creator)).payoutAccount.ready).toBe(false);
    fake.finishOnboarding(accountId); // its event is not delivered
    // The read asks Stripe nothing and writes nothing.
    expect((await earningsOf(live, creator)).payoutAccount.ready).toBe(false);
    expect(await settleEarnings({ db: live.database.db, stripe: gateway() })).toMatchObject({
      accountsRefreshed: 1,
    });
    expect((await earningsOf(live, creator)).payoutAccount).toEqual({
      testMode: false,
      connected: true,
      ready: true,
    });
  });

  it(
    'account.updated refreshes the account and settles its payouts left pending',
    SLOW,
    async () => {
      // A payout request that stopped after booking, before Stripe answered, minutes ago, while
      // the account is not ready (as Stripe may take it back for more details).
      await live.database.pool.query(
        'update payout_accounts set transfers_active = false where workspace_id = $1',
        [creator.userId],
      );
      await releaseAndBook(creator.userId);
      const [pending] = await rows<{ id: string }>(
        live,
        `insert into payouts (workspace_id, amount_cents, status, provider, created_at)
       values ($1, 1500, 'pending', 'stripe', now() - interval '10 minutes') returning id`,
        [creator.userId],
      );
      await live.database.pool.query(
        `insert into earnings_entries (workspace_id, kind, amount_cents, payout_id) values ($1, 'payout', -1500, $2)`,
        [creator.userId, pending!.id],
      );
      await live.database.pool.query(
        'update earnings_balances set available_cents = available_cents - 1500 where workspace_id = $1',
        [creator.userId],
      );
      expect((await earningsOf(live, creator)).payoutAccount.ready).toBe(false);

      const { updated } = fake.finishOnboarding(accountId);
      const answer = await deliverTo(live, updated);
      expect(answer.json()).toMatchObject({ outcome: 'handled' });
      const earnings = await earningsOf(live, creator);
      expect(earnings.payoutAccount.ready).toBe(true);
      expect(earnings.payouts).toEqual([
        expect.objectContaining({ id: pending!.id, amountCents: 1500, status: 'paid' }),
      ]);
      expect(earnings.availableCents).toBe(earnings.netCents - earnings.paidOutCents);
      const sent = await new StripeGateway(live.config).client.transfers.list({
        transfer_group: `muse-payout-${pending!.id}`,
      });
      expect(sent.data).toEqual([
        expect.objectContaining({ amount: 1500, destination: accountId }),
      ]);
    },
  );
});

/** Books the creator's released sales, as the scheduled task does, before money is taken. */
async function releaseAndBook(userId: string) {
  await settleEarnings({ db: live.database.db, stripe: null });
  const ledger = await ledgerOf(live, userId);
  expect(ledger.available).toBeGreaterThan(0);
}
