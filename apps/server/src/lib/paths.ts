import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this module. Works the
 * same from `src/` (tsx, vitest) and from the bundled `dist/`.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@muse/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @muse/server package folder');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');

export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
