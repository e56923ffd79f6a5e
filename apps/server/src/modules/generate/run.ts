/**
 * Running one generated image (docs/product/generate.md): the engine is told the persona as it
 * is now, and the image goes through the safety check, its likeness, storage and the gallery
 * (gallery/record.ts).
 */
import { GENERATE_TEXTS, type TGenerateOptions } from '@muse/shared';
import type { TDatabase } from '../../db/client';
import type { jobs } from '../../db/schema';
import type { TEngines } from '../../engines';
import type { TRunContext } from '../../engines/types';
import { AppError } from '../../lib/errors';
import { keepInGallery, type TGalleryDeps } from '../gallery/record';
import type { TExecution } from '../jobs/outputs';
import { JobFailure } from '../jobs/queue';
import { runTool } from '../jobs/tools';
import { personaForJob } from './service';

type TJobRow = typeof jobs.$inferSelect;

export type TGenerationDeps = TGalleryDeps & { engines: TEngines };

export async function runGeneration(
  db: TDatabase,
  deps: TGenerationDeps,
  row: TJobRow,
  options: TGenerateOptions,
  input: Buffer,
  context: TRunContext,
): Promise<TExecution> {
  const { persona, influencer } = await personaForJob(db, row.userId, options.influencerId).catch(
    (error: unknown) => {
      // The influencer was deleted after the job was queued.
      if (error instanceof AppError && error.statusCode === 404)
        throw new JobFailure(GENERATE_TEXTS.influencerGone);
      throw error;
    },
  );
  const result = await runTool(
    'generate-image',
    options,
    { persona },
    deps.engines,
    input,
    context,
  );
  return keepInGallery(
    db,
    deps,
    row,
    result,
    { tool: 'generate-image', influencer, prompt: options.prompt },
    context,
  );
}
