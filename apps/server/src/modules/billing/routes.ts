import {
  PLAN_LIST,
  ZCheckoutResponse,
  ZCreateCheckoutRequest,
  ZCreditHistoryQuery,
  ZCreditHistoryResponse,
  ZSubscriptionResponse,
  ZTestCheckoutResponse,
} from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { ledgerPage } from './ledger';
import { priceLookupKey, StripeGateway } from './stripe-gateway';
import {
  cancelSubscription,
  cancelTestCheckout,
  resumeSubscription,
  createCheckout,
  getTestCheckout,
  handleStripeEvent,
  payTestCheckout,
  subscriptionSummary,
  type TBillingContext,
} from './service';

const ZTestCheckoutParams = z.object({ id: z.string().regex(/^cs_test_[\w-]{20,60}$/) });
const ZRedirect = z.object({ success: z.literal(true), url: z.string() });

function billingContext(app: FastifyInstance): TBillingContext {
  const stripe = app.config.STRIPE_SECRET_KEY ? new StripeGateway(app.config) : null;
  const { storage, files, personaWriter, faces } = app.services;
  return {
    db: app.database.db,
    stripe,
    publicUrl: app.config.PUBLIC_URL,
    storage,
    files,
    personaWriter,
    faces,
  };
}

/** The plans and prices anyone may read, and Stripe's webhook (signed by Stripe, not a user). */
export const billingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = billingContext(app);
  const { stripe } = context;

  app.get('/payments/pricing-plans', async () => ({
    success: true as const,
    testMode: !stripe,
    plans: PLAN_LIST.map((plan) => ({
      ...plan,
      lookupKeys: {
        monthly: priceLookupKey(plan.key, 'monthly'),
        yearly: priceLookupKey(plan.key, 'yearly'),
      },
    })),
  }));

  if (stripe) {
    // Stripe signs the exact bytes it sent, so this route keeps the raw body.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      webhook.post('/payments/webhook', async (request) => {
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
        const outcome = await handleStripeEvent(context, stripe, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
        return { received: true, outcome };
      });
    });
  }
};

/** Checkout, the subscription, the credit history and the TEST MODE checkout: signed in only. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = billingContext(app);
  const { db, stripe } = context;

  app.post(
    '/payments/create-checkout-session',
    { schema: { body: ZCreateCheckoutRequest, response: { 200: ZCheckoutResponse } } },
    async (request) => ({
      success: true as const,
      url: await createCheckout(context, request.auth.user, request.body),
    }),
  );

  for (const path of ['/payments/subscription', '/users/subscription']) {
    app.get(path, { schema: { response: { 200: ZSubscriptionResponse } } }, async (request) => ({
      success: true as const,
      data: await subscriptionSummary(db, request.auth.user.id),
    }));
  }

  app.post(
    '/payments/cancel-subscription',
    { schema: { response: { 200: ZSubscriptionResponse } } },
    async (request) => {
      await cancelSubscription(context, request.auth.user.id);
      return {
        success: true as const,
        data: await subscriptionSummary(db, request.auth.user.id),
      };
    },
  );

  app.post(
    '/payments/resume-subscription',
    { schema: { response: { 200: ZSubscriptionResponse } } },
    async (request) => {
      await resumeSubscription(context, request.auth.user.id);
      return {
        success: true as const,
        data: await subscriptionSummary(db, request.auth.user.id),
      };
    },
  );

  app.get(
    '/credits/history',
    { schema: { querystring: ZCreditHistoryQuery, response: { 200: ZCreditHistoryResponse } } },
    async (request) => {
      const page = await ledgerPage(db, request.auth.user.id, request.query);
      return {
        success: true as const,
        entries: page.rows.map(({ cursorAt: _cursor, ...entry }) => ({
          ...entry,
          createdAt: entry.createdAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },
  );

  if (!stripe) {
    app.get(
      '/payments/test-checkout/:id',
      { schema: { params: ZTestCheckoutParams, response: { 200: ZTestCheckoutResponse } } },
      async (request) => ({
        success: true as const,
        session: await getTestCheckout(db, request.auth.user, request.params.id),
      }),
    );
    app.post(
      '/payments/test-checkout/:id/pay',
      { schema: { params: ZTestCheckoutParams, response: { 200: ZRedirect } } },
      async (request) => ({
        success: true as const,
        url: await payTestCheckout(context, request.auth.user.id, request.params.id),
      }),
    );
    app.post(
      '/payments/test-checkout/:id/cancel',
      { schema: { params: ZTestCheckoutParams, response: { 200: ZRedirect } } },
      async (request) => ({
        success: true as const,
        url: await cancelTestCheckout(db, request.auth.user.id, request.params.id),
      }),
    );
  }
};
