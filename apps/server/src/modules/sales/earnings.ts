import {
  EARNINGS_HOLD_DAYS,
  MUSE_FEE_PERCENT,
  type TEarnings,
  type TEarningsLine,
} from '@muse/shared';
import { and, asc, desc, eq, gt, inArray, lte, or, sql, type AnyColumn } from 'drizzle-orm';
import {
  earningsBalances,
  earningsEntries,
  influencers,
  payoutAccounts,
  payouts,
  postPurchases,
  posts,
} from '../../db/schema';
import type { TSalesContext } from './checkout';

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
 * refunds took back minus payouts sent or on their way, to the cent. GET /api/earnings: a read
 * that writes nothing (docs/decisions/0046-reads-never-write.md). A sale whose hold has ended is
 * shown available from that moment, as the ledger will book it (`releaseDueSales`, run by the
 * scheduled task and before a payout): its share pays what is owed first, the rest is available.
 */
export async function getEarnings(context: TSalesContext, workspaceId: string): Promise<TEarnings> {
  return context.db.transaction(
    async (tx) => {
      const sold = eq(postPurchases.workspaceId, workspaceId);
      // `now()` is the snapshot's own time: the same moment for every query below.
      const holdEnded = lte(postPurchases.availableAt, sql`now()`);
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
        .where(eq(payouts.workspaceId, workspaceId))
        .orderBy(desc(payouts.createdAt), desc(payouts.id));
      const [balance] = await tx
        .select()
        .from(earningsBalances)
        .where(eq(earningsBalances.workspaceId, workspaceId));
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
            eq(earningsEntries.workspaceId, workspaceId),
            inArray(earningsEntries.kind, ['refund', 'dispute-lost']),
          ),
        );
      // Sales whose hold has ended, not booked as released yet: what of them is left.
      const [due] = await tx
        .select({
          cents:
            sql<number>`coalesce(sum(${earningsEntries.amountCents} + ${earningsEntries.pendingCents} + ${earningsEntries.heldCents} - ${earningsEntries.owedCents}), 0)`.mapWith(
              Number,
            ),
        })
        .from(earningsEntries)
        .innerJoin(postPurchases, eq(postPurchases.id, earningsEntries.purchaseId))
        .where(and(sold, eq(postPurchases.status, 'pending'), holdEnded));
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
        .where(
          and(
            sold,
            or(
              eq(postPurchases.status, 'disputed'),
              and(eq(postPurchases.status, 'pending'), gt(postPurchases.availableAt, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(postPurchases.availableAt), asc(postPurchases.id))
        .limit(PENDING_SHOWN);
      const [account] = await tx
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.workspaceId, workspaceId));

      const released = due?.cents ?? 0;
      const owed = balance?.owedCents ?? 0;
      const repaid = Math.min(owed, released);

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
        availableCents: (balance?.availableCents ?? 0) + released - repaid,
        refundedCents: taken?.cents ?? 0,
        pendingCents: (balance?.pendingCents ?? 0) - released,
        heldCents: balance?.heldCents ?? 0,
        owedCents: owed - repaid,
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
