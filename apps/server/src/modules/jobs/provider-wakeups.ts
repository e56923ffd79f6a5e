import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { listenChannel } from '../../lib/pg-listen';
import { sleep } from '../../lib/sleep';

const CHANNEL = 'muse_provider';
/** Webhooks that came before their wait are kept this long, and this many at most. */
const EARLY_KEPT_MS = 10 * 60 * 1000;
const EARLY_KEPT = 1000;

/**
 * Wakes a job that waits on a hosted provider's request when the provider's verified webhook
 * says the request finished (docs/decisions/0021-generation-engines.md). The webhook may reach
 * any instance; it announces the request id on `muse_provider`, and the worker waiting on it,
 * wherever it runs, polls the provider at once instead of at its next interval. Nothing is
 * decided from the webhook itself: the worker reads the result from the provider.
 */
export function createProviderWakeups(
  pool: pg.Pool,
  log: { error: (object: object, message: string) => void },
) {
  const waiting = new Map<string, Set<() => void>>();
  // A webhook may arrive before its worker waits (fal can be quicker than the worker's own
  // bookkeeping): it is kept a while, and the next wait for it ends at once.
  const early = new Map<string, number>();
  const wake = (requestId: string) => {
    const set = waiting.get(requestId);
    if (set?.size) {
      for (const resolve of set) resolve();
      return;
    }
    early.set(requestId, Date.now());
    for (const [id, at] of early)
      if (early.size > EARLY_KEPT || Date.now() - at > EARLY_KEPT_MS) early.delete(id);
  };
  const listener = listenChannel(pool, CHANNEL, {
    log,
    onMessage: wake,
    // A webhook announced while nobody listened is lost: everyone polls now.
    onReconnect: () => {
      for (const requestId of [...waiting.keys()]) wake(requestId);
    },
  });

  return {
    start: listener.start,
    /** Resolves when `requestId` is announced, or after `ms`; rejects when `signal` aborts. */
    wait(requestId: string, ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        if (early.delete(requestId)) return resolve();
        const cleanUp = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', aborted);
          const set = waiting.get(requestId);
          set?.delete(done);
          if (set?.size === 0) waiting.delete(requestId);
        };
        const done = () => {
          cleanUp();
          resolve();
        };
        const aborted = () => {
          cleanUp();
          reject(signal?.reason);
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', aborted, { once: true });
        const set = waiting.get(requestId) ?? new Set();
        set.add(done);
        waiting.set(requestId, set);
      });
    },
    close: listener.close,
  };
}

export type TProviderWakeups = ReturnType<typeof createProviderWakeups>;

/** Announces that a provider's request finished, to whichever worker waits on it. */
export async function announceProviderDone(db: TQueryable, requestId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${requestId})`);
}

/** Waiting without wake-ups: just the poll interval (a process without a database listener). */
export function sleepUntilPoll(_requestId: string, ms: number, signal?: AbortSignal) {
  return sleep(ms, signal);
}
