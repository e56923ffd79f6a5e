/** The engines of generate-video (ENGINE_GENERATE_VIDEO): the code itself is in engines/local and engines/fal. */
import { createFalVideoEngine } from '../../engines/fal/video';
import { createLocalVideoEngine } from '../../engines/local/video/motion-clip';
import type { TToolEngines } from '../../engines/types';

export const generateVideoEngines: TToolEngines<'generate-video'> = {
  local: () => createLocalVideoEngine(),
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalVideoEngine(fal, waiting),
};
