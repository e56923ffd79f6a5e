import { EARNINGS_HOLD_DAYS } from '@muse/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable, TTransaction } from '../../db/client';
import {
  earningsBalances,
  earningsEntries,
  postPurchases,
  type TEarningsKind,
  type TPurchaseStatus,
} from '../../db/schema';

/*
 * The earnings ledger's parts and the moves between them
 * (docs/decisions/0038-refunds-disputes-and-held-earnings.md): a sale's share is pending for
 * EARNINGS_HOLD_DAYS, then available; a dispute holds it; a refund or a lost dispute takes it
 * back, from wherever it is, and what was already paid out becomes owed, paid back from the next
 * money that becomes available. Every move is one `earnings_entries` row and the same change of
 * `earnings_balances`, in one transaction, with the purchase's row locked first and the balance's
 * second (the order every writer keeps).
 */

/** A purchase that still unlocks its post: not refunded in full, not lost in a dispute. */
export const purchaseInForce = () => sql`${postPurchases.status} not in ('refunded', 'lost')`;

type TBalance = { available: number; pending: number; held: number; owed: number };
type TMove = Partial<TBalance>;

/** The creator's balance row, made if missing, locked until the transaction ends. */
async function lockBalance(tx: TTransaction, workspaceId: string): Promise<TBalance> {
  await tx.insert(earningsBalances).values({ workspaceId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(earningsBalances)
    .where(eq(earningsBalances.workspaceId, workspaceId))
    .for('update');
  return {
    available: row!.availableCents,
    pending: row!.pendingCents,
    held: row!.heldCents,
    owed: row!.owedCents,
  };
}

/** Money that becomes available pays what is owed first. */
function toAvailable(balance: TBalance, cents: number): TMove {
  const repaid = Math.min(balance.owed, cents);
  return { available: cents - repaid, owed: -repaid };
}

/** Money taken from the available balance; what it does not cover becomes owed. */
function fromAvailable(balance: TBalance, cents: number): TMove {
  const taken = Math.min(balance.available, cents);
  return { available: -taken, owed: cents - taken };
}

/** One ledger row and the same change of the balance (whose checks keep every part ≥ 0). */
async function book(
  tx: TTransaction,
  workspaceId: string,
  balance: TBalance,
  entry: { kind: TEarningsKind; purchaseId: string },
  move: TMove,
): Promise<void> {
  const delta = {
    available: move.available ?? 0,
    pending: move.pending ?? 0,
    held: move.held ?? 0,
    owed: move.owed ?? 0,
  };
  await tx.insert(earningsEntries).values({
    workspaceId,
    kind: entry.kind,
    purchaseId: entry.purchaseId,
    amountCents: delta.available,
    pendingCents: delta.pending,
    heldCents: delta.held,
    owedCents: delta.owed,
  });
  await tx
    .update(earningsBalances)
    .set({
      availableCents: sql`${earningsBalances.availableCents} + ${delta.available}`,
      pendingCents: sql`${earningsBalances.pendingCents} + ${delta.pending}`,
      heldCents: sql`${earningsBalances.heldCents} + ${delta.held}`,
      owedCents: sql`${earningsBalances.owedCents} + ${delta.owed}`,
      updatedAt: new Date(),
    })
    .where(eq(earningsBalances.workspaceId, workspaceId));
  balance.available += delta.available;
  balance.pending += delta.pending;
  balance.held += delta.held;
  balance.owed += delta.owed;
}

/**
 * Books a new sale's share as pending, inside the fulfilment's transaction (the purchase row it
 * just inserted is locked by it).
 */
export async function bookSale(
  tx: TTransaction,
  sale: { purchaseId: string; workspaceId: string; netCents: number },
): Promise<void> {
  const balance = await lockBalance(tx, sale.workspaceId);
  await book(
    tx,
    sale.workspaceId,
    balance,
    { kind: 'sale', purchaseId: sale.purchaseId },
    { pending: sale.netCents },
  );
}

/** When a sale booked in this transaction becomes available: the hold period after its booking. */
export const holdEndsAt = () => sql<Date>`now() + make_interval(days => ${EARNINGS_HOLD_DAYS})`;

/** What of a purchase's share is left in the ledger: its net minus what was taken back. */
async function remainingOf(tx: TQueryable, purchaseId: string): Promise<number> {
  const [row] = await tx
    .select({
      cents:
        sql<number>`coalesce(sum(${earningsEntries.amountCents} + ${earningsEntries.pendingCents} + ${earningsEntries.heldCents} - ${earningsEntries.owedCents}), 0)`.mapWith(
          Number,
        ),
    })
    .from(earningsEntries)
    .where(eq(earningsEntries.purchaseId, purchaseId));
  return row?.cents ?? 0;
}

/**
 * Moves the creator's sales whose hold has ended from pending to available. Run before the
 * earnings are read and before a payout, so nothing needs a clock; safe to run anywhere, at
 * once: a purchase another transaction holds is left to it.
 */
export async function releaseDueSales(
  db: TDatabase,
  workspaceId: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: postPurchases.id })
      .from(postPurchases)
      .where(
        and(
          eq(postPurchases.workspaceId, workspaceId),
          eq(postPurchases.status, 'pending'),
          lte(postPurchases.availableAt, now),
        ),
      )
      .orderBy(postPurchases.availableAt)
      .for('update', { skipLocked: true });
    if (!due.length) return 0;
    const balance = await lockBalance(tx, workspaceId);
    for (const { id } of due) {
      const share = await remainingOf(tx, id);
      await book(
        tx,
        workspaceId,
        balance,
        { kind: 'release', purchaseId: id },
        { pending: -share, ...toAvailable(balance, share) },
      );
      await tx.update(postPurchases).set({ status: 'available' }).where(eq(postPurchases.id, id));
    }
    return due.length;
  });
}

