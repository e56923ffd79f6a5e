import { and, asc, eq, lte } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { payoutAccounts, postPurchases } from '../../db/schema';
import { releaseDueSales } from './held-earnings';
import { refreshPayoutAccount, settlePendingPayouts, type TPayoutContext } from './payouts';

/*
 * What changes the earnings with time, off the request path (docs/decisions/0046-reads-never-write.md):
 * sales whose hold ended are released, payout accounts still onboarding are asked of Stripe
 * again, and payouts whose transfer had an unknown outcome are settled. The job workers run it
 * on a clock (`settle-earnings`); Stripe's `account.updated` event does the account's part at
 * once. Every step is safe to repeat and to run beside a request doing the same.
 */

/** Payout accounts asked of Stripe per run, those asked longest ago first. */
const ACCOUNTS_PER_RUN = 50;

export type TSettlement = { released: number; accountsRefreshed: number; payoutsSettled: number };

/** Moves every creator's sales whose hold has ended from pending to available. */
export async function releaseAllDueSales(db: TDatabase, now = new Date()): Promise<number> {
  const creators = await db
    .selectDistinct({ id: postPurchases.workspaceId })
    .from(postPurchases)
    .where(and(eq(postPurchases.status, 'pending'), lte(postPurchases.availableAt, now)));
  let released = 0;
  for (const { id } of creators) released += await releaseDueSales(db, id, now);
  return released;
}

/** Payout accounts that cannot receive transfers yet, read from Stripe again. Best effort. */
async function refreshWaitingAccounts(context: TPayoutContext): Promise<number> {
  const { db, stripe } = context;
  if (!stripe) return 0;
  const waiting = await db
    .select({ stripeAccountId: payoutAccounts.stripeAccountId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.transfersActive, false))
    .orderBy(asc(payoutAccounts.updatedAt))
    .limit(ACCOUNTS_PER_RUN);
  let refreshed = 0;
  for (const { stripeAccountId } of waiting) {
    const done = await refreshPayoutAccount(db, stripe, stripeAccountId).then(
      () => true,
      () => false,
    );
    if (done) refreshed += 1;
  }
  return refreshed;
}

/** The scheduled task: releases, account refreshes and payout settlements, in that order. */
export async function settleEarnings(context: TPayoutContext): Promise<TSettlement> {
  const released = await releaseAllDueSales(context.db);
  const accountsRefreshed = await refreshWaitingAccounts(context);
  const payoutsSettled = await settlePendingPayouts(context);
  return { released, accountsRefreshed, payoutsSettled };
}

/**
 * Stripe's `account.updated`: a creator's payout account finished or changed its onboarding. Its
 * state is copied, and its payouts left pending by an unknown outcome are settled.
 */
export async function payoutAccountUpdated(
  context: TPayoutContext,
  accountId: string,
): Promise<void> {
  const { db, stripe } = context;
  if (!stripe) return;
  await refreshPayoutAccount(db, stripe, accountId);
  const [account] = await db
    .select({
      workspaceId: payoutAccounts.workspaceId,
      transfersActive: payoutAccounts.transfersActive,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, accountId));
  if (account?.transfersActive) await settlePendingPayouts(context, account.workspaceId);
}
