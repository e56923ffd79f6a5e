import {
  BILLING_TEXTS,
  PUBLISHING_TEXTS,
  publicPagePath,
  type TTestCheckoutSession,
  isUuid,
} from '@muse/shared';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { TDatabase } from '../../db/client';
import {
  influencerPages,
  postPurchases,
  posts,
  testCheckoutSessions,
  type TUserRow,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/tokens';
import type { StripeGateway } from '../billing/stripe-gateway';
import { recordPostReceipt } from '../receipts/record';
import { fulfilPostPurchase } from './fulfil';
import { purchaseInForce } from './held-earnings';

export type TSalesContext = {
  db: TDatabase;
  stripe: StripeGateway | null;
  publicUrl: string;
};

type TTestSessionRow = typeof testCheckoutSessions.$inferSelect;

const TEST_CHECKOUT_HOURS = 24;
const POST_CHECKOUT_EXPIRED =
  'This checkout has expired or was cancelled. Start again from the post.';

/** A post a fan may be shown a checkout for: published, on a published page. */
async function postOnSale(db: TDatabase, postId: string) {
  if (!isUuid(postId)) throw notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');
  const [post] = await db
    .select({
      id: posts.id,
      creatorId: posts.userId,
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
        isNotNull(influencerPages.publishedAt),
      ),
    );
  if (!post) throw notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');
  return post;
}

type TPostOnSale = Awaited<ReturnType<typeof postOnSale>>;

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
  const { db, stripe } = context;
  const post = await postOnSale(db, postId);
  if (post.creatorId === fan.id) throw badRequest(PUBLISHING_TEXTS.ownPost, 'OWN_POST');
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
    if (stripe) {
      return stripeCheckout(stripe, fan, post, {
        success: `${context.publicUrl}${back.success}`,
        cancelled: `${context.publicUrl}${back.cancelled}`,
      });
    }

    const [open] = await tx
      .select({ id: testCheckoutSessions.id })
      .from(testCheckoutSessions)
      .where(
        and(
          eq(testCheckoutSessions.userId, fan.id),
          eq(testCheckoutSessions.postId, post.id),
          eq(testCheckoutSessions.amountCents, post.priceCents),
          eq(testCheckoutSessions.successUrl, back.success),
          eq(testCheckoutSessions.status, 'open'),
          gt(testCheckoutSessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    const id = open?.id ?? `cs_test_${randomToken()}`;
    if (!open) {
      await tx.insert(testCheckoutSessions).values({
        id,
        userId: fan.id,
        postId: post.id,
        amountCents: post.priceCents,
        successUrl: back.success,
        cancelUrl: back.cancelled,
        expiresAt: new Date(Date.now() + TEST_CHECKOUT_HOURS * 60 * 60 * 1000),
      });
    }
    // Relative, so a visitor on another host name of Muse keeps their session.
    return `/checkout/test/${id}`;
  });
}

/**
 * The fan's own Stripe customer for purchases, found by e-mail and `buyerId` in its metadata,
 * else made. It is not the customer their plan uses (`userId` in its metadata): a plan checkout
 * expires every other open session of that customer (docs/decisions/0023-one-live-subscription.md),
 * which must not reach a post's checkout. Naming a customer is what lets the fan's open
 * sessions be listed; Stripe fills the checkout's e-mail field from it.
 */
async function purchaseCustomer(
  stripe: StripeGateway,
  fan: Omit<TUserRow, 'passwordHash'>,
): Promise<string> {
  const { data } = await stripe.client.customers.list({ email: fan.email, limit: 100 });
  const known = data.find((customer) => customer.metadata.buyerId === fan.id);
  if (known) return known.id;
  const created = await stripe.client.customers.create({
    email: fan.email,
    metadata: { buyerId: fan.id },
  });
  return created.id;
}

/** Expires an open session; one paid or expired meanwhile is no longer open, as wanted. */
async function expireSession(stripe: StripeGateway, id: string): Promise<void> {
  try {
    await stripe.client.checkout.sessions.expire(id);
  } catch (error) {
    const session = await stripe.client.checkout.sessions.retrieve(id);
    if (session.status === 'open') throw error;
  }
}

async function stripeCheckout(
  stripe: StripeGateway,
  fan: Omit<TUserRow, 'passwordHash'>,
  post: TPostOnSale,
  urls: { success: string; cancelled: string },
): Promise<string> {
  const customer = await purchaseCustomer(stripe, fan);
  const open = await stripe.client.checkout.sessions.list({ customer, status: 'open', limit: 100 });
  const ofPost = open.data.filter(
    (session) =>
      session.mode === 'payment' &&
      session.metadata?.kind === 'post' &&
      session.metadata.postId === post.id &&
      session.metadata.buyerId === fan.id,
  );
  const same = (session: Stripe.Checkout.Session) =>
    session.amount_total === post.priceCents &&
    session.success_url === urls.success &&
    session.cancel_url === urls.cancelled &&
    !!session.url;
  const reused = ofPost.find(same);
  // One at an older price or page address would sell the post a second time if paid.
  for (const session of ofPost) if (session !== reused) await expireSession(stripe, session.id);
  if (reused?.url) return reused.url;

  const metadata = { kind: 'post', postId: post.id, buyerId: fan.id };
  const session = await stripe.client.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: post.priceCents,
          product_data: { name: `Post by ${post.influencerName}` },
        },
      },
    ],
    customer,
    client_reference_id: fan.id,
    metadata,
    payment_intent_data: { metadata },
    success_url: urls.success,
    cancel_url: urls.cancelled,
  });
  if (!session.url) {
    throw new AppError(502, BILLING_TEXTS.noCheckoutUrlFromServer, 'NO_CHECKOUT_URL');
  }
  return session.url;
}

// TEST MODE checkout of a post (the plan's is in modules/billing/service.ts, which hands over
// sessions that have a post).

/** The TEST MODE checkout page's view of a post's session. */
export async function describePostTestCheckout(
  db: TDatabase,
  session: TTestSessionRow,
  email: string,
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
    email,
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
  fanId: string,
  session: TTestSessionRow,
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
  if (status === 'refunded') return `/checkout/test/${session.id}`;
  throw badRequest(POST_CHECKOUT_EXPIRED, 'CHECKOUT_EXPIRED');
}
