import {
  PLANS,
  formatCount,
  priceCents,
  type TBillingPeriod,
  type TLedgerKind,
  type TPlanKey,
  type TSubscriptionStatus,
  LIVE_SUBSCRIPTION_STATUSES,
} from '@muse/shared';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable, TTransaction } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { TSubscriptionSnapshot } from '../payments/provider';
import { recordPlanReceipt } from '../receipts/record';
import { credit, isRecorded } from './ledger';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Runs a grant of influencer slots in one transaction with what a new slot allows at once: a
 * finished onboarding's waiting persona becomes an influencer in it (modules/onboarding).
 * services.ts wires the onboarding's step in, so billing never imports the onboarding, which
 * reads the plan.
 */
export type TSlotGrant = <T>(
  db: TDatabase,
  workspaceId: string,
  grant: (tx: TTransaction) => Promise<T>,
) => Promise<{ granted: T }>;

/** What a grant of a plan's benefits needs: the database, and the grant of slots above. */
export type TGrantContext = { db: TDatabase; grantSlots: TSlotGrant };

/** Statuses in which a plan's benefits are in force (Stripe keeps retrying a past-due payment). */
export const LIVE_STATUSES = LIVE_SUBSCRIPTION_STATUSES satisfies readonly TSubscriptionStatus[];

export const isLive = (status: TSubscriptionStatus) =>
  LIVE_STATUSES.some((live) => live === status);

/** What Muse knows of a subscription, from Stripe or from the test-mode checkout. */
export type { TSubscriptionSnapshot };

const PLAN_ORDER: TPlanKey[] = ['builder', 'launch', 'growth'];

const isHigher = (plan: TPlanKey, than: TPlanKey) =>
  PLAN_ORDER.indexOf(plan) > PLAN_ORDER.indexOf(than);

/**
 * Serialises every change to one account's subscriptions until the caller's transaction ends, so
 * that a fulfilment sees what the one before it recorded (docs/decisions/0023-one-live-subscription.md).
 * Inside it, work only through the transaction: a second connection could wait on the pool for
 * as long as this one holds the lock.
 */
export async function lockSubscriptions(tx: TTransaction, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${workspaceId}`}))`);
}

/** Runs `work` in one transaction holding the account's subscription lock. */
export function withSubscriptionLock<T>(
  db: TDatabase,
  workspaceId: string,
  work: (tx: TTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockSubscriptions(tx, workspaceId);
    return work(tx);
  });
}

/**
 * What a paid purchase becomes when the account already has a live plan: never a second live
 * subscription. A checkout started while that plan was live is a change of plan (as Stripe mode
 * changes a live plan in place); one started before it, paid second, is a second purchase: a
 * higher plan upgrades the live one, the same or a lower plan is refunded. Paying for exactly
 * the live plan is always refunded.
 */
export function secondPayment(
  live: Pick<TSubscriptionRow, 'plan' | 'billing'>,
  paid: { plan: TPlanKey; billing: TBillingPeriod; startedWhileLive: boolean },
): 'change' | 'refund' {
  if (live.plan === paid.plan && live.billing === paid.billing) return 'refund';
  if (paid.startedWhileLive) return 'change';
  return isHigher(paid.plan, live.plan) ? 'change' : 'refund';
}

/**
 * Grants one month of a plan's benefits: its credits and its influencer trainings (slots). A
 * finished onboarding's persona waiting for a slot becomes an influencer in the same transaction.
 */
