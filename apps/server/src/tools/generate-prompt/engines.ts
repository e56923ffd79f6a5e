/** The engines of generate-prompt (ENGINE_GENERATE_PROMPT): the code itself is in engines/local and engines/fal. */
import type { TToolEngines } from '../../engines/glue';

export const generatePromptEngines: TToolEngines<'generate-prompt'> = {
  localTraits: {},
};
