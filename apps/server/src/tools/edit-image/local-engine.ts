/** The local engine of edit-image, built in an engine thread (engines/in-process.ts). */
import { createLocalEditEngine } from '../../engines/local/edit';
import type { TLocalEngine } from '../../engines/glue';

export const editImageLocalEngine: TLocalEngine<'edit-image'> = ({ analyser }) =>
  createLocalEditEngine(analyser);
