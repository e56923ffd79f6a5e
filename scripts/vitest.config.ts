import { defineProject } from 'vitest/config';
import { writeToolRegistry } from './tool-registry.mjs';

// The tools' generated lists (*.gen.ts) are written from their folders before any test loads.
writeToolRegistry();

// The repository's own scripts: the import rules and the licence check of `npm run lint`
// (decisions 0048 and 0049).
export default defineProject({
  test: { name: 'scripts', include: ['*.test.ts', '*.test.mjs'], environment: 'node' },
});
