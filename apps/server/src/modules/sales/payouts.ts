import { PAYOUT_MIN_CENTS, PUBLISHING_TEXTS } from '@muse/shared';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { TDatabase } from '../../db/client';
import {
  earningsBalances,
  earningsEntries,
  payoutAccounts,
  payouts,
  type TUserRow,
} from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import type { StripeGateway } from '../payments/stripe-gateway';
import type { TSalesContext } from './checkout';
import { releaseDueSales, returnToAvailable } from './held-earnings';

/*
 * Payouts of a creator's earnings (docs/product/publishing.md, "Earnings and payouts"): asked for
 * with a POST, sent as Stripe transfers to the creator's connected account (TEST MODE records
 * them, paid at once), and settled later by the scheduled task when Stripe's answer was lost
 * (modules/sales/settlement.ts). Nothing here runs on a read.
 */

type TPayoutRow = typeof payouts.$inferSelect;

/** What the payout code needs: the database and Stripe, when it is configured. */
export type TPayoutContext = Pick<TSalesContext, 'db' | 'stripe'>;

const NO_ACCOUNT_IN_TEST_MODE =
  'TEST MODE records payouts without a payout account: there is nothing to connect.';

/** Copies a connected account's state from Stripe: whether it can receive transfers. */
export async function refreshPayoutAccount(
  db: TDatabase,
  stripe: StripeGateway,
  accountId: string,
): Promise<void> {
  const account = await stripe.client.accounts.retrieve(accountId);
  await db
    .update(payoutAccounts)
    .set({
      transfersActive: account.capabilities?.transfers === 'active',
      detailsSubmitted: account.details_submitted,
      updatedAt: new Date(),
    })
    .where(eq(payoutAccounts.stripeAccountId, account.id));
}

/** The creator's payout account, asked of Stripe again while it cannot receive transfers yet. */
async function payoutAccountOf(context: TPayoutContext, workspaceId: string) {
  const { db, stripe } = context;
  const read = async () => {
    const [row] = await db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.workspaceId, workspaceId));
    return row ?? null;
  };
  const account = await read();
  if (!stripe || !account || account.transfersActive) return account;
  await refreshPayoutAccount(db, stripe, account.stripeAccountId);
  return read();
}

/** Stripe refused the request: it did not run, so nothing moved (not so for 409 or 429). */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/** A refused payout: failed, and its amount back in the balance, once (unique payout + kind). */
async function failPayout(db: TDatabase, payout: TPayoutRow, failure: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payouts)
      .set({ status: 'failed', failure, updatedAt: new Date() })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
      .returning({ id: payouts.id });
    if (!failed) return;
    // What a refund took meanwhile from money already paid out is owed: it is paid back first.
    const back = await returnToAvailable(tx, payout.workspaceId, payout.amountCents);
    const available = back.available ?? 0;
    const owed = back.owed ?? 0;
    const [reversal] = await tx
      .insert(earningsEntries)
      .values({
        workspaceId: payout.workspaceId,
        kind: 'payout-reversal',
        amountCents: available,
        owedCents: owed,
        payoutId: payout.id,
      })
      .onConflictDoNothing()
      .returning({ id: earningsEntries.id });
    if (!reversal) return;
    await tx
      .update(earningsBalances)
      .set({
        availableCents: sql`${earningsBalances.availableCents} + ${available}`,
        owedCents: sql`${earningsBalances.owedCents} + ${owed}`,
        updatedAt: new Date(),
      })
      .where(eq(earningsBalances.workspaceId, payout.workspaceId));
  });
}

const transferGroup = (payoutId: string) => `muse-payout-${payoutId}`;

/**
 * Sends a pending payout as a Stripe transfer. The idempotency key (and the transfer group,
 * looked up first when `retry`) make sending it again the same transfer. Stripe's refusal fails
 * the payout and gives the money back; an unknown outcome (Stripe unreachable) leaves it
 * pending, the money held, until a later look settles it.
 */
async function sendPayout(
  context: TPayoutContext,
  stripe: StripeGateway,
  payout: TPayoutRow,
  destination: string,
  retry: boolean,
): Promise<'paid' | 'failed'> {
  const group = transferGroup(payout.id);
  let transfer: Stripe.Transfer | undefined;
  if (retry) {
    const { data } = await stripe.client.transfers.list({ transfer_group: group, limit: 1 });
    transfer = data[0];
  }
  try {
    transfer ??= await stripe.client.transfers.create(
      {
        amount: payout.amountCents,
        currency: 'usd',
        destination,
        transfer_group: group,
        metadata: { payoutId: payout.id, workspaceId: payout.workspaceId },
      },
      { idempotencyKey: group },
    );
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await failPayout(context.db, payout, error.message);
    return 'failed';
  }
  await context.db
    .update(payouts)
    .set({ status: 'paid', transferId: transfer.id, updatedAt: new Date() })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
  return 'paid';
}

/** Long past the time a payout request takes, so none still running is sent from here too. */
const SETTLE_AFTER_MS = 5 * 60 * 1000;

/**
 * Payouts whose transfer had an unknown outcome (Stripe unreachable), settled now: the creator's
 * (`workspaceId`), or everyone's. Best effort: while Stripe cannot be reached they stay pending, the
 * money held, until the next run. Answers how many were settled.
 */
