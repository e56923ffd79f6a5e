/** The engines of upscale (ENGINE_UPSCALE): the code itself is in engines/local and engines/fal. */
import type { TToolEngines } from '../../engines/glue';

export const upscaleEngines: TToolEngines<'upscale'> = {
  localTraits: {},
};
