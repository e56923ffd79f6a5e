/** The engines of generate-prompt (ENGINE_GENERATE_PROMPT): the code itself is in engines/local and engines/fal. */
import type { TToolEngines } from '../../engines/glue';
import type { TEngineTypes, TPromptResult } from '../../engines/types';

export const generatePromptEngines: TToolEngines<'generate-prompt'> = {
  localTraits: {},
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    'generate-prompt': TEngineTypes<TPromptResult>;
  }
}
