import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryProblems, readGraph } from './boundaries.mjs';

/** A small repository laid out like Muse's, its files and what each imports. */
const FIXTURE = {
  'tsconfig.base.json':
    '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "bundler" } }',
  // Server: a -> b -> tools/c -> a at module level, with no cycle between files.
  'apps/server/src/modules/a/routes.ts': "import { b } from '../b/service';\nexport const a = b;\n",
  'apps/server/src/modules/a/names.ts': "export const name = 'a';\n",
  'apps/server/src/modules/b/service.ts':
    "import { c } from '../../tools/c/run';\nexport const b = c;\n",
  'apps/server/src/tools/c/run.ts':
    "import { name } from '../../modules/a/names';\nexport const c = name;\n",
  // d imports a, and nothing comes back: no cycle.
  'apps/server/src/modules/d/index.ts': "import { a } from '../a/routes';\nexport const d = a;\n",
  // A test may reach across modules without making a cycle.
  'apps/server/src/modules/b/service.test.ts':
    "import { a } from '../a/routes';\nexport const t = a;\n",
  // Web: one feature imports another, the app imports both, and a shared file imports one.
  'apps/web/src/features/tools/page.tsx':
    "import { Card } from '../gallery/card';\nexport const Page = Card;\n",
  'apps/web/src/features/gallery/card.tsx': 'export const Card = 1;\n',
  'apps/web/src/app/router.tsx':
    "import { Page } from '../features/tools/page';\nimport { Card } from '../features/gallery/card';\nexport const r = [Page, Card];\n",
  'apps/web/src/components/thumb.tsx':
    "import { Card } from '../features/gallery/card';\nexport const T = Card;\n",
  // Files: p <-> q.
  'packages/shared/src/p.ts': "import { q } from './q';\nexport const p = () => q;\n",
  'packages/shared/src/q.ts': "import { p } from './p';\nexport const q = () => p;\n",
};

let root;
let graph;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'muse-boundaries-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
  }
  graph = await readGraph(root);
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the import rules of npm run lint', () => {
  it('report a cycle between files', () => {
    expect(boundaryProblems(graph, [])).toContain(
      'Import cycle between files: packages/shared/src/p.ts -> packages/shared/src/q.ts -> packages/shared/src/p.ts',
    );
  });

  it('report a cycle between server modules that no file cycle shows, through a tool module', () => {
    const cycles = boundaryProblems(graph, []).filter((p) =>
      p.startsWith('Import cycle between server'),
    );
    expect(cycles).toEqual([
      [
        'Import cycle between server modules:',
        '  modules/a -> modules/b (apps/server/src/modules/a/routes.ts imports apps/server/src/modules/b/service.ts)',
        '  modules/b -> tools/c (apps/server/src/modules/b/service.ts imports apps/server/src/tools/c/run.ts)',
        '  tools/c -> modules/a (apps/server/src/tools/c/run.ts imports apps/server/src/modules/a/names.ts)',
      ].join('\n'),
    ]);
  });

  it('report a web feature importing another, and a shared layer importing a feature', () => {
    const imports = boundaryProblems(graph, []).filter((p) => p.startsWith('Web feature import'));
    expect(imports).toEqual([
      'Web feature import: apps/web/src/components/thumb.tsx imports apps/web/src/features/gallery/card.tsx; move what they share to components/, lib/ or a feature of its own',
      'Web feature import: apps/web/src/features/tools/page.tsx imports apps/web/src/features/gallery/card.tsx; move what they share to components/, lib/ or a feature of its own',
    ]);
  });

  it('let a known cycle import through, and no other', () => {
    const problems = boundaryProblems(graph, ['modules/b -> tools/c']);
    expect(problems.some((p) => p.startsWith('Import cycle between server'))).toBe(false);
  });

  it('report a known cycle import that no longer closes a cycle', () => {
    expect(boundaryProblems(graph, ['modules/b -> tools/c', 'modules/d -> modules/a'])).toContain(
      '"modules/d -> modules/a" no longer closes a cycle between modules: delete it from KNOWN_MODULE_CYCLE_IMPORTS in scripts/boundaries.mjs',
    );
  });
});
