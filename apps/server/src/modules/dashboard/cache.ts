import { createAccountCache } from '../../lib/account-cache';
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
  const cache = createAccountCache<TEncodings>({
    cacheEvents,
    event: 'dashboard',
    max: DASHBOARD_CACHE_MAX,
    ttlMs: DASHBOARD_CACHE_TTL_MS,
  });
  return {
    /** The account's encoded dashboard answer, from memory or from `read`. */
    async get(workspaceId: string, read: () => Promise<TEncodings>): Promise<TEncodings> {
      const answer = await cache.load(workspaceId, async () => ({
        account: workspaceId,
        value: await read(),
      }));
      // `read` always finds a dashboard.
      return answer!;
    },
    forget: cache.forget,
    close: cache.close,
  };
}

export type TDashboardCache = ReturnType<typeof createDashboardCache>;
