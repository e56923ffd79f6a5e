/**
 * Running Generate Video, face swap and product shots (docs/product/video-and-products.md). The
 * engine is told what it needs as it is now (the persona's best reference photo, the product's
 * name), and the result goes through the safety check, its likeness to the persona, storage and
 * the gallery (gallery/record.ts). A persona or product deleted while the job waited fails it,
 * refunded.
 */
import { buffer } from 'node:stream/consumers';
import { VIDEO_TEXTS, type TJobRequest } from '@muse/shared';
import type { TDatabase } from '../../db/client';
import type { jobs } from '../../db/schema';
import type { TEngines } from '../../engines';
import type { TRunContext } from '../../engines/types';
import { AppError } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import { keepInGallery, type TGalleryDeps } from '../gallery/record';
import { bestReference, personaForJob } from '../generate/service';
import type { TInfluencerView } from '../influencers/service';
import type { TExecution } from '../jobs/outputs';
import { JobFailure } from '../jobs/queue';
import { runTool } from '../jobs/tools';
import { productForShot } from '../products/service';

type TJobRow = typeof jobs.$inferSelect;
export type TMediaRequest = Extract<
  TJobRequest,
  { tool: 'generate-video' | 'face-swap' | 'product-shot' }
>;
export type TMediaDeps = TGalleryDeps & { engines: TEngines };

/** A 404 while the job ran means its persona or product was deleted after it was queued. */
function goneAs(reason: string) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.statusCode === 404) throw new JobFailure(reason);
    throw error;
  };
}

/** The persona of a job, and the bytes of its best reference photo. */
async function personaWithPhoto(
  db: TDatabase,
  storage: TStorage,
  userId: string,
  influencerId: string,
) {
  const { persona, influencer } = await personaForJob(db, userId, influencerId).catch(
    goneAs(VIDEO_TEXTS.influencerGone),
  );
  const reference = influencer ? await bestReference(db, influencer.id) : null;
  const stored = reference ? await storage.get(reference.key) : null;
  if (!persona || !influencer || !stored) throw new JobFailure(VIDEO_TEXTS.personaNotReady);
  return { persona, influencer, photo: new Uint8Array(await buffer(stored.stream)) };
}

export async function runMediaTool(
  db: TDatabase,
  deps: TMediaDeps,
  row: TJobRow,
  request: TMediaRequest,
  input: Buffer,
  context: TRunContext,
): Promise<TExecution> {
  const { userId } = row;
  const keep = (
    result: Awaited<ReturnType<typeof runTool>>,
    influencer: TInfluencerView | null,
    prompt: string,
    productId?: string,
  ) =>
    keepInGallery(
      db,
      deps,
      row,
      result,
      { tool: request.tool, influencer, prompt, productId: productId ?? null },
      context,
    );

  switch (request.tool) {
    case 'generate-video': {
      const { tool, ...options } = request;
      // The persona only scores the clip: a deleted one leaves it unscored, not failed.
      const { influencer } = await personaForJob(db, userId, options.influencerId).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return { influencer: null };
          throw error;
        },
      );
      const result = await runTool(tool, options, {}, deps.engines, input, context);
      return keep(result, influencer, options.prompt);
    }
    case 'face-swap': {
      const { tool, ...options } = request;
      const { influencer, photo } = await personaWithPhoto(
        db,
        deps.storage,
        userId,
        options.influencerId,
      );
      const result = await runTool(
        tool,
        options,
        { personaPhoto: photo },
        deps.engines,
        input,
        context,
      );
      return keep(result, influencer, `Face swap with ${influencer.name}`);
    }
    case 'product-shot': {
      const { tool, ...options } = request;
      const product = await productForShot(db, userId, options.productId).catch(
        goneAs(VIDEO_TEXTS.productGone),
      );
      const { persona, influencer, photo } = await personaWithPhoto(
        db,
        deps.storage,
        userId,
        options.influencerId,
      );
      const result = await runTool(
        tool,
        options,
        {
          persona,
          personaPhoto: photo,
          product: { name: product.name, description: product.description },
        },
        deps.engines,
        input,
        context,
      );
      return keep(result, influencer, options.prompt, product.id);
    }
  }
}
