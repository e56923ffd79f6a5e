/** The engines of generate-video (ENGINE_GENERATE_VIDEO): the code itself is in engines/local and engines/fal. */
import { createFalVideoEngine } from '../../engines/fal/video';
import type { TToolEngines } from '../../engines/glue';
import type { TEncodedVideo, TEngineTypes } from '../../engines/types';

export const generateVideoEngines: TToolEngines<'generate-video'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalVideoEngine(fal, waiting),
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /** The input is the still (PNG) to animate; traits: whether the engine makes offline previews. */
    'generate-video': TEngineTypes<TEncodedVideo, object, { readonly preview: boolean }>;
  }
}
