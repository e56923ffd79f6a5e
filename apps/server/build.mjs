// Bundles the server's entry points with esbuild. The shared workspace package is compiled
// in, and so are the ES-module libraries below; every other dependency stays an import from
// node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { writeToolRegistry } from '../../scripts/tool-registry.mjs';

// The tools' lists (src/tools/*.gen.ts) are written from their folders before bundling.
writeToolRegistry();

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
/**
 * Libraries of hundreds of small ES modules that only Muse's own code imports: Node.js reads and
 * links each file at start, which took most of the server's start-up; compiled in, they are one
 * file (docs/decisions/0047). Packages with native code, files read by path (models, binaries,
 * worker scripts) or CommonJS `require`s of Node's modules stay external, and so does any
 * package another external package imports too (zod, fast-json-stringify): two copies of it
 * would not know each other's objects.
 */
const COMPILED_IN = [
  'drizzle-orm',
  '@react-email/components',
  '@dicebear/core',
  '@dicebear/collection',
];
// Development-only packages (the embedded PostgreSQL) stay external too: they are loaded, when at
// all, by a dynamic import on the development path, never bundled.
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
  (name) => !name.startsWith('@muse/') && !COMPILED_IN.includes(name),
);

await build({
  entryPoints: [
    'src/main.ts',
    'src/worker.ts',
    // The AI engines' thread, loaded by URL beside main.js and worker.js.
    { in: 'src/engines/engine-thread.ts', out: 'engine-thread' },
    // The face thread (persona photo checks, identity scores), loaded by URL like the above.
    { in: 'src/engines/face-thread.ts', out: 'face-thread' },
    // An upscale's extra tile threads, loaded by URL beside engine-thread.js.
    { in: 'src/engines/local/tile-thread.ts', out: 'tile-thread' },
    // A speech thread, one per synthesis of the offline voice, loaded by URL like the above.
    { in: 'src/engines/local/speech/flite-thread.ts', out: 'flite-thread' },
    'src/cli/import-model-images.ts',
    'src/cli/render-marketplace.ts',
    'src/cli/stripe-setup.ts',
    'src/cli/operator-role.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
