/** The local engine of generate-prompt, built in an engine thread (engines/in-process.ts). */
import { createLocalPromptEngine } from '../../engines/local/prompt';
import type { TLocalEngine } from '../../engines/glue';

export const generatePromptLocalEngine: TLocalEngine<'generate-prompt'> = ({ analyser }) =>
  createLocalPromptEngine(analyser);
