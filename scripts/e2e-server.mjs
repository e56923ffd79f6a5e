// The server the end-to-end tests drive: the built app on the embedded PostgreSQL, never
// DATABASE_URL, with a data folder of its own that starts empty on every run, and a local
// OpenID Connect provider on the next port standing in for Google.
// Run with `node --import tsx` (it loads the provider fake from the server's tests).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFakeGoogle } from '../apps/server/test/fakes/google-oidc.ts';
import { startFakePlatformsServer } from '../apps/server/test/fakes/platforms/index.ts';
import { createFakeInstagram } from '../apps/server/test/fakes/platforms/instagram.ts';
import { createFakeTikTok } from '../apps/server/test/fakes/platforms/tiktok.ts';
import { createFakeX } from '../apps/server/test/fakes/platforms/x.ts';
import { createFakeYouTube } from '../apps/server/test/fakes/platforms/youtube.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A folder of its own per run, removed when the server stops: runs never share a database.
mkdirSync(path.join(root, 'test-results'), { recursive: true });
const dataDir = mkdtempSync(path.join(root, 'test-results', 'e2e-data-'));
const port = Number(process.env.PORT ?? 3100);
// Where the specs find this run's data folder, and through it the database (e2e/support/jobs.ts
// holds a job mid-run with a lock on its row). Named by port: runs on other ports do not mix.
const serverInfo = path.join(root, 'test-results', `e2e-server-${port}.json`);
writeFileSync(serverInfo, JSON.stringify({ dataDir }));
process.on('exit', () => {
  try {
    rmSync(serverInfo, { force: true });
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // A folder left behind is harmless: test-results/ is rebuilt by every run.
  }
});

// Jobs in flight at once: Playwright runs E2E_WORKERS tests at a time (across both projects,
// set in playwright.config.ts), each test starts at most one job and waits for it to finish
// before it ends, except Generate's batch of two images. So at most E2E_WORKERS + 1 jobs are
// queued or running at any moment: a worker slot per Playwright worker and one more means no
// spec's job ever waits in the queue behind another spec's. One tile thread per job: 2 jobs × 1 thread = the 2 cores of
// the smallest machine the suite runs on, and no helper threads that would each load their own
// copy of the model, which costs more than the few tiles of the specs' small images.
const jobSlots = Number(process.env.E2E_WORKERS ?? 2) + 1;
const google = await startFakeGoogle({ port: port + 1 });
// Instagram, TikTok, YouTube and X behind one local server: the specs connect accounts through
// their consent pages and see posts published there.
const instagram = createFakeInstagram();
const tiktok = createFakeTikTok();
const x = createFakeX();
const platforms = await startFakePlatformsServer([instagram, tiktok, createFakeYouTube(), x]);

delete process.env.DATABASE_URL;
Object.assign(process.env, {
  DATA_DIR: dataDir,
  NODE_ENV: process.env.NODE_ENV ?? 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ISSUER: google.issuer,
  PLATFORMS_API_URL: platforms.url,
  PLATFORM_POLL_INTERVAL_MS: '200',
  INSTAGRAM_APP_ID: instagram.clientId,
  INSTAGRAM_APP_SECRET: instagram.clientSecret,
  TIKTOK_CLIENT_KEY: tiktok.clientKey,
  TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
  X_CLIENT_ID: x.clientId,
  X_CLIENT_SECRET: x.clientSecret,
  YOUTUBE_PUBLISHING: 'true',
  // Every test signs up from 127.0.0.1; the limits themselves are covered by the API tests.
  AUTH_RATE_LIMIT_PER_IP: '100000',
  WORKER_CONCURRENCY: String(jobSlots),
  UPSCALE_THREADS: '1',
});
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
