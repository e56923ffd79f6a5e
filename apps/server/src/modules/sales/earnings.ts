import {
  EARNINGS_HOLD_DAYS,
  MUSE_FEE_PERCENT,
  PAYOUT_MIN_CENTS,
  PUBLISHING_TEXTS,
  type TEarnings,
  type TEarningsLine,
} from '@muse/shared';
import { and, asc, desc, eq, inArray, lt, sql, type AnyColumn } from 'drizzle-orm';
import Stripe from 'stripe';
import type { TDatabase } from '../../db/client';
import {
  earningsBalances,
  earningsEntries,
  influencers,
  payoutAccounts,
  payouts,
  postPurchases,
  posts,
  type TUserRow,
} from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import type { StripeGateway } from '../billing/stripe-gateway';
import type { TSalesContext } from './checkout';
import { releaseDueSales, returnToAvailable } from './held-earnings';

type TPayoutRow = typeof payouts.$inferSelect;

const NO_ACCOUNT_IN_TEST_MODE =
  'TEST MODE records payouts without a payout account: there is nothing to connect.';
const CAPTION_LABEL_LENGTH = 60;

// Sums of integer columns come back from PostgreSQL as bigint (a string to the driver).
const total = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const sales = sql<number>`count(*)`.mapWith(Number);

/** A post's line: its caption's first 60 characters, else the day it went out. */
function postLabel(caption: string, publishAt: Date, timeZone: string): string {
  const words = caption.trim();
  if (words) return Array.from(words).slice(0, CAPTION_LABEL_LENGTH).join('').trimEnd();
  let day: string;
  try {
    day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(publishAt);
  } catch {
    day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      publishAt,
    );
  }
  return `Post of ${day}`;
}

/** Sales not available yet shown on the page, the soonest first. */
const PENDING_SHOWN = 100;

const byNet = (a: TEarningsLine, b: TEarningsLine) =>
  b.netCents - a.netCents || a.label.localeCompare(b.label) || a.id.localeCompare(b.id);

/**
 * The creator's earnings (docs/product/publishing.md, "Earnings and payouts"), read in one
 * snapshot so that available + pending + held − owed always equals net sales minus what
 * refunds took back minus payouts sent or on their way, to the cent.
 */
