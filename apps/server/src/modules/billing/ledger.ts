import { WELCOME_CREDITS, type TLedgerCurrency, type TLedgerKind } from '@muse/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountBalances, ledgerEntries } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type TBalances = { credits: number; modelTokens: number; modelTokensGranted: number };

export class InsufficientBalanceError extends AppError {
  constructor(readonly currency: TLedgerCurrency) {
    super(
      402,
      currency === 'credits'
        ? 'You do not have enough credits for this. Get more credits to continue.'
        : 'You have no influencer trainings left. Upgrade your plan to add one.',
      'INSUFFICIENT_BALANCE',
    );
  }
}

type TReference = { userId: string; currency: TLedgerCurrency; reference: string };

/** The account's movements of one currency with this reference. */
function withReference(entry: TReference) {
  return and(
    eq(ledgerEntries.userId, entry.userId),
    eq(ledgerEntries.currency, entry.currency),
    eq(ledgerEntries.reference, entry.reference),
  );
}

/** Whether a movement with this reference was recorded: a grant asked for again changes nothing. */
export async function isRecorded(db: TQueryable, entry: TReference): Promise<boolean> {
  const [recorded] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(withReference(entry));
  return !!recorded;
}

/**
 * Adds a grant or a refund. Returns false, changing nothing, when a movement with the same
 * reference was already recorded: grants for one invoice happen once, however often asked.
 */
export async function credit(
  db: TQueryable,
  entry: {
    userId: string;
    currency: TLedgerCurrency;
    amount: number;
    kind: TLedgerKind;
    description: string;
    reference: string;
  },
): Promise<boolean> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0)
    throw new Error('A grant must be a positive whole number');
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(ledgerEntries)
      .values(entry)
      .onConflictDoNothing()
      .returning({ id: ledgerEntries.id });
    if (!recorded) return false;
    const tokens = entry.currency === 'model_tokens' ? entry.amount : 0;
    const credits = entry.currency === 'credits' ? entry.amount : 0;
    // Refunded tokens go back to the balance; only grants add slots.
    const granted = entry.kind === 'refund' ? 0 : tokens;
    await tx
      .insert(accountBalances)
      .values({ userId: entry.userId, credits, modelTokens: tokens, modelTokensGranted: granted })
      .onConflictDoUpdate({
        target: accountBalances.userId,
        set: {
          credits: sql`${accountBalances.credits} + ${credits}`,
          modelTokens: sql`${accountBalances.modelTokens} + ${tokens}`,
          modelTokensGranted: sql`${accountBalances.modelTokensGranted} + ${granted}`,
          updatedAt: new Date(),
        },
      });
    return true;
  });
}

/**
 * Spends from a balance, or refuses with InsufficientBalanceError. The balance row is locked by
 * the conditional update, so concurrent spends queue and none can take the balance below zero.
 */
export async function debit(
  db: TQueryable,
  entry: {
    userId: string;
    currency: TLedgerCurrency;
    amount: number;
    description: string;
    reference: string;
  },
): Promise<number> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0)
    throw new Error('A spend must be a positive whole number');
  const column =
    entry.currency === 'credits' ? accountBalances.credits : accountBalances.modelTokens;
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(accountBalances)
        .set(
          entry.currency === 'credits'
            ? { credits: sql`${accountBalances.credits} - ${entry.amount}`, updatedAt: new Date() }
            : {
                modelTokens: sql`${accountBalances.modelTokens} - ${entry.amount}`,
                updatedAt: new Date(),
              },
        )
        .where(and(eq(accountBalances.userId, entry.userId), gte(column, entry.amount)))
        .returning({ left: column });
      if (!updated) throw new InsufficientBalanceError(entry.currency);
      await tx.insert(ledgerEntries).values({ ...entry, amount: -entry.amount, kind: 'spend' });
      return updated.left;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'This was already paid for', 'ALREADY_SPENT');
    throw error;
  }
}

/** Gives back what the spend with `reference` took, exactly once. */
export async function refund(
  db: TQueryable,
  entry: { userId: string; currency: TLedgerCurrency; reference: string; description: string },
): Promise<boolean> {
  const [spent] = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(withReference(entry), eq(ledgerEntries.kind, 'spend')));
  if (!spent) return false;
  return credit(db, {
    userId: entry.userId,
    currency: entry.currency,
    amount: -spent.amount,
    kind: 'refund',
    description: entry.description,
    reference: `refund:${entry.reference}`,
  });
}

/** Every new account starts with the welcome grant (docs/product/plans-and-credits.md). */
export function grantWelcomeCredits(db: TDatabase, userId: string): Promise<boolean> {
  return credit(db, {
    userId,
    currency: 'credits',
    amount: WELCOME_CREDITS,
    kind: 'welcome',
    description: 'Welcome credits',
    reference: 'welcome',
  });
}

export async function getBalances(db: TDatabase, userId: string): Promise<TBalances> {
  const [row] = await db.select().from(accountBalances).where(eq(accountBalances.userId, userId));
  return {
    credits: row?.credits ?? 0,
    modelTokens: row?.modelTokens ?? 0,
    modelTokensGranted: row?.modelTokensGranted ?? 0,
  };
}

export async function listLedger(db: TDatabase, userId: string, limit = 50) {
  return db
    .select({
      id: ledgerEntries.id,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt))
    .limit(limit);
}
