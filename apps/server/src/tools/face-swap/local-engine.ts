/** The local engine of face-swap, built in an engine thread (engines/in-process.ts). */
import { createLocalFaceSwapEngine } from '../../engines/local/video/face-swap';
import type { TLocalEngine } from '../../engines/glue';

export const faceSwapLocalEngine: TLocalEngine<'face-swap'> = () => createLocalFaceSwapEngine();
