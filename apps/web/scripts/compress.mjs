// Writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of the build, so
// the server sends them as they are (@fastify/static's preCompressed) instead of compressing
// each answer again (docs/decisions/0034-prerendered-public-pages.md). Node's zlib, at its
// strongest settings: this runs once per build.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller answers go out as they are: the server compresses nothing under 1 kB either. */
const MIN_BYTES = 1024;

/** The page renderer the server runs (dist/server) is never sent. */
const RENDERER = path.join(dist, 'server');

let count = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  if (entry.parentPath === RENDERER || entry.parentPath.startsWith(`${RENDERER}${path.sep}`)) {
    continue;
  }
  const file = path.join(entry.parentPath, entry.name);
  const data = await readFile(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files of ${path.relative(process.cwd(), dist) || dist}`);
