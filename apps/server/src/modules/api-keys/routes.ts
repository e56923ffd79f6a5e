import { ZApiKeysResponse, ZCreateApiKeyRequest, ZCreateApiKeyResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey, toPublicApiKey } from './service';

const ZParams = z.object({ id: z.string() });
const ZSuccess = z.object({ success: z.literal(true) });

/**
 * The Settings page's keys: in the protected scope, so only a signed-in session reaches them
 * (a key is refused there before any route runs: a key cannot make or revoke keys).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/api-keys',
    {
      config: { right: 'developers' },
      schema: { body: ZCreateApiKeyRequest, response: { 201: ZCreateApiKeyResponse } },
    },
    async (request, reply) => {
      const { key, row } = await createApiKey(
        db,
        request.workspace.id,
        request.auth.user.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, key, apiKey: toPublicApiKey(row) });
    },
  );

  app.get('/api-keys', { schema: { response: { 200: ZApiKeysResponse } } }, async (request) => ({
    success: true as const,
    apiKeys: (await listApiKeys(db, request.workspace.id)).map(toPublicApiKey),
  }));

  app.delete(
    '/api-keys/:id',
    { config: { right: 'developers' }, schema: { params: ZParams, response: { 200: ZSuccess } } },
    async (request) => {
      await revokeApiKey(db, request.workspace.id, request.params.id);
      return { success: true as const };
    },
  );
};
