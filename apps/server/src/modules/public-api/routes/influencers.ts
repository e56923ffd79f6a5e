import {
  ZInfluencerFields,
  ZInfluencerResponse,
  ZLikenessStatementFields,
  ZInfluencersQuery,
  ZInfluencersResponse,
  ZPersonaResponse,
  ZStartTrainingResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../lib/errors';
import { parseFormFields } from '../../../lib/forms';
import {
  createInfluencer,
  deleteInfluencer,
  findInfluencer,
  influencerList,
  toPublicInfluencer,
  updateInfluencer,
} from '../../influencers/service';
import { enqueue, toPublicJob } from '../../jobs/service';
import { stateLikeness } from '../../personas/likeness';
import { addPhoto, getPersona, removePhoto } from '../../personas/service';
import { ZV1Success } from './common';

const ZParams = z.object({ id: z.string() });
const ZPhotoParams = z.object({ id: z.string(), photoId: z.string() });
const read = { scope: 'influencers:read' } as const;
const write = { scope: 'influencers:write' } as const;
const tags = ['Influencers'];

/** Influencers and their personas: photos with their checks, and training. */
export const v1InfluencerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;

  app.get(
    '/influencers',
    {
      config: read,
      schema: {
        operationId: 'listInfluencers',
        summary: 'List influencers',
        description: 'The account’s influencers, newest first, with the slots used and held.',
        tags,
        querystring: ZInfluencersQuery,
        response: { 200: ZInfluencersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await influencerList(db, files, request.caller.workspaceId, request.query)),
    }),
  );

  app.get(
    '/influencers/:id',
    {
      config: read,
      schema: {
        operationId: 'getInfluencer',
        summary: 'Get an influencer',
        tags,
        params: ZParams,
        response: { 200: ZInfluencerResponse },
      },
    },
    async (request) => ({
      success: true as const,
      influencer: toPublicInfluencer(
        await findInfluencer(db, request.caller.workspaceId, request.params.id),
        files,
      ),
    }),
  );

  app.post(
    '/influencers',
    {
      config: write,
      schema: {
        operationId: 'createInfluencer',
        summary: 'Create an influencer',
        description:
          'Takes one of the account’s influencer slots. Its persona is built from the photos added next, then trained.',
        tags,
        body: ZInfluencerFields,
        response: { 201: ZInfluencerResponse },
      },
    },
    async (request, reply) => {
      const row = await createInfluencer(db, deps, request.caller.workspaceId, request.body);
      return reply
        .status(201)
        .send({ success: true as const, influencer: toPublicInfluencer(row, files) });
    },
  );

  app.put(
    '/influencers/:id',
    {
      config: write,
      schema: {
        operationId: 'updateInfluencer',
        summary: 'Change an influencer',
        tags,
        params: ZParams,
        body: ZInfluencerFields,
        response: { 200: ZInfluencerResponse },
      },
    },
    async (request) => {
      const row = await updateInfluencer(
        db,
        deps,
        request.caller.workspaceId,
        request.params.id,
        request.body,
      );
      return { success: true as const, influencer: toPublicInfluencer(row, files) };
    },
  );

  app.delete(
    '/influencers/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteInfluencer',
        summary: 'Delete an influencer',
        tags,
        params: ZParams,
        response: { 200: ZV1Success },
      },
    },
    async (request) => {
      await deleteInfluencer(db, deps, request.caller.workspaceId, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/influencers/:id/persona',
    {
      config: read,
      schema: {
        operationId: 'getPersona',
        summary: 'Get an influencer’s persona',
        description: 'Its training photos with their checks, and where its training stands.',
        tags,
        params: ZParams,
        response: { 200: ZPersonaResponse },
      },
    },
    async (request) => ({
      success: true as const,
      persona: await getPersona(db, deps, request.caller.workspaceId, request.params.id),
    }),
  );

  app.post(
    '/influencers/:id/photos',
    {
      config: {
        ...write,
        multipart: {
          fileFields: ['photo'],
          requiredFiles: ['photo'],
          maxFiles: 1,
          fields: z.object({}),
        },
      },
      schema: {
        operationId: 'addPersonaPhoto',
        summary: 'Add a training photo',
        description:
          'One photo a call (JPEG, PNG, WebP or HEIC, at most 10 MB). The answer carries its check: one sharp, large enough face of the same person as the others, no repeat.',
        tags,
        params: ZParams,
        response: { 201: ZPersonaResponse },
      },
    },
    async (request, reply) => {
      const workspaceId = request.caller.workspaceId;
      const upload = request.form?.files[0];
      if (!upload) throw badRequest('Choose a photo first', 'INVALID_REQUEST', { field: 'photo' });
      await addPhoto(db, deps, workspaceId, request.params.id, upload.data, request.caller.userId);
      return reply.status(201).send({
        success: true as const,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      });
    },
  );

  app.delete(
    '/influencers/:id/photos/:photoId',
    {
      config: write,
      schema: {
        operationId: 'removePersonaPhoto',
        summary: 'Remove a training photo',
        tags,
        params: ZPhotoParams,
        response: { 200: ZPersonaResponse },
      },
    },
    async (request) => {
      const workspaceId = request.caller.workspaceId;
      await removePhoto(db, deps, workspaceId, request.params.id, request.params.photoId);
      return {
        success: true as const,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      };
    },
  );

  app.post(
    '/influencers/:id/likeness',
    {
      config: {
        ...write,
        multipart: {
          fileFields: ['document'],
          maxFiles: 1,
          fields: ZLikenessStatementFields,
        },
      },
      schema: {
        operationId: 'stateLikeness',
        summary: 'State whose likeness the photos show',
        description:
          '`statement` is `self` (the photos are of the account’s owner), `consent` (the written consent of the person shown, sent as `document`: PDF, JPEG or PNG, at most 10 MB) or `synthetic`. Training waits for a statement, and for `consent` for its document. A new statement replaces the current one; earlier ones are kept.',
        tags,
        params: ZParams,
        response: { 201: ZPersonaResponse },
      },
    },
    async (request, reply) => {
      const workspaceId = request.caller.workspaceId;
      const form = request.form!;
      const { statement } = parseFormFields(ZLikenessStatementFields, form);
      await stateLikeness(
        db,
        deps,
        workspaceId,
        request.params.id,
        statement,
        form.files[0] ?? null,
        request.caller.userId,
      );
      return reply.status(201).send({
        success: true as const,
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      });
    },
  );

  app.post(
    '/influencers/:id/training',
    {
      config: write,
      schema: {
        operationId: 'trainPersona',
        summary: 'Train the persona',
        description:
          'Spends one model token. The job’s progress is read from GET /jobs/{id}; `persona.trained` or `persona.training_failed` is sent when it ends.',
        tags,
        params: ZParams,
        response: { 202: ZStartTrainingResponse },
      },
    },
    async (request, reply) => {
      const workspaceId = request.caller.workspaceId;
      const [job] = await enqueue(
        db,
        deps,
        workspaceId,
        'train-persona',
        { fields: { influencerId: request.params.id } },
        { userId: request.caller.userId, apiKeyId: request.caller.apiKey?.id ?? null },
      );
      return reply.status(202).send({
        success: true as const,
        job: toPublicJob(job!, files),
        persona: await getPersona(db, deps, workspaceId, request.params.id),
      });
    },
  );
};
