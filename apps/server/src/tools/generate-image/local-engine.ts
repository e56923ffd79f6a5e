/** The local engine of generate-image, built in an engine thread (engines/in-process.ts). */
import { createLocalGenerateEngine } from '../../engines/local/generate';
import type { TLocalEngine } from '../../engines/glue';

export const generateImageLocalEngine: TLocalEngine<'generate-image'> = () =>
  createLocalGenerateEngine();
