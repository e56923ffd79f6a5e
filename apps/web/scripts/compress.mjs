// Writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of the build, so
// the server sends them as they are (@fastify/static's preCompressed) instead of compressing
// each answer again (docs/decisions/0034-prerendered-public-pages.md). Node's zlib, at its
// strongest settings: this runs once per build, on every core at once (zlib's asynchronous
// calls run on libuv's thread pool), the largest files first so no core waits on one at the end.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller answers go out as they are: the server compresses nothing under 1 kB either. */
const MIN_BYTES = 1024;

/** The page renderer the server runs (dist/server) is never sent. */
const RENDERER = path.join(dist, 'server');

const files = [];
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  if (entry.parentPath === RENDERER || entry.parentPath.startsWith(`${RENDERER}${path.sep}`)) {
    continue;
  }
  const file = path.join(entry.parentPath, entry.name);
  const { size } = await stat(file);
  if (size >= MIN_BYTES) files.push({ file, size });
}
files.sort((a, b) => b.size - a.size);

await Promise.all(
  files.map(async ({ file }) => {
    const data = await readFile(file);
    const [brotli, gzipped] = await Promise.all([
      brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
  }),
);
console.log(`compressed ${files.length} files of ${path.relative(process.cwd(), dist) || dist}`);
