// Running from the TypeScript sources (tests, `npm run dev`): a thread does not inherit the
// TypeScript loader, so it registers tsx itself, then runs the tile thread.
import { register } from 'tsx/esm/api';

register();
await import('./tile-thread.ts');
