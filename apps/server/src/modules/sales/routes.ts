import {
  PAYOUT_MIN_CENTS,
  PUBLISHING_TEXTS,
  ZEarningsResponse,
  ZPayoutAccountLinkResponse,
  ZPostCheckoutResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createPayments } from '../payments/payments';
import type { TTestCheckoutSeller } from '../payments/routes';
import type { TStripeEventHandlers } from '../payments/webhook';
import {
  createPostCheckout,
  describePostTestCheckout,
  payPostTestCheckout,
  type TSalesContext,
} from './checkout';
import { getEarnings } from './earnings';
import { payoutAccountLink, requestPayout } from './payouts';
import { salesStripeEvents } from './stripe-events';

const ZParams = z.object({ id: z.string() });

/**
 * ZPayoutRequest with the earnings page's own text for an amount that cannot be paid out; no
 * body at all is the whole balance.
 */
const ZPayoutBody = z
  .object({
    amountCents: z
      .number({ error: PUBLISHING_TEXTS.payoutTooSmall })
      .int(PUBLISHING_TEXTS.payoutTooSmall)
      .min(PAYOUT_MIN_CENTS, PUBLISHING_TEXTS.payoutTooSmall)
      .optional(),
  })
  .nullish();

function salesContext(app: FastifyInstance): TSalesContext {
  const payments = createPayments(app.config);
  return {
    db: app.database.db,
    payments,
    stripe: payments.stripe,
    publicUrl: app.config.PUBLIC_URL,
  };
}

/** The Stripe events of post sales and payouts, for the payments webhook (modules/payments/routes.ts). */
export const salesStripeEventsOf = (app: FastifyInstance): TStripeEventHandlers =>
  salesStripeEvents(salesContext(app));

/** A post's TEST MODE checkout, for the TEST MODE checkout's page (modules/payments/routes.ts). */
export function postTestCheckouts(app: FastifyInstance): TTestCheckoutSeller {
  const { db } = app.database;
  return {
    describe: (session, user) => describePostTestCheckout(db, session, user),
    pay: (session, userId) => payPostTestCheckout(db, session, userId),
  };
}

/** Buying posts, and the creator's earnings and payouts: signed in only. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = salesContext(app);

  app.post(
    '/posts/:id/checkout',
    {
      config: { person: true },
      schema: { params: ZParams, response: { 200: ZPostCheckoutResponse } },
    },
    async (request) => ({
      success: true as const,
      url: await createPostCheckout(context, request.auth.user, request.params.id),
    }),
  );

  app.get('/earnings', { schema: { response: { 200: ZEarningsResponse } } }, async (request) => ({
    success: true as const,
    earnings: await getEarnings(context, request.workspace.id),
  }));

  app.post(
    '/earnings/payouts',
    {
      config: { right: 'billing' },
      schema: { body: ZPayoutBody, response: { 200: ZEarningsResponse } },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      await requestPayout(context, workspaceId, request.body ?? {});
      return { success: true as const, earnings: await getEarnings(context, workspaceId) };
    },
  );

  app.post(
    '/earnings/payout-account',
    { config: { right: 'billing' }, schema: { response: { 200: ZPayoutAccountLinkResponse } } },
    async (request) => ({
      success: true as const,
      url: await payoutAccountLink(context, request.workspace.id, request.auth.user),
    }),
  );
};
