/**
 * Signing in against its anchor, a bare argon2id verify with the same parameters on the same
 * Node (@node-rs/argon2, m = 19 MiB, t = 2, p = 1): the median of one at a time, and how many a
 * second when ten arrive at once. Muse's sign-in is the whole request in-process
 * (`POST /api/auth/login`: validation, rate limits, the verify, a new session), on an app whose
 * per-IP limit is lifted so the bench measures the work, not the limit. The two take turns, so
 * other load on the machine weighs on both alike.
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
const SAMPLES = 40;
const AT_ONCE = 10;
const ROUNDS_AT_ONCE = 10;
/** Sign-in's goals, as ratios to the bare verify: its median, and its rate at ten at once. */
export const SIGN_IN_GOALS = { p50Ratio: 1.3, atOnceRatio: 0.7 };

export type TSignInFigures = { p50Ms: number; perSecondAtOnce: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times `bare` and `muse` alike, taking turns (one sample of each, one round of ten at once of
 * each), so a machine that gets busier or quieter meanwhile moves both figures, not one.
 */
async function measure(
  bare: () => Promise<void>,
  muse: () => Promise<void>,
): Promise<{ bare: TSignInFigures; muse: TSignInFigures }> {
  const runs = [bare, muse];
  for (let i = 0; i < 3; i += 1) for (const once of runs) await once(); // warm-up
  const times: number[][] = [[], []];
  const seconds = [0, 0];
  for (let i = 0; i < SAMPLES; i += 1) {
    // Which goes first alternates too, so neither always follows the other.
    for (const which of i % 2 ? [1, 0] : [0, 1]) {
      const start = performance.now();
      await runs[which]!();
      times[which]!.push(performance.now() - start);
    }
  }
  for (let round = 0; round < ROUNDS_AT_ONCE; round += 1) {
    for (const which of round % 2 ? [1, 0] : [0, 1]) {
      const start = performance.now();
      await Promise.all(Array.from({ length: AT_ONCE }, runs[which]!));
      seconds[which]! += (performance.now() - start) / 1000;
    }
  }
  const figures = (which: number): TSignInFigures => ({
    p50Ms: median(times[which]!),
    perSecondAtOnce: (AT_ONCE * ROUNDS_AT_ONCE) / seconds[which]!,
  });
  return { bare: figures(0), muse: figures(1) };
}

export async function benchSignIn(
  database: TDatabaseHandle,
  services: TServices,
  dataDir: string,
): Promise<{ bare: TSignInFigures; muse: TSignInFigures }> {
  const stored = await hash(PASSWORD, ARGON2);
  const bare = async () => {
    if (!(await verify(stored, PASSWORD))) throw new Error('the bare verify failed');
  };

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
    return await measure(bare, async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: PASSWORD, rememberMe: false },
      });
      if (response.statusCode !== 200) {
        throw new Error(`POST /api/auth/login answered ${response.statusCode}: ${response.body}`);
      }
    });
  } finally {
    await app.close();
  }
}

/** Prints both figures of each, and sign-in's two ratios against their goals. */
export function reportSignIn(result: Awaited<ReturnType<typeof benchSignIn>>): void {
  const { bare, muse } = result;
  const p50Ratio = muse.p50Ms / bare.p50Ms;
  const atOnceRatio = muse.perSecondAtOnce / bare.perSecondAtOnce;
  const verdict = (met: boolean) => (met ? 'met' : 'not met');
  console.log(
    `\nSign-in (POST /api/auth/login, in-process) against a bare argon2id verify (m = 19 MiB, t = 2, p = 1), taking turns`,
  );
  console.log(
    `  bare verify (baseline): p50 ${bare.p50Ms.toFixed(0)} ms, ${bare.perSecondAtOnce.toFixed(1)}/s at ${AT_ONCE} at once`,
  );
  console.log(
    `  sign-in: p50 ${muse.p50Ms.toFixed(0)} ms (ratio ${p50Ratio.toFixed(2)} to the bare verify, goal ≤ ${SIGN_IN_GOALS.p50Ratio}, ${verdict(p50Ratio <= SIGN_IN_GOALS.p50Ratio)}), ${muse.perSecondAtOnce.toFixed(1)}/s at ${AT_ONCE} at once (ratio ${atOnceRatio.toFixed(2)}, goal ≥ ${SIGN_IN_GOALS.atOnceRatio}, ${verdict(atOnceRatio >= SIGN_IN_GOALS.atOnceRatio)})`,
  );
}
