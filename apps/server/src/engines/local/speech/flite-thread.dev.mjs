// Running from the TypeScript sources (tests, `npm run dev`): a thread does not inherit the
// main thread's TypeScript loader, so it registers tsx itself, then loads the speech thread.
import { register } from 'tsx/esm/api';

register();
await import('./flite-thread.ts');
