/** The engines of edit-image (ENGINE_EDIT_IMAGE): the code itself is in engines/local and engines/fal. */
import { createFalEditEngine } from '../../engines/fal/edit';
import type { TToolEngines } from '../../engines/glue';
import type { TEngineTypes, TGeneratedImage } from '../../engines/types';

export const editImageEngines: TToolEngines<'edit-image'> = {
  // The local engine cannot edit from words: it reframes and converts.
  localTraits: { generative: false },
  fal: ({ fal, waiting }) => createFalEditEngine(fal, waiting),
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /** Traits: whether the engine can make generative changes from `prompt` (the local engine cannot). */
    'edit-image': TEngineTypes<TGeneratedImage, object, { readonly generative: boolean }>;
  }
}