async function readEarnings(context: TSalesContext, userId: string): Promise<TEarnings> {
  return context.db.transaction(
    async (tx) => {
      const sold = eq(postPurchases.creatorId, userId);
      const figures = {
        sales,
        grossCents: total(postPurchases.amountCents),
        feeCents: total(postPurchases.feeCents),
        netCents: total(postPurchases.netCents),
      };
      const [totals] = await tx.select(figures).from(postPurchases).where(sold);
      const postRows = await tx
        .select({
          id: posts.id,
          caption: posts.caption,
          publishAt: posts.publishAt,
          timeZone: posts.timeZone,
          ...figures,
        })
        .from(postPurchases)
        .innerJoin(posts, eq(posts.id, postPurchases.postId))
        .where(sold)
        .groupBy(posts.id);
      // An influencer deleted since keeps the name its posts were made under.
      const label = sql<string>`coalesce(${influencers.name}, ${posts.influencerName})`;
      const influencerRows = await tx
        .select({ id: posts.influencerId, label, ...figures })
        .from(postPurchases)
        .innerJoin(posts, eq(posts.id, postPurchases.postId))
        .leftJoin(influencers, eq(influencers.id, posts.influencerId))
        .where(sold)
        .groupBy(posts.influencerId, label);
      const payoutRows = await tx
        .select()
        .from(payouts)
        .where(eq(payouts.userId, userId))
        .orderBy(desc(payouts.createdAt), desc(payouts.id));
      const [balance] = await tx
        .select()
        .from(earningsBalances)
        .where(eq(earningsBalances.userId, userId));
      const [taken] = await tx
        .select({
          cents:
            sql<number>`coalesce(-sum(${earningsEntries.amountCents} + ${earningsEntries.pendingCents} + ${earningsEntries.heldCents} - ${earningsEntries.owedCents}), 0)`.mapWith(
              Number,
            ),
        })
        .from(earningsEntries)
        .where(
          and(
            eq(earningsEntries.userId, userId),
            inArray(earningsEntries.kind, ['refund', 'dispute-lost']),
          ),
        );
      const pendingRows = await tx
        .select({
          id: postPurchases.id,
          status: postPurchases.status,
          availableAt: postPurchases.availableAt,
          caption: posts.caption,
          publishAt: posts.publishAt,
          timeZone: posts.timeZone,
          netCents:
            sql<number>`(select coalesce(sum(${earningsEntries.pendingCents} + ${earningsEntries.heldCents}), 0) from ${earningsEntries} where ${earningsEntries.purchaseId} = ${postPurchases.id})`.mapWith(
              Number,
            ),
        })
        .from(postPurchases)
        .innerJoin(posts, eq(posts.id, postPurchases.postId))
        .where(and(sold, inArray(postPurchases.status, ['pending', 'disputed'])))
        .orderBy(asc(postPurchases.availableAt), asc(postPurchases.id))
        .limit(PENDING_SHOWN);
      const [account] = await tx
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, userId));

      const line = (row: typeof totals) => ({
        sales: row?.sales ?? 0,
        grossCents: row?.grossCents ?? 0,
        feeCents: row?.feeCents ?? 0,
        netCents: row?.netCents ?? 0,
      });
      return {
        feePercent: MUSE_FEE_PERCENT,
        ...line(totals),
        paidOutCents: payoutRows
          .filter((payout) => payout.status !== 'failed')
          .reduce((sum, payout) => sum + payout.amountCents, 0),
        availableCents: balance?.availableCents ?? 0,
        refundedCents: taken?.cents ?? 0,
        pendingCents: balance?.pendingCents ?? 0,
        heldCents: balance?.heldCents ?? 0,
        owedCents: balance?.owedCents ?? 0,
        holdDays: EARNINGS_HOLD_DAYS,
        pending: pendingRows.map((row) => ({
          id: row.id,
          label: postLabel(row.caption, row.publishAt, row.timeZone),
          netCents: row.netCents,
          status: row.status === 'disputed' ? ('disputed' as const) : ('pending' as const),
          availableAt: row.availableAt.toISOString(),
        })),
        byPost: postRows
          .map((row) => ({
            id: row.id,
            label: postLabel(row.caption, row.publishAt, row.timeZone),
            ...line(row),
          }))
          .sort(byNet),
        byInfluencer: influencerRows
          .map((row) => ({ id: row.id ?? `removed:${row.label}`, label: row.label, ...line(row) }))
          .sort(byNet),
        payouts: payoutRows.map((payout) => ({
          id: payout.id,
          amountCents: payout.amountCents,
          status: payout.status,
          provider: payout.provider,
          createdAt: payout.createdAt.toISOString(),
        })),
        payoutAccount: {
          testMode: !context.stripe,
          connected: !!account,
          ready: context.stripe ? !!account?.transfersActive : true,
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

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
async function payoutAccountOf(context: TSalesContext, userId: string) {
  const { db, stripe } = context;
  const read = async () => {
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
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
    const back = await returnToAvailable(tx, payout.userId, payout.amountCents);
    const available = back.available ?? 0;
    const owed = back.owed ?? 0;
    const [reversal] = await tx
      .insert(earningsEntries)
      .values({
        userId: payout.userId,
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
      .where(eq(earningsBalances.userId, payout.userId));
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
  context: TSalesContext,
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
        metadata: { payoutId: payout.id, userId: payout.userId },
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
 * Payouts whose transfer had an unknown outcome (Stripe unreachable), settled now. Best effort:
 * while Stripe cannot be reached they stay pending, and the earnings are still shown.
 */
async function settlePendingPayouts(context: TSalesContext, userId: string): Promise<void> {
  const { db, stripe } = context;
  if (!stripe) return;
  const pending = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        eq(payouts.provider, 'stripe'),
        eq(payouts.status, 'pending'),
        lt(payouts.createdAt, new Date(Date.now() - SETTLE_AFTER_MS)),
      ),
    );
  if (!pending.length) return;
  const account = await payoutAccountOf(context, userId);
  if (!account) return;
  for (const payout of pending) {
    await sendPayout(context, stripe, payout, account.stripeAccountId, true).catch(() => {});
  }
}

/**
 * GET /api/earnings: sales whose hold ended are released first, and a payout account not ready
 * yet is asked of Stripe again.
 */
export async function getEarnings(context: TSalesContext, userId: string): Promise<TEarnings> {
  await releaseDueSales(context.db, userId);
  if (context.stripe) {
    // Best effort: Stripe unreachable still shows the earnings, with what was known.
    await payoutAccountOf(context, userId).catch(() => null);
    await settlePendingPayouts(context, userId).catch(() => {});
  }
  return readEarnings(context, userId);
}

/**
 * Pays out earnings: the whole available balance, or `amountCents` of it. One transaction locks
 * the balance row, records the payout and its ledger row and lowers the balance (whose check
 * constraint keeps it from going below zero): of two requests at once, the second sees what the
 * first left. With Stripe the money then goes out as a transfer to the creator's connected
 * account; TEST MODE only records it, paid at once.
 */
export async function requestPayout(
  context: TSalesContext,
  userId: string,
  request: { amountCents?: number },
): Promise<void> {
  const { db, stripe } = context;
  if (request.amountCents !== undefined && request.amountCents < PAYOUT_MIN_CENTS) {
    throw badRequest(PUBLISHING_TEXTS.payoutTooSmall, 'PAYOUT_TOO_SMALL');
  }
  // Only available money is paid out: sales whose hold ended become available first.
  await releaseDueSales(db, userId);
  let destination: string | null = null;
  if (stripe) {
    const account = await payoutAccountOf(context, userId);
    if (!account?.transfersActive)
      throw badRequest(PUBLISHING_TEXTS.payoutAccountNeeded, 'PAYOUT_ACCOUNT_NEEDED');
    destination = account.stripeAccountId;
  }

  const payout = await db.transaction(async (tx) => {
    const [balance] = await tx
      .select({ availableCents: earningsBalances.availableCents })
      .from(earningsBalances)
      .where(eq(earningsBalances.userId, userId))
      .for('update');
    const available = balance?.availableCents ?? 0;
    const amount = request.amountCents ?? available;
    if (amount < PAYOUT_MIN_CENTS)
      throw badRequest(PUBLISHING_TEXTS.payoutTooSmall, 'PAYOUT_TOO_SMALL');
    if (amount > available) throw badRequest(PUBLISHING_TEXTS.payoutTooLarge, 'PAYOUT_TOO_LARGE');
    const [row] = await tx
      .insert(payouts)
      .values({
        userId,
        amountCents: amount,
        status: stripe ? 'pending' : 'paid',
        provider: stripe ? 'stripe' : 'test',
      })
      .returning();
    await tx.insert(earningsEntries).values({
      userId,
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
      .where(eq(earningsBalances.userId, userId));
    return row!;
  });

  if (stripe && destination) {
    const sent = await sendPayout(context, stripe, payout, destination, false);
    if (sent === 'failed') throw new AppError(502, PUBLISHING_TEXTS.payoutFailed, 'PAYOUT_FAILED');
  }
}

/**
 * Stripe Connect onboarding for payouts: the creator's Express account (made once, under a lock,
 * with an idempotency key so a retry after a failure is the same account) and a fresh link into
 * its onboarding, which returns to the earnings page.
 */
export async function payoutAccountLink(
  context: TSalesContext,
  user: Omit<TUserRow, 'passwordHash'>,
): Promise<string> {
  const { db, stripe, publicUrl } = context;
  if (!stripe) throw badRequest(NO_ACCOUNT_IN_TEST_MODE);
  const accountId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-account:${user.id}`}))`);
    const [known] = await tx
      .select({ stripeAccountId: payoutAccounts.stripeAccountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, user.id));
    if (known) return known.stripeAccountId;
    const account = await stripe.client.accounts.create(
      {
        type: 'express',
        email: user.email,
        metadata: { userId: user.id },
        capabilities: { transfers: { requested: true } },
      },
      { idempotencyKey: `muse-payout-account-${user.id}` },
    );
    await tx.insert(payoutAccounts).values({
      userId: user.id,
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
