// Running from the TypeScript sources (tests, `npm run dev`): a thread does not inherit the
// TypeScript loader, so it registers tsx itself, then loads the tile thread.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./tile-thread.ts');
export const runTile = thread.runTile;
