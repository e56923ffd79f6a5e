// Running from the TypeScript sources (tests, `npm run dev`): a thread does not inherit the
// main thread's TypeScript loader, so it registers tsx itself, then loads the face thread.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./face-thread.ts');
export const runFaceTask = thread.runFaceTask;
export const runSafetyTask = thread.runSafetyTask;
