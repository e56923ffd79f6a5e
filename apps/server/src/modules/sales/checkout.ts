import { PUBLISHING_TEXTS, isUuid, publicPagePath, type TTestCheckoutSession } from '@muse/shared';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  influencerPages,
  postPurchases,
  posts,
  testCheckoutSessions,
  type TUserRow,
  workspaceMembers,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TPayments } from '../payments/payments';
import type { TTestSessionRow } from '../payments/routes';
import type { StripeGateway } from '../payments/stripe-gateway';
import { testCheckoutPage } from '../payments/test-mode-provider';
import { recordPostReceipt } from '../receipts/record';
import { fulfilPostPurchase } from './fulfil';
import { purchaseInForce } from './held-earnings';

export type TSalesContext = {
  db: TDatabase;
  /** Where a fan's checkout goes: Stripe, or TEST MODE without Stripe keys. */
  payments: TPayments;
  /** Stripe's client for Connect payouts; null in TEST MODE. */
  stripe: StripeGateway | null;
  publicUrl: string;
};

const POST_CHECKOUT_EXPIRED =
  'This checkout has expired or was cancelled. Start again from the post.';

/** A post a fan may be shown a checkout for: published, on a published page. */
async function postOnSale(db: TDatabase, postId: string) {
  if (!isUuid(postId)) throw notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');
  const [post] = await db
    .select({
      id: posts.id,
      workspaceId: posts.workspaceId,
      priceCents: posts.priceCents,
      influencerName: posts.influencerName,
      handle: influencerPages.handle,
    })
    .from(posts)
    .innerJoin(influencerPages, eq(influencerPages.influencerId, posts.influencerId))
    .where(
      and(
        eq(posts.id, postId),
        eq(posts.status, 'published'),
        eq(posts.onPage, true),
        isNotNull(influencerPages.publishedAt),
      ),
    );
  if (!post) throw notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');
  return post;
}

/**
 * Starts a fan's purchase of a pay-per-view post (docs/product/publishing.md, "Buying"): a
 * Stripe Checkout Session in payment mode, or Muse's TEST MODE checkout without Stripe. A fan
 * needs no plan. One checkout is made at a time per fan (an advisory lock), and an open one for
 * the same post and price is handed out again instead of a second.
 */
export async function createPostCheckout(
  context: TSalesContext,
  fan: Omit<TUserRow, 'passwordHash'>,
  postId: string,
): Promise<string> {
  const { db, payments } = context;
  const post = await postOnSale(db, postId);
  // A member of the workspace that sells it has it already (docs/product/teams.md).
  const [member] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, post.workspaceId), eq(workspaceMembers.userId, fan.id)),
    );
  if (member) throw badRequest(PUBLISHING_TEXTS.ownPost, 'OWN_POST');
  if (post.priceCents <= 0) throw badRequest(PUBLISHING_TEXTS.freePost, 'FREE_POST');
  const [owned] = await db
    .select({ id: postPurchases.id })
    .from(postPurchases)
    .where(
      and(eq(postPurchases.postId, post.id), eq(postPurchases.buyerId, fan.id), purchaseInForce()),
    );
  if (owned) throw conflict(PUBLISHING_TEXTS.alreadyBought, 'ALREADY_BOUGHT');

  const page = publicPagePath(post.handle, post.id);
  const back = { success: `${page}?purchase=success`, cancelled: `${page}?purchase=cancelled` };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post-checkout:${fan.id}`}))`);
    return payments.checkout.startPostCheckout(tx, {
      fan: { id: fan.id, email: fan.email },
      post: { id: post.id, priceCents: post.priceCents, influencerName: post.influencerName },
      successPath: back.success,
      cancelPath: back.cancelled,
    });
  });
}

// TEST MODE checkout of a post (modules/payments/routes.ts shows the page and hands over
// sessions that have a post; a plan's is in modules/billing/test-checkout.ts).

/** The TEST MODE checkout page's view of a post's session. */
export async function describePostTestCheckout(
  db: TDatabase,
  session: TTestSessionRow,
  user: Pick<TUserRow, 'email'>,
): Promise<TTestCheckoutSession> {
  const [post] = await db
    .select({
      id: posts.id,
      caption: posts.caption,
      influencerName: posts.influencerName,
      handle: influencerPages.handle,
    })
    .from(posts)
    .leftJoin(influencerPages, eq(influencerPages.influencerId, posts.influencerId))
    .where(eq(posts.id, session.postId!));
  return {
    id: session.id,
    plan: null,
    billing: null,
    post: post ?? null,
    amountCents: session.amountCents ?? 0,
    status: session.status,
    email: user.email,
  };
}

/**
 * Pays a TEST MODE checkout of a post: the session is claimed (open → complete, once, also on
 * a double click: the second waits for the first's row lock, then finds it complete) and the
 * purchase booked through `fulfilPostPurchase`, the webhook's function, in the same
 * transaction, with the fan's receipt. A fan who owned the post already is "refunded": no money moved, so the refund is
 * the session's status, which its page shows.
 */
export async function payPostTestCheckout(
  db: TDatabase,
  session: TTestSessionRow,
  fanId: string,
): Promise<string> {
  const status = await db.transaction(async (tx) => {
    // The post's row first, as its deletion takes it (deletePost): the deletion removes this
    // session with the post, so claiming the session first and then the post would deadlock
    // against it. In one order, one waits for the other (docs/product/publishing.md, "Buying").
    if (session.postId) {
      await tx
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.id, session.postId))
        .for('key share');
    }
    const [claimed] = await tx
      .update(testCheckoutSessions)
      .set({ status: 'complete' })
      .where(
        and(
          eq(testCheckoutSessions.id, session.id),
          eq(testCheckoutSessions.userId, fanId),
          isNotNull(testCheckoutSessions.postId),
          eq(testCheckoutSessions.status, 'open'),
          gt(testCheckoutSessions.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed) {
      const [current] = await tx
        .select({ status: testCheckoutSessions.status })
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, session.id));
      return current?.status ?? session.status;
    }
    const done = await fulfilPostPurchase(tx, {
      // A post's session has both (the table's check constraint).
      postId: claimed.postId!,
      buyerId: fanId,
      amountCents: claimed.amountCents!,
      provider: 'test',
      checkoutId: claimed.id,
      paymentIntentId: null,
    });
    if (done.outcome === 'booked') await recordPostReceipt(tx, done.purchaseId);
    if (done.outcome === 'booked' || done.outcome === 'recorded') return 'complete';
    await tx
      .update(testCheckoutSessions)
      .set({ status: 'refunded' })
      .where(eq(testCheckoutSessions.id, session.id));
    return 'refunded';
  });
  if (status === 'complete') return session.successUrl;
  if (status === 'refunded') return testCheckoutPage(session.id);
  throw badRequest(POST_CHECKOUT_EXPIRED, 'CHECKOUT_EXPIRED');
}
