/**
 * The public API's own costs (docs/decisions/0050-public-api.md), in-process: the same read
 * (`GET /api/v1/influencers`) with an API key against with a session (goal at most 1.1×: a key
 * is found in memory like a session, and its rate limit is spent from a lease), and a POST with
 * an `Idempotency-Key` against the same POST without one (a claim and a stored answer more).
 */
import type { FastifyInstance } from 'fastify';
import { registerAccount } from '../apps/server/test/accounts';

const REQUESTS = 1_000;

async function timeRequests(send: () => Promise<{ statusCode: number }>, ok: number) {
  for (let i = 0; i < 50; i += 1) await send(); // warm-up
  const start = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const { statusCode } = await send();
    if (statusCode !== ok) throw new Error(`answered ${statusCode}, not ${ok}`);
  }
  return (performance.now() - start) / REQUESTS;
}

export type TPublicApiFigures = {
  sessionMs: number;
  keyMs: number;
  plainPostMs: number;
  idempotentPostMs: number;
};

export async function benchPublicApi(app: FastifyInstance): Promise<TPublicApiFigures> {
  const account = await registerAccount(app, 'bench-api');
  const made = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: account.headers,
    payload: { name: 'Bench', scopes: ['influencers:read', 'tools:run'] },
  });
  const key = { authorization: `Bearer ${made.json().key}` };
  const read = (headers: Record<string, string>) => () =>
    app.inject({ method: 'GET', url: '/api/v1/influencers', headers });
  // Alternated, so neither side gets a warmer machine.
  let sessionMs = 0;
  let keyMs = 0;
  for (let round = 0; round < 3; round += 1) {
    sessionMs += await timeRequests(read(account.headers), 200);
    keyMs += await timeRequests(read(key), 200);
  }
  // A POST that reads and is refused the same way every time (cancelling a job the account
  // does not have: 404), so only the idempotency's claim and stored answer differ.
  const missing = '00000000-0000-4000-8000-000000000000';
  let n = 0;
  const post = (idempotent: boolean) => () => {
    n += 1;
    return app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${missing}/cancel`,
      headers: { ...key, ...(idempotent ? { 'idempotency-key': `bench-${n}` } : {}) },
    });
  };
  let plainPostMs = 0;
  let idempotentPostMs = 0;
  for (let round = 0; round < 3; round += 1) {
    plainPostMs += await timeRequests(post(false), 404);
    idempotentPostMs += await timeRequests(post(true), 404);
  }
  return {
    sessionMs: sessionMs / 3,
    keyMs: keyMs / 3,
    plainPostMs: plainPostMs / 3,
    idempotentPostMs: idempotentPostMs / 3,
  };
}

export function reportPublicApi(figures: TPublicApiFigures): void {
  const ratio = figures.keyMs / figures.sessionMs;
  console.log('Public API (/api/v1), in-process');
  console.log(
    `  GET /api/v1/influencers: ${figures.sessionMs.toFixed(3)} ms/request with a session, ${figures.keyMs.toFixed(3)} ms with an API key`,
  );
  console.log(
    `  ratio key / session: ${ratio.toFixed(2)} (goal at most 1.10: ${ratio <= 1.1 ? 'met' : 'not met'})`,
  );
  console.log(
    `  POST (a refused cancel): ${figures.plainPostMs.toFixed(3)} ms/request plain, ${figures.idempotentPostMs.toFixed(3)} ms with an Idempotency-Key (ratio ${(figures.idempotentPostMs / figures.plainPostMs).toFixed(2)})`,
  );
}
