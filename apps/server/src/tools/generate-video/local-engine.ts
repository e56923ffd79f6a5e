/** The local engine of generate-video, built in an engine thread (engines/in-process.ts). */
import { createLocalVideoEngine } from '../../engines/local/video/motion-clip';
import type { TLocalEngine } from '../../engines/glue';

export const generateVideoLocalEngine: TLocalEngine<'generate-video'> = () =>
  createLocalVideoEngine();
