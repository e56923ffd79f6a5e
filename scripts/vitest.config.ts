import { defineProject } from 'vitest/config';

// The repository's own scripts: the import rules and the licence check of `npm run lint`
// (decisions 0048 and 0049).
export default defineProject({
  test: { name: 'scripts', include: ['*.test.ts', '*.test.mjs'], environment: 'node' },
});
