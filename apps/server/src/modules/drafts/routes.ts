import {
  DRAFT_TEXTS,
  ZDraftRequest,
  ZGenerateInfluencerRequest,
  ZGenerateInfluencerResponse,
  ZJobResponse,
  ZVoiceProfile,
  ZVoiceProfileResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { enqueue, toPublicJob } from '../jobs/service';
import { waitForJob } from './wait';
import { getVoiceProfile, saveVoiceProfile } from './voice-profile';

const ZParams = z.object({ id: z.string() });

/**
 * Drafts in a persona's words (docs/product/drafts.md): POST /api/drafts queues one (a job of
 * the write-text task, answered at once; its result arrives like every job's), and a persona's
 * voice profile is read, saved and removed here. The influencer form's 'Generate with AI'
 * (POST /influencers/generate, docs/product/api.md) is a draft too.
 */
export const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;

  app.post(
    '/drafts',
    {
      config: { right: 'spend' },
      schema: { body: ZDraftRequest, response: { 201: ZJobResponse } },
    },
    async (request, reply) => {
      const [row] = await enqueue(
        db,
        deps,
        request.workspace.id,
        'write-text',
        { fields: request.body },
        { userId: request.auth.user.id },
      );
      return reply.status(201).send({ success: true as const, job: toPublicJob(row!, deps.files) });
    },
  );

  app.get(
    '/influencers/:id/voice-profile',
    { schema: { params: ZParams, response: { 200: ZVoiceProfileResponse } } },
    async (request) => ({
      success: true as const,
      profile: await getVoiceProfile(db, request.workspace.id, request.params.id),
    }),
  );

  app.put(
    '/influencers/:id/voice-profile',
    {
      config: { right: 'edit' },
      schema: { params: ZParams, body: ZVoiceProfile, response: { 200: ZVoiceProfileResponse } },
    },
    async (request) => ({
      success: true as const,
      profile: await saveVoiceProfile(db, request.workspace.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/influencers/:id/voice-profile',
    {
      config: { right: 'edit' },
      schema: { params: ZParams, response: { 200: ZVoiceProfileResponse } },
    },
    async (request) => ({
      success: true as const,
      profile: await saveVoiceProfile(db, request.workspace.id, request.params.id, null),
    }),
  );

  app.post(
    '/influencers/generate',
    {
      config: { right: 'edit' },
      schema: { body: ZGenerateInfluencerRequest, response: { 200: ZGenerateInfluencerResponse } },
    },
    async (request) => {
      // Offline, Muse's templates answer at once, free. A text engine's draft is a job like
      // every draft (paid, refunded on failure), waited for here.
      if (deps.text.preview)
        return {
          success: true as const,
          influencer: await deps.personaWriter.write(request.body.niche),
        };
      const workspaceId = request.workspace.id;
      const [queued] = await enqueue(
        db,
        deps,
        workspaceId,
        'write-text',
        { fields: { kind: 'persona', niche: request.body.niche } },
        { userId: request.auth.user.id },
      );
      const job = await waitForJob(
        db,
        app.jobEvents,
        workspaceId,
        queued!.id,
        app.config.TEXT_TIMEOUT_MS * 2 + 30_000,
      );
      if (job.draft?.kind !== 'persona')
        throw new AppError(502, job.failureReason ?? DRAFT_TEXTS.draftFailed, 'DRAFT_FAILED');
      return { success: true as const, influencer: job.draft.persona };
    },
  );
};
