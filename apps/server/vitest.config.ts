import { defineProject } from 'vitest/config';
import { writeToolRegistry } from '../../scripts/tool-registry.mjs';

// The tools' generated lists (*.gen.ts) are written from their folders before any test loads.
writeToolRegistry();

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL server for the run; every test file gets its own database on it.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
