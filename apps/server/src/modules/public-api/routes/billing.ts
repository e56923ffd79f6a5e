import { ZCreditHistoryQuery, ZCreditHistoryResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBalances, ledgerPage, toPublicLedgerEntry } from '../../billing/ledger';

const ZBalanceResponse = z.object({
  success: z.literal(true),
  balance: z.object({
    credits: z.number().describe('Credits to spend on tools'),
    modelTokens: z.number().describe('Model tokens left: each claims or trains one influencer'),
    influencerSlots: z.number().describe('Influencer slots: every model token ever granted'),
  }),
});

const billing = { scope: 'billing:read' } as const;
const tags = ['Billing'];

/** The credit balance and its history. */
export const v1BillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/balance',
    {
      config: billing,
      schema: {
        operationId: 'getBalance',
        summary: 'Get the balance',
        tags,
        response: { 200: ZBalanceResponse },
      },
    },
    async (request) => {
      const balances = await getBalances(db, request.caller.workspaceId);
      return {
        success: true as const,
        balance: {
          credits: balances.credits,
          modelTokens: balances.modelTokens,
          influencerSlots: balances.modelTokensGranted,
        },
      };
    },
  );

  app.get(
    '/credit-history',
    {
      config: billing,
      schema: {
        operationId: 'listCreditHistory',
        summary: 'List the credit history',
        description: 'Every grant, spend and refund, newest first, naming the API key that spent.',
        tags,
        querystring: ZCreditHistoryQuery,
        response: { 200: ZCreditHistoryResponse },
      },
    },
    async (request) => {
      const page = await ledgerPage(db, request.caller.workspaceId, request.query);
      return {
        success: true as const,
        entries: page.rows.map(toPublicLedgerEntry),
        nextCursor: page.nextCursor,
      };
    },
  );
};
