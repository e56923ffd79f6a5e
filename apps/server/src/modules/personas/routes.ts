import {
  ZIdentityScore,
  ZLikenessStatementFields,
  ZPersonaResponse,
  ZSelfieMatchResponse,
  ZStartTrainingResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { parseFormFields } from '../../lib/forms';
import { readMultipartForm } from '../../lib/multipart';
import { enqueue, toPublicJob } from '../jobs/service';
import { consentDocument, stateLikeness, verifySelfie } from './likeness';
import { addPhoto, getPersona, removePhoto, scoreImage } from './service';

const ZParams = z.object({ id: z.string() });
const ZPhotoParams = z.object({ id: z.string(), photoId: z.string() });

/**
 * An influencer's persona: photos and their checks, whose likeness they show, training, identity
 * scores.
 */
export const personaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;

  app.get(
    '/influencers/:id/persona',
    { schema: { params: ZParams, response: { 200: ZPersonaResponse } } },
    async (request) => ({
      success: true as const,
      persona: await getPersona(db, deps, request.workspace.id, request.params.id),
    }),
  );

  // One photo a request: each answers with its verdict while the next one uploads.
  app.post(
    '/influencers/:id/photos',
    { config: { right: 'edit' }, schema: { params: ZParams, response: { 201: ZPersonaResponse } } },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      const form = await readMultipartForm(request, { fileFields: ['photo'], maxFiles: 1 });
      const upload = form.files[0];
      if (!upload) throw badRequest('Choose a photo first');
      await addPhoto(db, deps, workspaceId, request.params.id, upload.data, request.auth.user.id);
      return reply.status(201).send({
        success: true as const,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      });
    },
  );

  app.delete(
    '/influencers/:id/photos/:photoId',
    {
      config: { right: 'edit' },
      schema: { params: ZPhotoParams, response: { 200: ZPersonaResponse } },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      await removePhoto(db, deps, workspaceId, request.params.id, request.params.photoId);
      return {
        success: true as const,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      };
    },
  );

  app.post(
    '/influencers/:id/training',
    {
      config: { right: 'spend' },
      schema: { params: ZParams, response: { 202: ZStartTrainingResponse } },
    },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      const [job] = await enqueue(
        db,
        deps,
        workspaceId,
        'train-persona',
        { fields: { influencerId: request.params.id } },
        { userId: request.auth.user.id },
      );
      return reply.status(202).send({
        success: true as const,
        job: toPublicJob(job!, deps.files),
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      });
    },
  );

  app.post(
    '/influencers/:id/score',
    { config: { right: 'view' }, schema: { params: ZParams, response: { 200: ZIdentityScore } } },
    async (request) => {
      const form = await readMultipartForm(request, { fileFields: ['image'], maxFiles: 1 });
      const image = form.files[0];
      if (!image) throw badRequest('Choose an image first');
      const result = await scoreImage(
        db,
        deps,
        request.workspace.id,
        request.params.id,
        image.data,
      );
      return { success: true as const, ...result };
    },
  );

  // Whose likeness the photos show (docs/product/personas.md, 'Whose likeness').
  app.post(
    '/influencers/:id/likeness',
    { config: { right: 'edit' }, schema: { params: ZParams, response: { 201: ZPersonaResponse } } },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      const form = await readMultipartForm(request, { fileFields: ['document'], maxFiles: 1 });
      const { statement } = parseFormFields(ZLikenessStatementFields, form);
      await stateLikeness(
        db,
        deps,
        workspaceId,
        request.params.id,
        statement,
        form.files[0] ?? null,
        request.auth.user.id,
      );
      return reply.status(201).send({
        success: true as const,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      });
    },
  );

  // The selfie is read for its face and dropped: nothing of it is stored but the match score.
  app.post(
    '/influencers/:id/likeness/selfie',
    {
      config: { right: 'edit' },
      schema: { params: ZParams, response: { 200: ZSelfieMatchResponse } },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      const form = await readMultipartForm(request, { fileFields: ['selfie'], maxFiles: 1 });
      const selfie = form.files[0];
      if (!selfie)
        throw badRequest('Choose a selfie first', 'INVALID_REQUEST', { field: 'selfie' });
      const match = await verifySelfie(db, deps, workspaceId, request.params.id, selfie.data);
      return {
        success: true as const,
        ...match,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      };
    },
  );

  // The consent document goes back to the signed-in owner only, never through a signed link.
  app.get(
    '/influencers/:id/likeness/document',
    { schema: { params: ZParams } },
    async (request, reply) => {
      const document = await consentDocument(db, deps, request.workspace.id, request.params.id);
      return reply
        .header('content-type', document.type)
        .header('content-length', document.size)
        .header(
          'content-disposition',
          `attachment; filename="${asciiName(document.name)}"; filename*=UTF-8''${encodeURIComponent(document.name)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(document.stream);
    },
  );
};

/** The download's plain file name, for clients that do not read `filename*`. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}
