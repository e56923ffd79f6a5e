import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { writeToolRegistry } from './scripts/tool-registry.mjs';

// The tools' generated lists (*.gen.ts) are written from their folders before any test loads.
writeToolRegistry();

// Each workspace has its own vitest.config.ts; `npm run test:unit` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine,
    // where most API test files spend their time waiting on PostgreSQL, fake servers and job
    // queues rather than on the CPU. One more worker than cores keeps the cores busy.
    maxWorkers: availableParallelism() + 1,
  },
});
