// The server the end-to-end tests drive: the built app on the embedded PostgreSQL,
// never DATABASE_URL, with a data folder of its own that starts empty on every run.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'test-results', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

delete process.env.DATABASE_URL;
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
