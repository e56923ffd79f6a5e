import { defineProject } from 'vitest/config';
import { writeToolRegistry } from '../../scripts/tool-registry.mjs';

// The tools' generated lists (*.gen.ts) are written from their folders before any test loads.
writeToolRegistry();

export default defineProject({
  test: { name: 'shared', include: ['src/**/*.test.ts'] },
});
