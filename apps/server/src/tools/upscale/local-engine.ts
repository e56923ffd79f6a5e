/** The local engine of upscale, built in an engine thread (engines/in-process.ts). */
import { createLocalUpscaleEngine } from '../../engines/local/upscale';
import type { TLocalEngine } from '../../engines/types';

export const upscaleLocalEngine: TLocalEngine<'upscale'> = ({ choice }) =>
  createLocalUpscaleEngine({ threads: choice.upscaleThreads });
