/** The engines of generate-image (ENGINE_GENERATE_IMAGE): the code itself is in engines/local and engines/fal. */
import { createFalGenerateEngine } from '../../engines/fal/generate';
import type { TToolEngines } from '../../engines/glue';

export const generateImageEngines: TToolEngines<'generate-image'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting, storage }) => createFalGenerateEngine(fal, { storage, ...waiting }),
};
