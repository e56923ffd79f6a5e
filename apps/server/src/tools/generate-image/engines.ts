/** The engines of generate-image (ENGINE_GENERATE_IMAGE): the code itself is in engines/local and engines/fal. */
import { createFalGenerateEngine } from '../../engines/fal/generate';
import type { TToolEngines } from '../../engines/glue';
import type { TEngineTypes, TGeneratedImage, TPersonaRef } from '../../engines/types';

export const generateImageEngines: TToolEngines<'generate-image'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting, storage }) => createFalGenerateEngine(fal, { storage, ...waiting }),
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /** Traits: an offline preview (classic image processing, free) rather than a generative model. */
    'generate-image': TEngineTypes<
      TGeneratedImage,
      { persona: TPersonaRef | null },
      { readonly preview: boolean }
    >;
  }
}