export async function settlePendingPayouts(
  context: TPayoutContext,
  workspaceId?: string,
): Promise<number> {
  const { db, stripe } = context;
  if (!stripe) return 0;
  const pending = await db
    .select()
    .from(payouts)
    .where(
      and(
        workspaceId ? eq(payouts.workspaceId, workspaceId) : undefined,
        eq(payouts.provider, 'stripe'),
        eq(payouts.status, 'pending'),
        lt(payouts.createdAt, new Date(Date.now() - SETTLE_AFTER_MS)),
      ),
    )
    .orderBy(asc(payouts.createdAt));
  let settled = 0;
  const accounts = new Map<string, Awaited<ReturnType<typeof payoutAccountOf>>>();
  for (const payout of pending) {
    if (!accounts.has(payout.workspaceId)) {
      accounts.set(
        payout.workspaceId,
        await payoutAccountOf(context, payout.workspaceId).catch(() => null),
      );
    }
    const account = accounts.get(payout.workspaceId);
    if (!account) continue;
    const sent = await sendPayout(context, stripe, payout, account.stripeAccountId, true).catch(
      () => null,
    );
    if (sent) settled += 1;
  }
  return settled;
}

/**
 * Pays out earnings: the whole available balance, or `amountCents` of it. One transaction locks
 * the balance row, records the payout and its ledger row and lowers the balance (whose check
 * constraint keeps it from going below zero): of two requests at once, the second sees what the
 * first left. With Stripe the money then goes out as a transfer to the creator's connected
 * account; TEST MODE only records it, paid at once.
 */
export async function requestPayout(
  context: TPayoutContext,
  workspaceId: string,
  request: { amountCents?: number },
): Promise<void> {
  const { db, stripe } = context;
  if (request.amountCents !== undefined && request.amountCents < PAYOUT_MIN_CENTS) {
    throw badRequest(PUBLISHING_TEXTS.payoutTooSmall, 'PAYOUT_TOO_SMALL');
  }
  // Only available money is paid out: sales whose hold ended become available first.
  await releaseDueSales(db, workspaceId);
  let destination: string | null = null;
  if (stripe) {
    const account = await payoutAccountOf(context, workspaceId);
    if (!account?.transfersActive)
      throw badRequest(PUBLISHING_TEXTS.payoutAccountNeeded, 'PAYOUT_ACCOUNT_NEEDED');
    destination = account.stripeAccountId;
  }

  const payout = await db.transaction(async (tx) => {
    const [balance] = await tx
      .select({ availableCents: earningsBalances.availableCents })
      .from(earningsBalances)
      .where(eq(earningsBalances.workspaceId, workspaceId))
      .for('update');
    const available = balance?.availableCents ?? 0;
    const amount = request.amountCents ?? available;
    if (amount < PAYOUT_MIN_CENTS)
      throw badRequest(PUBLISHING_TEXTS.payoutTooSmall, 'PAYOUT_TOO_SMALL');
    if (amount > available) throw badRequest(PUBLISHING_TEXTS.payoutTooLarge, 'PAYOUT_TOO_LARGE');
    const [row] = await tx
      .insert(payouts)
      .values({
        workspaceId,
        amountCents: amount,
        status: stripe ? 'pending' : 'paid',
        provider: stripe ? 'stripe' : 'test',
      })
      .returning();
    await tx.insert(earningsEntries).values({
      workspaceId,
      kind: 'payout',
      amountCents: -amount,
      payoutId: row!.id,
    });
    await tx
      .update(earningsBalances)
      .set({
        availableCents: sql`${earningsBalances.availableCents} - ${amount}`,
        updatedAt: new Date(),
      })
      .where(eq(earningsBalances.workspaceId, workspaceId));
    return row!;
  });

  if (stripe && destination) {
    const sent = await sendPayout(context, stripe, payout, destination, false);
    if (sent === 'failed') throw new AppError(502, PUBLISHING_TEXTS.payoutFailed, 'PAYOUT_FAILED');
  }
}

/**
 * Stripe Connect onboarding for the payouts of `workspaceId`, by its owner `user`: the
 * workspace's Express account (made once, under a lock, with an idempotency key so a retry after
 * a failure is the same account) and a fresh link into its onboarding, which returns to the
 * earnings page.
 */
export async function payoutAccountLink(
  context: TSalesContext,
  workspaceId: string,
  user: Omit<TUserRow, 'passwordHash'>,
): Promise<string> {
  const { db, stripe, publicUrl } = context;
  if (!stripe) throw badRequest(NO_ACCOUNT_IN_TEST_MODE);
  const accountId = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`payout-account:${workspaceId}`}))`,
    );
    const [known] = await tx
      .select({ stripeAccountId: payoutAccounts.stripeAccountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.workspaceId, workspaceId));
    if (known) return known.stripeAccountId;
    const account = await stripe.client.accounts.create(
      {
        type: 'express',
        email: user.email,
        metadata: { workspaceId },
        capabilities: { transfers: { requested: true } },
      },
      { idempotencyKey: `muse-payout-account-${workspaceId}` },
    );
    await tx.insert(payoutAccounts).values({
      workspaceId,
      stripeAccountId: account.id,
      transfersActive: account.capabilities?.transfers === 'active',
      detailsSubmitted: account.details_submitted,
    });
    return account.id;
  });
  const link = await stripe.client.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: `${publicUrl}/earnings?payouts=refresh`,
    return_url: `${publicUrl}/earnings?payouts=return`,
  });
  return link.url;
}
