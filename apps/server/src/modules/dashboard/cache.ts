import { LRUCache } from 'lru-cache';
import type { TCacheEvents } from '../../lib/cache-events';
import type { TEncodings } from '../../lib/precompressed';

/** How long a dashboard is served from memory without asking the database again. */
export const DASHBOARD_CACHE_TTL_MS = 30_000;
const DASHBOARD_CACHE_MAX = 10_000;

/**
 * Each account's dashboard answer, encoded, for a short while
 * (docs/decisions/0031-session-cache-and-hot-reads.md). Triggers announce every change behind
 * it (balances, the plan, influencers, products, a training's status) in whichever process made
 * it, and every instance forgets that account's dashboard when the change commits; a signed-in
 * request that writes forgets its own account's at once on the instance that served it.
 */
export function createDashboardCache(cacheEvents: TCacheEvents) {
  const cache = new LRUCache<string, TEncodings>({
    max: DASHBOARD_CACHE_MAX,
    ttl: DASHBOARD_CACHE_TTL_MS,
  });
  /**
   * Counts forgetting. A read that started before the latest forgetting may hold what was just
   * changed, so its answer is sent but not kept.
   */
  let generation = 0;
  const forget = (userId: string) => {
    generation += 1;
    cache.delete(userId);
  };
  const unsubscribe = cacheEvents.subscribe({
    dashboard: forget,
    // Changes announced while the connection was down are lost: nothing cached is trusted.
    reconnect: () => {
      generation += 1;
      cache.clear();
    },
  });

  return {
    /** The account's encoded dashboard answer, from memory or from `read`. */
    async get(userId: string, read: () => Promise<TEncodings>): Promise<TEncodings> {
      const cached = cache.get(userId);
      if (cached !== undefined) return cached;
      const started = generation;
      const body = await read();
      if (generation === started) cache.set(userId, body);
      return body;
    },
    forget,
    close() {
      unsubscribe();
      cache.clear();
    },
  };
}

export type TDashboardCache = ReturnType<typeof createDashboardCache>;
