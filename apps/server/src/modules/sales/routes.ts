import {
  PAYOUT_MIN_CENTS,
  PUBLISHING_TEXTS,
  ZEarningsResponse,
  ZPayoutAccountLinkResponse,
  ZPostCheckoutResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StripeGateway } from '../billing/stripe-gateway';
import { createPostCheckout, type TSalesContext } from './checkout';
import { getEarnings } from './earnings';
import { payoutAccountLink, requestPayout } from './payouts';

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

/** Buying posts, and the creator's earnings and payouts: signed in only. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: TSalesContext = {
    db: app.database.db,
    stripe: app.config.STRIPE_SECRET_KEY ? new StripeGateway(app.config) : null,
    publicUrl: app.config.PUBLIC_URL,
  };

  app.post(
    '/posts/:id/checkout',
    { schema: { params: ZParams, response: { 200: ZPostCheckoutResponse } } },
    async (request) => ({
      success: true as const,
      url: await createPostCheckout(context, request.auth.user, request.params.id),
    }),
  );

  app.get('/earnings', { schema: { response: { 200: ZEarningsResponse } } }, async (request) => ({
    success: true as const,
    earnings: await getEarnings(context, request.auth.user.id),
  }));

  app.post(
    '/earnings/payouts',
    { schema: { body: ZPayoutBody, response: { 200: ZEarningsResponse } } },
    async (request) => {
      const userId = request.auth.user.id;
      await requestPayout(context, userId, request.body ?? {});
      return { success: true as const, earnings: await getEarnings(context, userId) };
    },
  );

  app.post(
    '/earnings/payout-account',
    { schema: { response: { 200: ZPayoutAccountLinkResponse } } },
    async (request) => ({
      success: true as const,
      url: await payoutAccountLink(context, request.auth.user),
    }),
  );
};
