import {
  toolName,
  WELCOME_CREDITS,
  type TJobTool,
  type TLedgerCurrency,
  type TLedgerEntry,
  type TLedgerKind,
} from '@muse/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountBalances, apiKeys, ledgerEntries } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { cursorAt, newestFirst, olderThan, toPage, type TPageRequest } from '../../lib/keyset';

export type TBalances = { credits: number; modelTokens: number; modelTokensGranted: number };

export class InsufficientBalanceError extends AppError {
  constructor(readonly currency: TLedgerCurrency) {
    super(
      402,
      currency === 'credits'
        ? 'You do not have enough credits for this. Get more credits to continue.'
        : 'You have no influencer trainings left. Upgrade your plan to add one.',
      currency === 'credits' ? 'INSUFFICIENT_CREDITS' : 'INSUFFICIENT_MODEL_TOKENS',
    );
  }
}

type TReference = { workspaceId: string; currency: TLedgerCurrency; reference: string };

/** The account's movements of one currency with this reference. */
function withReference(entry: TReference) {
  return and(
    eq(ledgerEntries.workspaceId, entry.workspaceId),
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
    workspaceId: string;
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
      .values({
        workspaceId: entry.workspaceId,
        credits,
        modelTokens: tokens,
        modelTokensGranted: granted,
      })
      .onConflictDoUpdate({
        target: accountBalances.workspaceId,
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
    workspaceId: string;
    currency: TLedgerCurrency;
    amount: number;
    description: string;
    reference: string;
    /** The API key that spends, when a program does. */
    apiKeyId?: string | null;
    /** The member whose action spends. */
    actorId?: string | null;
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
        .where(and(eq(accountBalances.workspaceId, entry.workspaceId), gte(column, entry.amount)))
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

/** How the credit history names each tool: the words of the sidebar and the tool pages. */

/** A name from the creator's device or words, as the history shows it: one line, not too long. */
const SUBJECT_MAX = 60;

/**
 * A job's spend as the credit history reads it: the tool and what it worked on, e.g.
 * 'Upscale · portrait.png' (docs/product/plans-and-credits.md); the tool alone when there is no
 * name. `subject` is an uploaded file's name, a gallery image's, a product's, or a prompt.
 */
export function jobSpendDescription(tool: TJobTool, subject: string | null | undefined): string {
  const name = (subject ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .trim();
  if (!name) return toolName(tool);
  const shown = name.length > SUBJECT_MAX ? `${name.slice(0, SUBJECT_MAX - 1)}…` : name;
  return `${toolName(tool)} · ${shown}`;
}

/**
 * Gives back what the spend with `reference` took, exactly once. Without a `description` the
 * refund names what the spend named: 'Refund: Upscale · portrait.png'.
 */
export async function refund(
  db: TQueryable,
  entry: {
    workspaceId: string;
    currency: TLedgerCurrency;
    reference: string;
    description?: string;
  },
): Promise<boolean> {
  const [spent] = await db
    .select({ amount: ledgerEntries.amount, description: ledgerEntries.description })
    .from(ledgerEntries)
    .where(and(withReference(entry), eq(ledgerEntries.kind, 'spend')));
  if (!spent) return false;
  return credit(db, {
    workspaceId: entry.workspaceId,
    currency: entry.currency,
    amount: -spent.amount,
    kind: 'refund',
    description: entry.description ?? `Refund: ${spent.description}`,
    reference: `refund:${entry.reference}`,
  });
}

/** Every new account starts with the welcome grant (docs/product/plans-and-credits.md). */
export function grantWelcomeCredits(db: TDatabase, workspaceId: string): Promise<boolean> {
  return credit(db, {
    workspaceId,
    currency: 'credits',
    amount: WELCOME_CREDITS,
    kind: 'welcome',
    description: 'Welcome credits',
    reference: 'welcome',
  });
}

export async function getBalances(db: TDatabase, workspaceId: string): Promise<TBalances> {
  const [row] = await db
    .select()
    .from(accountBalances)
    .where(eq(accountBalances.workspaceId, workspaceId));
  return {
    credits: row?.credits ?? 0,
    modelTokens: row?.modelTokens ?? 0,
    modelTokensGranted: row?.modelTokensGranted ?? 0,
  };
}

/**
 * The account's movements newest first, from after `cursor`, at most `limit` of them: read by
 * ledger_entries_user_created_id_idx (docs/decisions/0032-keyset-pagination.md).
 */
export function newestLedgerEntries(
  db: TDatabase,
  workspaceId: string,
  { cursor, limit }: TPageRequest,
) {
  return db
    .select({
      id: ledgerEntries.id,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      createdAt: ledgerEntries.createdAt,
      apiKeyId: ledgerEntries.apiKeyId,
      apiKeyName: apiKeys.name,
      cursorAt: cursorAt(ledgerEntries.createdAt),
    })
    .from(ledgerEntries)
    .leftJoin(apiKeys, eq(apiKeys.id, ledgerEntries.apiKeyId))
    .where(
      and(
        eq(ledgerEntries.workspaceId, workspaceId),
        olderThan(ledgerEntries.createdAt, ledgerEntries.id, cursor),
      ),
    )
    .orderBy(...newestFirst(ledgerEntries.createdAt, ledgerEntries.id))
    .limit(limit);
}

/** A movement as the credit history shows it, naming the API key that spent, if one did. */
export function toPublicLedgerEntry(
  row: Awaited<ReturnType<typeof newestLedgerEntries>>[number],
): TLedgerEntry {
  const { cursorAt: _cursor, apiKeyId, apiKeyName, ...entry } = row;
  return {
    ...entry,
    createdAt: entry.createdAt.toISOString(),
    apiKey: apiKeyId && apiKeyName !== null ? { id: apiKeyId, name: apiKeyName } : null,
  };
}

/** The newest `limit` movements. */
export function listLedger(db: TDatabase, workspaceId: string, limit = 50) {
  return newestLedgerEntries(db, workspaceId, { limit });
}

/** One page of GET /api/credits/history. */
export async function ledgerPage(db: TDatabase, workspaceId: string, page: TPageRequest) {
  return toPage(
    await newestLedgerEntries(db, workspaceId, { ...page, limit: page.limit + 1 }),
    page.limit,
  );
}