async function grantMonth(
  context: TGrantContext,
  subscription: Pick<TSubscriptionRow, 'id' | 'workspaceId' | 'plan'>,
  kind: TLedgerKind,
  reference: string,
): Promise<boolean> {
  const plan = PLANS[subscription.plan];
  const what = kind === 'upgrade' ? 'upgrade' : kind === 'renewal' ? 'renewal' : 'plan';
  // Repeated deliveries and every schedule tick ask again: no persona work for a done grant.
  const { workspaceId } = subscription;
  if (await isRecorded(context.db, { workspaceId, currency: 'model_tokens', reference }))
    return false;
  const { granted } = await context.grantSlots(context.db, workspaceId, async (tx) => {
    const credited = await credit(tx, {
      workspaceId,
      currency: 'credits',
      amount: plan.creditsPerMonth,
      kind,
      description: `${plan.name} ${what}: ${formatCount(plan.creditsPerMonth)} monthly credits`,
      reference,
    });
    await credit(tx, {
      workspaceId,
      currency: 'model_tokens',
      amount: plan.trainingsPerMonth,
      kind,
      description: `${plan.name} ${what}: ${plan.trainingsPerMonth} influencer training${plan.trainingsPerMonth === 1 ? '' : 's'}`,
      reference,
    });
    return credited;
  });
  return granted;
}

function monthReference(
  subscription: Pick<TSubscriptionRow, 'id' | 'currentPeriodStart'>,
  month: number,
): string {
  return `period:${subscription.id}:${subscription.currentPeriodStart.toISOString()}:m${month}`;
}

/** A subscription as recorded, and whether the change moved it to a higher plan. */
export type TRecorded = { row: TSubscriptionRow; upgraded: boolean };

/** The live subscription other than `snapshot`'s, when recording `snapshot` would make a second. */
export async function findOtherLive(
  tx: TQueryable,
  snapshot: TSubscriptionSnapshot,
): Promise<TSubscriptionRow | undefined> {
  if (!isLive(snapshot.status)) return undefined;
  const live = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, snapshot.workspaceId),
        inArray(subscriptions.status, [...LIVE_STATUSES]),
      ),
    )
    .orderBy(desc(subscriptions.createdAt));
  // Already the live one: a renewal, a change in place, a repeated delivery.
  if (live.some((row) => row.providerSubscriptionId === snapshot.providerSubscriptionId))
    return undefined;
  return live[0];
}

/**
 * Records the state of a subscription inside the caller's transaction, which holds the account's
 * subscription lock. Refuses to make a second live subscription: the caller decides what a second
 * payment becomes (`secondPayment`) before recording.
 */
export async function recordSubscription(
  tx: TTransaction,
  snapshot: TSubscriptionSnapshot,
): Promise<TRecorded> {
  const [before] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, snapshot.providerSubscriptionId));
  const other = await findOtherLive(tx, {
    ...snapshot,
    workspaceId: before?.workspaceId ?? snapshot.workspaceId,
  });
  if (other) {
    throw new Error(
      `Subscription ${snapshot.providerSubscriptionId} would be a second live one beside ${other.providerSubscriptionId}`,
    );
  }
  const [row] = await tx
    .insert(subscriptions)
    .values(snapshot)
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: {
        ...snapshot,
        workspaceId: before?.workspaceId ?? snapshot.workspaceId,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('subscription upsert returned no row');
  const upgraded = !!before && isHigher(snapshot.plan, before.plan) && isLive(row.status);
  return { row, upgraded };
}

/**
 * A move to a higher plan grants the new plan's month at once: benefits accumulate on every
 * upgrade and never reset (docs/product/plans-and-credits.md). Runs after the transaction that
 * recorded the move (the grant takes its own locks); its reference makes it happen once.
 */
export async function grantUpgrade(context: TGrantContext, recorded: TRecorded): Promise<void> {
  if (!recorded.upgraded) return;
  const { row } = recorded;
  await grantMonth(
    context,
    row,
    'upgrade',
    `upgrade:${row.id}:${row.plan}:${row.currentPeriodStart.toISOString()}`,
  );
}

/** Records the state of a subscription the account already has (a change, a cancellation). */
export async function applySubscription(
  context: TGrantContext,
  snapshot: TSubscriptionSnapshot,
): Promise<TSubscriptionRow> {
  const recorded = await withSubscriptionLock(context.db, snapshot.workspaceId, (tx) =>
    recordSubscription(tx, snapshot),
  );
  await grantUpgrade(context, recorded);
  return recorded.row;
}

