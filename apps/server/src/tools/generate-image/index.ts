/**
 * Generate (docs/product/generate.md): new photos of a persona, one job per image. A request for
 * N images checks the plan, picks the persona's best reference photo, and writes, pays for and
 * queues all N jobs in one transaction: all are queued and paid for, or none is. A job made by
 * the offline engine is an 'Offline preview' and costs nothing. Running one, the engine is told
 * the persona as it is now, and the image goes through the safety check, its likeness, storage
 * and the gallery (gallery/record.ts).
 */
import { randomInt } from 'node:crypto';
import { GENERATE_TEXTS, SEED_MAX, ZGenerateRequest, type TGenerateOptions } from '@muse/shared';
import type { TJobFileRow } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { jobSpendDescription } from '../../modules/billing/ledger';
import { keepInGallery } from '../../modules/gallery/record';
import { findInfluencer, personaState } from '../../modules/influencers/service';
import { named } from '../../modules/jobs/outputs';
import { JobFailure } from '../../modules/jobs/queue';
import { admit, storedOptions, type TToolServer } from '../../modules/jobs/tool';
import { bestReference, personaForJob } from '../../modules/personas/reference';

/** The seeds of a batch: the chosen one counting up, or a random one per image. */
function batchSeeds(seed: number | null, count: number): number[] {
  return Array.from({ length: count }, (_, index) =>
    seed === null ? randomInt(0, SEED_MAX) : (seed + index) % (SEED_MAX + 1),
  );
}

export const generateImage: TToolServer<'generate-image'> = {
  key: 'generate-image',
  ownRoute: GENERATE_TEXTS.onlyThroughGenerate,

  /** POST /api/generations: one job per image asked for, paid for at once (or refused). */
  plan: async (context, { fields }) => {
    const { db, deps, workspaceId } = context;
    const parsed = ZGenerateRequest.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid options');
    const request = parsed.data;
    // An offline preview is free; a hosted image costs its credits (the ledger refuses a short
    // balance).
    const cost = await admit(context, 'generate-image', request.count);
    return {
      count: request.count,
      prepare: async () => {
        let input: TJobFileRow | null = null;
        if (request.influencerId) {
          const influencer = await findInfluencer(db, workspaceId, request.influencerId);
          if (!personaState(influencer).ready)
            throw badRequest(GENERATE_TEXTS.notReady, 'PERSONA_NOT_READY');
          input = await bestReference(db, influencer.id);
          if (!input) throw badRequest(GENERATE_TEXTS.notReady, 'PERSONA_NOT_READY');
        }
        const jobs = batchSeeds(request.seed, request.count).map((seed) => {
          const options: TGenerateOptions = {
            influencerId: request.influencerId,
            prompt: request.prompt,
            style: request.style,
            aspectRatio: request.aspectRatio,
            seed,
          };
          return { options, input };
        });
        return {
          jobs,
          spend: {
            currency: 'credits',
            amount: cost,
            description: jobSpendDescription('generate-image', request.prompt),
          },
          cost,
          engine: deps.engines['generate-image'].name,
        };
      },
    };
  },

  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('generate-image', row);
    const { persona, influencer } = await personaForJob(
      db,
      row.workspaceId,
      options.influencerId,
    ).catch((error: unknown) => {
      // The influencer was deleted after the job was queued.
      if (error instanceof AppError && error.statusCode === 404)
        throw new JobFailure(GENERATE_TEXTS.influencerGone);
      throw error;
    });
    const image = await deps.engines['generate-image'].run(input, { ...options, persona }, run);
    const result = {
      outputs: [named(image, `muse-generated-${image.seed ?? options.seed}`)],
      details: { seed: image.seed ?? options.seed },
    };
    return keepInGallery(
      db,
      deps,
      row,
      result,
      {
        tool: 'generate-image',
        influencer,
        prompt: options.prompt,
        // The persona's reference photo guides the engine; the picture is a new one.
        provenance: { action: 'created', parent: null },
      },
      run,
    );
  },
};
