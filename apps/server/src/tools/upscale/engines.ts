/** The engines of upscale (ENGINE_UPSCALE): the code itself is in engines/local and engines/fal. */
import type { TToolEngines } from '../../engines/glue';
import type { TEncodedImage, TEngineTypes } from '../../engines/types';

export const upscaleEngines: TToolEngines<'upscale'> = {
  localTraits: {},
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /** Always 4x: exactly 4 × the input's width and height, as PNG. */
    upscale: TEngineTypes<TEncodedImage>;
  }
}
