import {
  PLANS,
  publicPagePath,
  type TBillingPeriod,
  type TPlanKey,
  type TSubscriptionProvider,
} from '@muse/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';
import {
  influencerPages,
  postPurchases,
  posts,
  receipts,
  type TReceiptKind,
} from '../../db/schema';
import { workspaceOwner } from '../../db/workspace-owner';

/**
 * The queue task that mails a receipt (docs/product/plans-and-credits.md, "Receipts"). It runs
 * with the account mail, on the runner of the short tasks.
 */
export const RECEIPT_MAIL_TASK = 'send-receipt';
export const ZReceiptMailPayload = z.object({ receiptId: z.uuid() });

/** SMTP can fail for a moment: the queue retries with growing delays, as account mail does. */
const MAX_ATTEMPTS = 5;

type TReceiptInput = {
  userId: string;
  reference: string;
  kind: TReceiptKind;
  description: string;
  amountCents: number;
  provider: TSubscriptionProvider;
  paidAt: Date;
  linkPath: string;
};

/**
 * Writes the receipt of one payment and queues its mail, in one transaction: a reference seen
 * before writes nothing and queues nothing, so a payment reported any number of times, also at
 * once, is mailed once. Inside the caller's transaction, nothing is queued unless it commits.
 */
export async function recordReceipt(db: TQueryable, receipt: TReceiptInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [written] = await tx
      .insert(receipts)
      .values(receipt)
      .onConflictDoNothing()
      .returning({ id: receipts.id });
    if (!written) return false;
    const payload = JSON.stringify({ receiptId: written.id });
    await tx.execute(
      sql`select graphile_worker.add_job(${RECEIPT_MAIL_TASK}, ${payload}::json, max_attempts := ${MAX_ATTEMPTS})`,
    );
    return true;
  });
}

/** The fan's receipt for a post: what the purchase row says was paid, when it was booked. */
export async function recordPostReceipt(db: TQueryable, purchaseId: string): Promise<boolean> {
  const [row] = await db
    .select({
      buyerId: postPurchases.buyerId,
      amountCents: postPurchases.amountCents,
      provider: postPurchases.provider,
      createdAt: postPurchases.createdAt,
      postId: posts.id,
      influencerName: posts.influencerName,
      handle: influencerPages.handle,
    })
    .from(postPurchases)
    .innerJoin(posts, eq(posts.id, postPurchases.postId))
    .leftJoin(influencerPages, eq(influencerPages.influencerId, posts.influencerId))
    .where(eq(postPurchases.id, purchaseId));
  if (!row?.buyerId) return false;
  return recordReceipt(db, {
    userId: row.buyerId,
    reference: `post:${purchaseId}`,
    kind: 'post',
    description: `Post by ${row.influencerName}`,
    amountCents: row.amountCents,
    provider: row.provider,
    paidAt: row.createdAt,
    linkPath: row.handle ? publicPagePath(row.handle, row.postId) : '/purchases',
  });
}

const PERIOD_NAMES: Record<TBillingPeriod, string> = { monthly: 'monthly', yearly: 'yearly' };

/**
 * A plan's receipt: its first period, a renewal or an upgrade, for the amount the payment
 * provider charged (a discount included), never the plan table's price. It goes to the
 * workspace's first owner, who pays for it (docs/product/teams.md).
 */
export async function recordPlanReceipt(
  db: TQueryable,
  receipt: {
    workspaceId: string;
    reference: string;
    kind: Exclude<TReceiptKind, 'post'>;
    plan: TPlanKey;
    billing: TBillingPeriod;
    amountCents: number;
    provider: TSubscriptionProvider;
    paidAt: Date;
  },
): Promise<boolean> {
  const { plan, billing, workspaceId, ...rest } = receipt;
  const owner = await workspaceOwner(db, workspaceId);
  if (!owner) return false;
  const what = { plan: 'plan', renewal: 'plan renewal', upgrade: 'plan upgrade' }[receipt.kind];
  return recordReceipt(db, {
    ...rest,
    userId: owner,
    description: `${PLANS[plan].name} ${what}, ${PERIOD_NAMES[billing]}`,
    linkPath: '/subscriptions',
  });
}
