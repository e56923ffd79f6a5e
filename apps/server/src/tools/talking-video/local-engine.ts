/** The local engine of talking-video, built in an engine thread (engines/in-process.ts). */
import { createLocalTalkingVideoEngine } from '../../engines/local/video/talking-head';
import type { TLocalEngine } from '../../engines/glue';

export const talkingVideoLocalEngine: TLocalEngine<'talking-video'> = () =>
  createLocalTalkingVideoEngine();
