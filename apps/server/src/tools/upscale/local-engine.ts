/** The local engine of upscale, built in an engine thread (engines/in-process.ts). */
import { createLocalUpscaleEngine } from '../../engines/local/upscale';
import type { TLocalEngine } from '../../engines/glue';

export const upscaleLocalEngine: TLocalEngine<'upscale'> = ({ choice }) =>
  createLocalUpscaleEngine({ threads: choice.upscaleThreads });
