/** The engines of generate-video (ENGINE_GENERATE_VIDEO): the code itself is in engines/local and engines/fal. */
import { createFalVideoEngine } from '../../engines/fal/video';
import type { TToolEngines } from '../../engines/glue';

export const generateVideoEngines: TToolEngines<'generate-video'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalVideoEngine(fal, waiting),
};
