import {
  WEBHOOK_EVENT_TYPES,
  ZCreateWebhookEndpointRequest,
  ZCreateWebhookEndpointResponse,
  ZWebhookDeliveriesResponse,
  ZResendWebhookDeliveryResponse,
  ZWebhookEndpointsResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  toPublicDelivery,
  toPublicEndpoint,
} from './service';

const ZEndpointParams = z.object({ id: z.string() });
const ZDeliveryParams = z.object({ id: z.string(), deliveryId: z.string() });
const ZSuccess = z.object({ success: z.literal(true) });

const config = { scope: 'webhooks:write' } as const;
const tags = ['Webhooks'];

/**
 * The webhook endpoints of the public API (mounted under /api/v1 by public-api/plugin.ts; docs in
 * docs/product/public-api.md, 'Webhooks'). Every route needs the `webhooks:write` scope.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/webhook-endpoints',
    {
      config,
      schema: {
        summary: 'Add a webhook endpoint',
        description: `Muse POSTs the chosen events to the URL, signed the Standard Webhooks way with the secret in the answer (shown this once). In production the URL must be https and resolve to public addresses only. Events: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
        operationId: 'createWebhookEndpoint',
        tags,
        body: ZCreateWebhookEndpointRequest,
        response: { 201: ZCreateWebhookEndpointResponse },
      },
    },
    async (request, reply) => {
      const { secret, row } = await createEndpoint(
        db,
        app.services.secrets,
        app.config,
        request.caller.workspaceId,
        request.body,
      );
      return reply
        .status(201)
        .send({ success: true as const, secret, endpoint: toPublicEndpoint(row) });
    },
  );

  app.get(
    '/webhook-endpoints',
    {
      config,
      schema: {
        summary: 'List webhook endpoints',
        description:
          'The account’s endpoints, newest first; `disabledAt` is set on one Muse turned off after 5 days of failed deliveries.',
        operationId: 'listWebhookEndpoints',
        tags,
        response: { 200: ZWebhookEndpointsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      endpoints: (await listEndpoints(db, request.caller.workspaceId)).map(toPublicEndpoint),
    }),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      config,
      schema: {
        summary: 'Remove a webhook endpoint',
        description: 'Removes the endpoint and its deliveries; nothing more is sent to it.',
        operationId: 'deleteWebhookEndpoint',
        tags,
        params: ZEndpointParams,
        response: { 200: ZSuccess },
      },
    },
    async (request) => {
      await deleteEndpoint(db, request.caller.workspaceId, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      config,
      schema: {
        summary: 'List an endpoint’s deliveries',
        description:
          'The newest 50 deliveries to the endpoint: their status, tries, and the receiver’s last answer (its first 1000 characters) or why it could not be reached.',
        operationId: 'listWebhookDeliveries',
        tags,
        params: ZEndpointParams,
        response: { 200: ZWebhookDeliveriesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      deliveries: (await listDeliveries(db, request.caller.workspaceId, request.params.id)).map(
        toPublicDelivery,
      ),
    }),
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: {
        summary: 'Send a delivery again',
        description:
          'Queues one more try of the delivery, now, with the same `webhook-id` and body (signed again with a new timestamp). No retries follow it.',
        operationId: 'resendWebhookDelivery',
        tags,
        params: ZDeliveryParams,
        response: { 200: ZResendWebhookDeliveryResponse },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      const row = await resendDelivery(db, request.caller.workspaceId, id, deliveryId);
      return { success: true as const, delivery: toPublicDelivery(row) };
    },
  );
};
