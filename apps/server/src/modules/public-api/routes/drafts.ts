import { ZDraftRequest, ZJobResponse, ZVoiceProfile, ZVoiceProfileResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getVoiceProfile, saveVoiceProfile } from '../../drafts/voice-profile';
import { enqueue, toPublicJob } from '../../jobs/service';

const ZParams = z.object({ id: z.string() });

/** Drafts in a persona's words, and its voice profile (docs/product/drafts.md). */
export const v1DraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;

  app.post(
    '/drafts',
    {
      config: { scope: 'tools:run' },
      schema: {
        operationId: 'createDraft',
        summary: 'Write a draft in an influencer’s words',
        description:
          'Captions for a post’s pictures (one per target, within each platform’s limits), a persona’s bio, a prompt, or a voice profile. A job: its `draft` holds the result once it has succeeded (`job.succeeded` is sent). Free and `preview` where Muse writes from its own templates.',
        tags: ['Drafts'],
        body: ZDraftRequest,
        response: { 201: ZJobResponse },
      },
    },
    async (request, reply) => {
      const [row] = await enqueue(
        db,
        deps,
        request.caller.workspaceId,
        'write-text',
        { fields: request.body },
        { userId: request.caller.userId, apiKeyId: request.caller.apiKey?.id ?? null },
      );
      return reply.status(201).send({ success: true as const, job: toPublicJob(row!, deps.files) });
    },
  );

  app.get(
    '/influencers/:id/voice-profile',
    {
      config: { scope: 'influencers:read' },
      schema: {
        operationId: 'getVoiceProfile',
        summary: 'Read how an influencer writes',
        tags: ['Drafts'],
        params: ZParams,
        response: { 200: ZVoiceProfileResponse },
      },
    },
    async (request) => ({
      success: true as const,
      profile: await getVoiceProfile(db, request.caller.workspaceId, request.params.id),
    }),
  );

  app.put(
    '/influencers/:id/voice-profile',
    {
      config: { scope: 'influencers:write' },
      schema: {
        operationId: 'setVoiceProfile',
        summary: 'Set how an influencer writes',
        description: 'Every draft in the influencer’s name follows it.',
        tags: ['Drafts'],
        params: ZParams,
        body: ZVoiceProfile,
        response: { 200: ZVoiceProfileResponse },
      },
    },
    async (request) => ({
      success: true as const,
      profile: await saveVoiceProfile(
        db,
        request.caller.workspaceId,
        request.params.id,
        request.body,
      ),
    }),
  );
};
