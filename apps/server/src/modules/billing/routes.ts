import {
  PLAN_LIST,
  ZCheckoutResponse,
  ZCreateCheckoutRequest,
  ZCreditHistoryQuery,
  ZCreditHistoryResponse,
  ZSubscriptionResponse,
} from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPayments } from '../payments/payments';
import type { TTestCheckoutSeller } from '../payments/routes';
import { priceLookupKey } from '../payments/stripe-gateway';
import type { TStripeEventHandlers } from '../payments/webhook';
import { ledgerPage, toPublicLedgerEntry } from './ledger';
import {
  cancelSubscription,
  createCheckout,
  resumeSubscription,
  subscriptionSummary,
  type TBillingContext,
} from './checkout';
import { billingStripeEvents } from './stripe-events';
import { describePlanTestCheckout, payPlanTestCheckout } from './test-checkout';

function billingContext(app: FastifyInstance): TBillingContext {
  return {
    db: app.database.db,
    payments: createPayments(app.config),
    grantSlots: app.services.grantSlots,
  };
}

/** The plans and prices anyone may read. */
export const billingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const testMode = !app.config.STRIPE_SECRET_KEY;
  app.get('/payments/pricing-plans', async () => ({
    success: true as const,
    testMode,
    plans: PLAN_LIST.map((plan) => ({
      ...plan,
      lookupKeys: {
        monthly: priceLookupKey(plan.key, 'monthly'),
        yearly: priceLookupKey(plan.key, 'yearly'),
      },
    })),
  }));
};

/** The Stripe events of plans, for the payments webhook (modules/payments/routes.ts). */
export const billingStripeEventsOf = (app: FastifyInstance): TStripeEventHandlers =>
  billingStripeEvents(billingContext(app));

/** A plan's TEST MODE checkout, for the TEST MODE checkout's page (modules/payments/routes.ts). */
export function planTestCheckouts(app: FastifyInstance): TTestCheckoutSeller {
  const context = billingContext(app);
  return {
    describe: describePlanTestCheckout,
    pay: (session, userId) => payPlanTestCheckout(context, session, userId),
  };
}

/** Checkout, the subscription and the credit history: signed in only. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = billingContext(app);
  const { db } = context;

  app.post(
    '/payments/create-checkout-session',
    {
      config: { right: 'billing' },
      schema: { body: ZCreateCheckoutRequest, response: { 200: ZCheckoutResponse } },
    },
    async (request) => ({
      success: true as const,
      url: await createCheckout(context, request.workspace.id, request.auth.user, request.body),
    }),
  );

  for (const path of ['/payments/subscription', '/users/subscription']) {
    app.get(path, { schema: { response: { 200: ZSubscriptionResponse } } }, async (request) => ({
      success: true as const,
      data: await subscriptionSummary(db, request.workspace.id),
    }));
  }

  app.post(
    '/payments/cancel-subscription',
    { config: { right: 'billing' }, schema: { response: { 200: ZSubscriptionResponse } } },
    async (request) => {
      await cancelSubscription(context, request.workspace.id);
      return {
        success: true as const,
        data: await subscriptionSummary(db, request.workspace.id),
      };
    },
  );

  app.post(
    '/payments/resume-subscription',
    { config: { right: 'billing' }, schema: { response: { 200: ZSubscriptionResponse } } },
    async (request) => {
      await resumeSubscription(context, request.workspace.id);
      return {
        success: true as const,
        data: await subscriptionSummary(db, request.workspace.id),
      };
    },
  );

  app.get(
    '/credits/history',
    { schema: { querystring: ZCreditHistoryQuery, response: { 200: ZCreditHistoryResponse } } },
    async (request) => {
      const page = await ledgerPage(db, request.workspace.id, request.query);
      return {
        success: true as const,
        entries: page.rows.map(toPublicLedgerEntry),
        nextCursor: page.nextCursor,
      };
    },
  );
};
