import { defineProject } from 'vitest/config';

// The repository's own scripts: the import rules of `npm run lint` (decision 0048).
export default defineProject({
  test: { name: 'scripts', include: ['*.test.mjs'], environment: 'node' },
});
