/** The engines of talking-video (ENGINE_TALKING_VIDEO): the code itself is in engines/local and engines/fal. */
import { createFalTalkingVideoEngine } from '../../engines/fal/talking-video';
import type { TToolEngines } from '../../engines/glue';
import type { TEngineTypes, TTalkingVideo, TTalkingVoice } from '../../engines/types';

export const talkingVideoEngines: TToolEngines<'talking-video'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalTalkingVideoEngine(fal, waiting),
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /**
     * The input is the picture of the persona (PNG); extras: the uploaded audio (WAV, 16-bit
     * mono; null to speak the script) and the persona's voice.
     */
    'talking-video': TEngineTypes<
      TTalkingVideo,
      { audio: Uint8Array | null; voice: TTalkingVoice },
      { readonly preview: boolean }
    >;
  }
}