/**
 * A paid period starts: grants its first month of `plan`, the plan the payment was for (the
 * subscription may have moved to another since; that move grants on its own). Repeated
 * deliveries of the same payment grant once (the reference is the subscription and the period's
 * start).
 */
export async function grantPaidPeriod(
  context: TGrantContext,
  subscription: TSubscriptionRow,
  firstPeriod: boolean,
  plan: TPlanKey = subscription.plan,
): Promise<boolean> {
  return grantMonth(
    context,
    { ...subscription, plan },
    firstPeriod ? 'plan' : 'renewal',
    monthReference(subscription, 0),
  );
}

function monthsBetween(start: Date, end: Date): number {
  let months =
    (end.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    (end.getUTCMonth() - start.getUTCMonth());
  const anniversary = new Date(start);
  anniversary.setUTCMonth(start.getUTCMonth() + months);
  if (anniversary > end) months -= 1;
  return Math.max(0, months);
}

/**
 * Yearly plans receive their monthly credits every month: grants each month of a live yearly
 * period that has begun and is not granted yet. Safe to run as often as wanted, anywhere.
 */
export async function grantDueMonthlyBenefits(
  context: TGrantContext,
  now = new Date(),
): Promise<number> {
  const yearly = await context.db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.billing, 'yearly'), inArray(subscriptions.status, [...LIVE_STATUSES])),
    );
  let granted = 0;
  for (const subscription of yearly) {
    const end = now < subscription.currentPeriodEnd ? now : subscription.currentPeriodEnd;
    const elapsed = Math.min(11, monthsBetween(subscription.currentPeriodStart, end));
    for (let month = 1; month <= elapsed; month += 1) {
      const done = await grantMonth(
        context,
        subscription,
        'renewal',
        monthReference(subscription, month),
      );
      if (done) granted += 1;
    }
  }
  return granted;
}

/** The subscription whose benefits are in force now, if any (the newest). */
export async function findLiveSubscription(
  db: TQueryable,
  workspaceId: string,
): Promise<TSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        inArray(subscriptions.status, [...LIVE_STATUSES]),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** The newest subscription of any status, for the subscriptions page. */
export async function findLatestSubscription(
  db: TQueryable,
  workspaceId: string,
): Promise<TSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** Test-mode subscriptions have no Stripe to renew or end them: this does, when their period ends. */
export async function advanceTestSubscriptions(
  context: TGrantContext,
  now = new Date(),
): Promise<void> {
  const { db } = context;
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        inArray(subscriptions.status, [...LIVE_STATUSES]),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  for (const subscription of due) {
    if (subscription.cancelAtPeriodEnd) {
      await db
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: subscription.currentPeriodEnd, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
      continue;
    }
    const start = subscription.currentPeriodEnd;
    const end = addPeriod(start, subscription.billing);
    const renewed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: end, updatedAt: now })
        .where(and(eq(subscriptions.id, subscription.id), lte(subscriptions.currentPeriodEnd, now)))
        .returning();
      // The renewal's receipt, with the period it started: once, however often this runs.
      if (row) {
        await recordPlanReceipt(tx, {
          workspaceId: row.workspaceId,
          reference: `renewal:${row.id}:${start.toISOString()}`,
          kind: 'renewal',
          plan: row.plan,
          billing: row.billing,
          amountCents: planChargeCents(row.plan, row.billing),
          provider: 'test',
          paidAt: start,
        });
      }
      return row;
    });
    if (renewed) await grantPaidPeriod(context, renewed, false);
  }
}

/** What a period of the plan costs at list price: a month, or the whole year. */
export function planChargeCents(key: TPlanKey, billing: TBillingPeriod): number {
  const plan = PLANS[key];
  return billing === 'yearly' ? plan.yearlyTotalCents : priceCents(plan, billing);
}

export function addPeriod(start: Date, billing: TBillingPeriod): Date {
  const end = new Date(start);
  if (billing === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
