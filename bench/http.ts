import { LICENCE_TERMS } from '@muse/shared';
/**
 * The API's hot reads under load, each against a bare Fastify hello-world on the same Node in the
 * same run: autocannon (100 connections) in a child process, so the load generator never shares
 * the servers' event loop. Both servers listen in this process; runs alternate (hello-world, then
 * each Muse route, three rounds) so every figure sees the same machine, and each is the median
 * of its three runs. Muse logs at `info` as in production, into a sink that drops the lines, so
 * the cost of building them counts and the disk does not. Every request says what a browser's
 * says about compression (`accept-encoding: gzip, deflate, br`), to both servers.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, type TDatabaseHandle } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedMarketplace } from '../apps/server/src/modules/marketplace/service';
import { createServices, type TServices } from '../apps/server/src/services';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const AUTOCANNON = path.join(
  path.dirname(require.resolve('autocannon/package.json')),
  'autocannon.js',
);

/** What a browser says about compression on every request. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

export type THttpFigures = { requestsPerSecond: number; p99Ms: number };
export type THttpRow = { name: string; goal: number; muse: THttpFigures; ratio: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of several runs' figures, each figure on its own. */
export const summarise = (runs: THttpFigures[]): THttpFigures => ({
  requestsPerSecond: median(runs.map((figures) => figures.requestsPerSecond)),
  p99Ms: median(runs.map((figures) => figures.p99Ms)),
});

export async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<THttpFigures> {
  const args = [AUTOCANNON, '--json', '-c', '100', '-d', String(seconds)];
  for (const [name, value] of Object.entries({ ...BROWSER, ...headers })) {
    args.push('-H', `${name}=${value}`);
  }
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

export async function benchHttp(
  database: TDatabaseHandle,
  services: TServices,
  dataDir: string,
  options: { rounds?: number; seconds?: number } = {},
): Promise<{ bare: THttpFigures; rows: THttpRow[] }> {
  const { rounds = 3, seconds = 4 } = options;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
  });
  await seedMarketplace(database.db);
  const app = await buildApp({
    config,
    database,
    services,
    webDistDir: '/nonexistent',
    logStream: { write: () => {} },
  });
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  try {
    const museUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    // A creator on a plan with one claimed model, so the dashboard has something to show.
    const account = await registerAccount(app, 'bench-http');
    await buyPlan(app, account, 'launch');
    const claimed = await app.inject({
      method: 'POST',
      url: '/api/marketplace/models/1/claim',
      payload: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
      headers: account.headers,
    });
    if (claimed.statusCode !== 201) throw new Error(`claim answered ${claimed.statusCode}`);

    const routes = [
      { name: 'GET /api/auth/me (bearer)', url: '/api/auth/me', goal: 0.4, auth: true },
      { name: 'GET /api/users/dashboard', url: '/api/users/dashboard', goal: 0.2, auth: true },
      {
        name: 'GET /api/marketplace/models',
        url: '/api/marketplace/models',
        goal: 0.5,
        auth: false,
      },
      { name: 'GET /api/health', url: '/api/health', goal: 0.5, auth: false },
    ];
    const bareRuns: THttpFigures[] = [];
    const museRuns = routes.map((): THttpFigures[] => []);
    // A short warm-up of each route (JIT, the pool's connections), not counted.
    await load(`${bareUrl}/`, 1);
    for (const route of routes)
      await load(`${museUrl}${route.url}`, 1, route.auth ? account.headers : {});
    for (let round = 0; round < rounds; round += 1) {
      bareRuns.push(await load(`${bareUrl}/`, seconds));
      for (const [index, route] of routes.entries())
        museRuns[index]!.push(
          await load(`${museUrl}${route.url}`, seconds, route.auth ? account.headers : {}),
        );
    }
    const bareFigures = summarise(bareRuns);
    return {
      bare: bareFigures,
      rows: routes.map((route, index) => {
        const muse = summarise(museRuns[index]!);
        return {
          name: route.name,
          goal: route.goal,
          muse,
          ratio: muse.requestsPerSecond / bareFigures.requestsPerSecond,
        };
      }),
    };
  } finally {
    await app.close();
    await bare.close();
  }
}

export function reportHttp(result: Awaited<ReturnType<typeof benchHttp>>): void {
  const figures = (f: THttpFigures) =>
    `${Math.round(f.requestsPerSecond).toLocaleString('en')} req/s, p99 ${f.p99Ms} ms`;
  console.log(
    '\nHTTP under load (autocannon, 100 connections, medians of 3 interleaved runs), ratio to bare Fastify',
  );
  console.log(`  bare Fastify hello-world (baseline): ${figures(result.bare)}`);
  for (const row of result.rows)
    console.log(
      `  ${row.name}: ${figures(row.muse)}, ratio ${row.ratio.toFixed(3)} (goal ≥ ${row.goal}${row.ratio >= row.goal ? ', met' : ''})`,
    );
}

/** On its own, for a quicker look than the whole bench: `npx tsx bench/http.ts`. */
async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-bench-http-'));
  const embedded = await startEmbeddedPostgres({ dataDir, log: () => {}, persistent: false });
  await runMigrations(embedded.url);
  const database = connectDatabase(embedded.url);
  try {
    const services = await createServices(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    );
    reportHttp(await benchHttp(database, services, dataDir));
    await services.stop();
  } finally {
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
