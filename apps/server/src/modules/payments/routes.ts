import { ZTestCheckoutResponse, type TTestCheckoutSession } from '@muse/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDatabase } from '../../db/client';
import { testCheckoutSessions, type TUserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { StripeGateway } from './stripe-gateway';
import { stripeWebhook, type TStripeEventHandlers } from './webhook';

/** Whoever builds a module's part of the payment routes gets the running app. */
type TFromApp<T> = (app: FastifyInstance) => T;

export type TPaymentWebhookOptions = {
  /** Each selling module's Stripe events. */
  handlers: TFromApp<TStripeEventHandlers>[];
};

/** Stripe's webhook (signed by Stripe, not a user), when Stripe is configured. */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<TPaymentWebhookOptions> = async (
  app,
  options,
) => {
  if (!app.config.STRIPE_SECRET_KEY) return;
  const stripe = new StripeGateway(app.config);
  const webhook = stripeWebhook(
    app.database.db,
    stripe,
    options.handlers.map((handlers) => handlers(app)),
  );
  // Stripe signs the exact bytes it sent, so this route keeps the raw body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/payments/webhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = stripe.client.webhooks.constructEvent(
        request.body as Buffer,
        String(signature ?? ''),
        app.config.STRIPE_WEBHOOK_SECRET ?? '',
      );
    } catch {
      throw badRequest('Invalid Stripe signature', 'WEBHOOK_SIGNATURE_INVALID');
    }
    const outcome = await webhook.handle(event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
    return { received: true, outcome };
  });
};

// The TEST MODE checkout (no Stripe keys): Muse's own checkout page, clearly marked TEST MODE.

export type TTestSessionRow = typeof testCheckoutSessions.$inferSelect;

/** What sells through a TEST MODE checkout: how its page shows a session, and paying it. */
export type TTestCheckoutSeller = {
  describe: (
    session: TTestSessionRow,
    user: Omit<TUserRow, 'passwordHash'>,
  ) => Promise<TTestCheckoutSession>;
  /** Pays the session; answers where the visitor goes next. */
  pay: (session: TTestSessionRow, userId: string) => Promise<string>;
};

export type TTestCheckoutOptions = {
  /** A plan's session (it has a plan and a billing period) and a post's (it has a post). */
  plan: TFromApp<TTestCheckoutSeller>;
  post: TFromApp<TTestCheckoutSeller>;
};

async function openTestSession(db: TDatabase, userId: string, id: string) {
  const [session] = await db
    .select()
    .from(testCheckoutSessions)
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.userId, userId)));
  if (!session) throw notFound('This checkout does not exist', 'CHECKOUT_NOT_FOUND');
  return session;
}

async function cancelTestCheckout(db: TDatabase, userId: string, id: string): Promise<string> {
  const session = await openTestSession(db, userId, id);
  await db
    .update(testCheckoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')));
  return session.cancelUrl;
}

const ZTestCheckoutParams = z.object({ id: z.string().regex(/^cs_test_[\w-]{20,60}$/) });
const ZRedirect = z.object({ success: z.literal(true), url: z.string() });

/** The TEST MODE checkout's page, paid and cancelled: signed in only, and only without Stripe. */
export const testCheckoutRoutes: FastifyPluginAsyncZod<TTestCheckoutOptions> = async (
  app,
  options,
) => {
  if (app.config.STRIPE_SECRET_KEY) return;
  const { db } = app.database;
  const sellers = { plan: options.plan(app), post: options.post(app) };
  const sellerOf = (session: TTestSessionRow) => (session.postId ? sellers.post : sellers.plan);

  app.get(
    '/payments/test-checkout/:id',
    {
      config: { person: true },
      schema: { params: ZTestCheckoutParams, response: { 200: ZTestCheckoutResponse } },
    },
    async (request) => {
      const session = await openTestSession(db, request.auth.user.id, request.params.id);
      return {
        success: true as const,
        session: await sellerOf(session).describe(session, request.auth.user),
      };
    },
  );
  app.post(
    '/payments/test-checkout/:id/pay',
    {
      config: { person: true },
      schema: { params: ZTestCheckoutParams, response: { 200: ZRedirect } },
    },
    async (request) => {
      const session = await openTestSession(db, request.auth.user.id, request.params.id);
      return {
        success: true as const,
        url: await sellerOf(session).pay(session, request.auth.user.id),
      };
    },
  );
  app.post(
    '/payments/test-checkout/:id/cancel',
    {
      config: { person: true },
      schema: { params: ZTestCheckoutParams, response: { 200: ZRedirect } },
    },
    async (request) => ({
      success: true as const,
      url: await cancelTestCheckout(db, request.auth.user.id, request.params.id),
    }),
  );
};
