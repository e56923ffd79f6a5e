/**
 * Signing in against its anchor, a bare argon2id verify with the same parameters on the same
 * Node (@node-rs/argon2, m = 19 MiB, t = 2, p = 1): the median of one at a time, and how many a
 * second when ten arrive at once. Muse's sign-in is the whole request in-process
 * (`POST /api/auth/login`: validation, rate limits, the verify, a new session), on an app whose
 * per-address limit is lifted so the bench measures the work, not the limit.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import type { TServices } from '../apps/server/src/services';
import { registerAccount } from '../apps/server/test/accounts';

const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};
const PASSWORD = 'secret123';
const SAMPLES = 20;
const AT_ONCE = 10;
const ROUNDS_AT_ONCE = 4;

export type TSignInFigures = { p50Ms: number; perSecondAtOnce: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(once: () => Promise<void>): Promise<TSignInFigures> {
  for (let i = 0; i < 3; i += 1) await once(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  const start = performance.now();
  for (let round = 0; round < ROUNDS_AT_ONCE; round += 1) {
    await Promise.all(Array.from({ length: AT_ONCE }, once));
  }
  const seconds = (performance.now() - start) / 1000;
  return { p50Ms: median(times), perSecondAtOnce: (AT_ONCE * ROUNDS_AT_ONCE) / seconds };
}

export async function benchSignIn(
  database: TDatabaseHandle,
  services: TServices,
  dataDir: string,
): Promise<{ bare: TSignInFigures; muse: TSignInFigures }> {
  const stored = await hash(PASSWORD, ARGON2);
  const bare = await measure(async () => {
    if (!(await verify(stored, PASSWORD))) throw new Error('the bare verify failed');
  });

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '1000000',
  });
  const app: FastifyInstance = await buildApp({
    config,
    database,
    services,
    webDistDir: '/nonexistent',
  });
  try {
    const account = await registerAccount(app, 'bench-sign-in');
    const muse = await measure(async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: PASSWORD, rememberMe: false },
      });
      if (response.statusCode !== 200) {
        throw new Error(`POST /api/auth/login answered ${response.statusCode}: ${response.body}`);
      }
    });
    return { bare, muse };
  } finally {
    await app.close();
  }
}

export function reportSignIn(result: Awaited<ReturnType<typeof benchSignIn>>): void {
  const { bare, muse } = result;
  console.log(
    `\nSign-in (POST /api/auth/login, in-process) against a bare argon2id verify (m = 19 MiB, t = 2, p = 1)`,
  );
  console.log(
    `  bare verify (baseline): p50 ${bare.p50Ms.toFixed(0)} ms, ${bare.perSecondAtOnce.toFixed(1)}/s at ${AT_ONCE} at once`,
  );
  console.log(
    `  sign-in: p50 ${muse.p50Ms.toFixed(0)} ms (ratio ${(muse.p50Ms / bare.p50Ms).toFixed(2)}, goal ≤ 150 ms${muse.p50Ms <= 150 ? ', met' : ''}), ${muse.perSecondAtOnce.toFixed(1)}/s at ${AT_ONCE} at once (ratio ${(muse.perSecondAtOnce / bare.perSecondAtOnce).toFixed(2)}, goal ≥ 20/s${muse.perSecondAtOnce >= 20 ? ', met' : ''})`,
  );
}
