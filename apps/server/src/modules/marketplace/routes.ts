import { buffer } from 'node:stream/consumers';
import {
  CLAIM_TEXTS,
  LICENCE_TERMS,
  MARKETPLACE_IMAGE_SIZES,
  type TMarketplaceModelsResponse,
  ZMarketplaceClaimsResponse,
  ZMarketplaceModelResponse,
  ZMarketplaceModelsResponse,
  ZInfluencerResponse,
  ZIntIdParam,
  ZClaimRequest,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { toPublicInfluencer } from '../influencers/service';
import { claimModel, listClaims, type TAcceptedTerms } from './claims';
import { sendPrecompressed } from '../../lib/precompressed';
import { marketplaceChanged } from './list-cache';
import { getMarketplaceModel, readPortrait } from './service';

/** Model ids are `integer` keys: anything outside 1–2147483647 is refused before any query. */
const ZModelParams = z.object({ id: ZIntIdParam });

/** The public marketplace: models with their claim counts, and their portraits. */
export const marketplacePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const list = app.marketplaceList;

  app.get(
    '/marketplace/models',
    { schema: { response: { 200: ZMarketplaceModelsResponse, 304: z.null() } } },
    async (request, reply) => {
      // Already encoded and compressed by the same schema, once per change of the list
      // (list-cache.ts): Fastify sends the bytes as they are.
      const answer = await list.get();
      return sendPrecompressed(
        request,
        reply,
        answer,
        'application/json; charset=utf-8',
      ) as unknown as TMarketplaceModelsResponse;
    },
  );

  app.get(
    '/marketplace/models/:id',
    { schema: { params: ZModelParams, response: { 200: ZMarketplaceModelResponse } } },
    async (request) => {
      const model = await getMarketplaceModel(db, request.params.id);
      if (!model) throw notFound('This model does not exist', 'MODEL_NOT_FOUND');
      return { success: true as const, model };
    },
  );

  app.get(
    '/marketplace/models/:id/images/:position',
    {
      schema: {
        params: ZModelParams.extend({ position: z.coerce.number().int().min(0).max(20) }),
        querystring: z.object({
          size: z.enum(MARKETPLACE_IMAGE_SIZES).default('card'),
          v: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { id, position } = request.params;
      const file = await readPortrait(db, app.services.storage, id, position, request.query.size);
      if (!file) throw notFound('This image does not exist', 'MODEL_NOT_FOUND');
      // Portraits are a few dozen kilobytes: sent whole, no half-read file stays open.
      const image = await buffer(file.stream);
      return (
        reply
          .type(file.contentType)
          // The address carries the image version, so the bytes behind it never change.
          .header(
            'cache-control',
            request.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          .send(image)
      );
    },
  );
};

/**
 * The licence terms a claim accepts: the current version, or the claim is refused before
 * anything is taken (docs/product/marketplace.md, 'Licence terms').
 */
function acceptedTerms(body: unknown): TAcceptedTerms {
  const parsed = ZClaimRequest.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(CLAIM_TEXTS.termsRequired, 'TERMS_NOT_ACCEPTED');
  if (parsed.data.termsVersion !== LICENCE_TERMS.version)
    throw badRequest(CLAIM_TEXTS.termsChanged, 'TERMS_NOT_ACCEPTED');
  return { version: LICENCE_TERMS.version, acceptedAt: new Date() };
}

/** Claiming takes a licence and an influencer slot: signed-in creators only. */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/marketplace/claims',
    { schema: { response: { 200: ZMarketplaceClaimsResponse } } },
    async (request) => ({
      success: true as const,
      claims: await listClaims(db, request.workspace.id),
    }),
  );

  app.post(
    '/marketplace/models/:id/claim',
    {
      config: { right: 'spend' },
      schema: { params: ZModelParams, response: { 201: ZInfluencerResponse } },
    },
    async (request, reply) => {
      const { services } = app;
      const terms = acceptedTerms(request.body);
      const influencer = await claimModel(
        db,
        services,
        services.personaWriter,
        request.workspace.id,
        request.params.id,
        terms,
      );
      // The claim has committed: this process's list shows it from the next request on.
      marketplaceChanged();
      return reply.status(201).send({
        success: true as const,
        influencer: toPublicInfluencer(influencer, services.files),
      });
    },
  );
};
