/** The engines of upscale (ENGINE_UPSCALE): the code itself is in engines/local and engines/fal. */
import { createLocalUpscaleEngine } from '../../engines/local/upscale';
import type { TToolEngines } from '../../engines/types';

export const upscaleEngines: TToolEngines<'upscale'> = {
  local: ({ choice }) => createLocalUpscaleEngine({ threads: choice.upscaleThreads }),
  localTraits: {},
};