/** What the payment provider says of a sale's payment now: refunds and the dispute's state. */
export type TPaymentState = {
  amountCents: number;
  refundedCents: number;
  /** Refunded in full. */
  refunded: boolean;
  dispute: 'open' | 'won' | 'lost' | null;
};

/** Takes `cents` of a purchase's share from where it is now. */
function takeBack(status: TPurchaseStatus, balance: TBalance, cents: number): TMove {
  if (status === 'pending') return { pending: -cents };
  if (status === 'disputed') return { held: -cents };
  return fromAvailable(balance, cents);
}

const REVOKED: readonly TPurchaseStatus[] = ['refunded', 'lost'];

/**
 * Brings a purchase and its share in line with its payment's state, as read from the provider
 * just now: the creator's share of what was refunded is taken back (in proportion for a partial
 * refund; a full refund revokes the purchase), an open dispute holds the share, a won one gives
 * it back, a lost one takes it and revokes the purchase. It compares with what the ledger already
 * did, so any number of deliveries, in any order, end in the same rows.
 */
export async function reconcilePurchase(
  db: TDatabase,
  purchaseId: string,
  state: TPaymentState,
  now = new Date(),
): Promise<TPurchaseStatus | null> {
  return db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(postPurchases)
      .where(eq(postPurchases.id, purchaseId))
      .for('update');
    if (!purchase) return null;
    if (REVOKED.includes(purchase.status)) return purchase.status;
    const balance = await lockBalance(tx, purchase.workspaceId);
    const workspaceId = purchase.workspaceId;
    const entry = (kind: TEarningsKind) => ({ kind, purchaseId });
    let status = purchase.status;
    let share = await remainingOf(tx, purchaseId);

    const charged = state.amountCents > 0;
    const full = state.refunded || (charged && state.refundedCents >= state.amountCents);
    const owedBack = full
      ? purchase.netCents
      : charged
        ? Math.round((purchase.netCents * state.refundedCents) / state.amountCents)
        : 0;
    const more = Math.min(share, owedBack - (purchase.netCents - share));
    if (more > 0) {
      await book(tx, workspaceId, balance, entry('refund'), takeBack(status, balance, more));
      share -= more;
    }
    if (full) status = 'refunded';
    else if (state.dispute === 'lost') {
      await book(tx, workspaceId, balance, entry('dispute-lost'), takeBack(status, balance, share));
      status = 'lost';
    } else if (state.dispute === 'open' && status !== 'disputed') {
      const from = takeBack(status, balance, share);
      await book(tx, workspaceId, balance, entry('dispute'), { ...from, held: share });
      status = 'disputed';
    } else if (state.dispute !== 'open' && status === 'disputed') {
      const held = now < purchase.availableAt;
      const back = held ? { pending: share } : toAvailable(balance, share);
      await book(tx, workspaceId, balance, entry('dispute-won'), { held: -share, ...back });
      status = held ? 'pending' : 'available';
    }
    if (status !== purchase.status) {
      await tx.update(postPurchases).set({ status }).where(eq(postPurchases.id, purchaseId));
    }
    return status;
  });
}

/**
 * Gives a failed payout's amount back to the creator, paying what is owed first. The caller's
 * transaction has marked the payout failed; the balance row is locked here.
 */
export async function returnToAvailable(
  tx: TTransaction,
  workspaceId: string,
  cents: number,
): Promise<TMove> {
  const balance = await lockBalance(tx, workspaceId);
  return toAvailable(balance, cents);
}
