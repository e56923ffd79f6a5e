/** The engines of face-swap (ENGINE_FACE_SWAP): the code itself is in engines/local and engines/fal. */
import { createFalFaceSwapEngine } from '../../engines/fal/face-swap';
import type { TToolEngines } from '../../engines/glue';
import type { TEncodedVideo, TEngineTypes } from '../../engines/types';

export const faceSwapEngines: TToolEngines<'face-swap'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalFaceSwapEngine(fal, waiting),
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /** The input is the uploaded clip (MP4, MOV or WEBM, checked); extras: the face to put in it. */
    'face-swap': TEngineTypes<
      TEncodedVideo,
      { personaPhoto: Uint8Array },
      { readonly preview: boolean }
    >;
  }
}
