/** The engines of face-swap (ENGINE_FACE_SWAP): the code itself is in engines/local and engines/fal. */
import { createFalFaceSwapEngine } from '../../engines/fal/face-swap';
import type { TToolEngines } from '../../engines/glue';

export const faceSwapEngines: TToolEngines<'face-swap'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalFaceSwapEngine(fal, waiting),
};
