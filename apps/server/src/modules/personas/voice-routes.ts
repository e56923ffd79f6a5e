import {
  CONSENT_DOCUMENT,
  VOICE_RECORDING,
  ZPersonaVoiceResponse,
  ZStockVoiceRequest,
  ZVoiceRecordingFields,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFormFields } from '../../lib/forms';
import { readMultipartForm } from '../../lib/multipart';
import { chooseStockVoice, cloneVoice, getVoice, removeVoice, voiceSample } from './voice';

const ZParams = z.object({ id: z.string() });

/**
 * A persona's voice (docs/product/talking-video.md): a stock voice chosen, or one cloned from a
 * recording with whose voice it is; the sample 'Hear <name>' plays.
 */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const answer = async (workspaceId: string, id: string) => ({
    success: true as const,
    voice: await getVoice(db, workspaceId, id),
  });

  app.get(
    '/influencers/:id/voice',
    { schema: { params: ZParams, response: { 200: ZPersonaVoiceResponse } } },
    async (request) => answer(request.workspace.id, request.params.id),
  );

  app.put(
    '/influencers/:id/voice',
    {
      config: { right: 'edit' },
      schema: {
        params: ZParams,
        body: ZStockVoiceRequest,
        response: { 200: ZPersonaVoiceResponse },
      },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      await chooseStockVoice(db, deps, workspaceId, request.params.id, request.body.stockVoice);
      return answer(workspaceId, request.params.id);
    },
  );

  app.post(
    '/influencers/:id/voice/recording',
    {
      config: { right: 'edit' },
      schema: { params: ZParams, response: { 201: ZPersonaVoiceResponse } },
    },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      const form = await readMultipartForm(request, {
        fileFields: ['recording', 'document'],
        maxFiles: 2,
        maxBytes: { recording: VOICE_RECORDING.maxBytes, document: CONSENT_DOCUMENT.maxBytes },
      });
      const { statement } = parseFormFields(ZVoiceRecordingFields, form);
      await cloneVoice(db, deps, workspaceId, request.params.id, {
        statement,
        recording: form.files.find((file) => file.field === 'recording') ?? null,
        document: form.files.find((file) => file.field === 'document') ?? null,
        actorId: request.auth.user.id,
      });
      return reply.status(201).send(await answer(workspaceId, request.params.id));
    },
  );

  app.delete(
    '/influencers/:id/voice',
    {
      config: { right: 'edit' },
      schema: { params: ZParams, response: { 200: ZPersonaVoiceResponse } },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      await removeVoice(db, deps, workspaceId, request.params.id);
      return answer(workspaceId, request.params.id);
    },
  );

  // The sample plays for the workspace's members only: a voice is a likeness of its own.
  app.get(
    '/influencers/:id/voice/sample',
    { schema: { params: ZParams } },
    async (request, reply) => {
      const sample = await voiceSample(db, deps, request.workspace.id, request.params.id);
      return reply
        .header('content-type', 'audio/wav')
        .header('content-length', sample.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(sample.stream);
    },
  );
};
