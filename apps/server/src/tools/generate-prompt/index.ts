/**
 * Generate Prompt (docs/product/tools.md): a picked picture described as a ready-to-use prompt.
 * The job's result is the text.
 */
import { TOOL_MAX_INPUT_SIDE, TOOL_TEXTS } from '@muse/shared';
import { planPictureJob } from '../../modules/gallery/job-input';
import { storedOptions, type TToolServer } from '../../modules/jobs/tool';

export const generatePrompt: TToolServer<'generate-prompt'> = {
  key: 'generate-prompt',
  plan: (context, request) =>
    planPictureJob(context, 'generate-prompt', request, {
      maxSide: TOOL_MAX_INPUT_SIDE,
      tooLarge: TOOL_TEXTS.imageTooLarge,
    }),
  execute: async ({ deps, run }, row, input) => {
    const options = storedOptions('generate-prompt', row);
    const described = await deps.engines['generate-prompt'].run(input, options, run);
    // A prompt is text: there is no file to check or store.
    return { outputs: [], prompt: described.prompt, details: {} };
  },
};
