// The server the end-to-end tests drive: the built app on the embedded PostgreSQL, never
// DATABASE_URL, with a data folder of its own that starts empty on every run, and a local
// OpenID Connect provider on the next port standing in for Google.
// Run with `node --import tsx` (it loads the provider fake from the server's tests).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFakeGoogle } from '../apps/server/test/fakes/google-oidc.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A folder of its own per run, removed when the server stops: runs never share a database.
mkdirSync(path.join(root, 'test-results'), { recursive: true });
const dataDir = mkdtempSync(path.join(root, 'test-results', 'e2e-data-'));
process.on('exit', () => {
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // A folder left behind is harmless: test-results/ is rebuilt by every run.
  }
});

const port = Number(process.env.PORT ?? 3100);
const google = await startFakeGoogle({ port: port + 1 });

delete process.env.DATABASE_URL;
Object.assign(process.env, {
  DATA_DIR: dataDir,
  NODE_ENV: process.env.NODE_ENV ?? 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ISSUER: google.issuer,
  // Every test signs up from 127.0.0.1; the limits themselves are covered by the API tests.
  AUTH_RATE_LIMIT_PER_IP: '100000',
});
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
