import { LRUCache } from 'lru-cache';
import type { TCacheEvents } from './cache-events';

/**
 * What an instance keeps in memory for a short while about accounts: live sessions, dashboards
 * (docs/decisions/0031-session-cache-and-hot-reads.md). Each entry belongs to one account and is
 * forgotten when a change to that account is announced on `event` (by any instance, once the
 * change commits) or made through this instance (`forget`); when the announcements' connection
 * drops, everything is forgotten, as changes may have been missed. A read that began before the
 * latest forgetting may hold what was just changed: its answer is used but not kept.
 */
export function createAccountCache<V extends object>(options: {
  cacheEvents: TCacheEvents;
  /** The announcement (lib/cache-events.ts) that names the account whose entries to forget. */
  event: 'account' | 'dashboard' | 'calendar';
  max: number;
  ttlMs: number;
}) {
  /** The keys each account's entries are kept under, so forgetting an account costs its entries. */
  const keysOf = new Map<string, Set<string>>();
  const cache = new LRUCache<string, { account: string; value: V }>({
    max: options.max,
    ttl: options.ttlMs,
    dispose: ({ account }, key) => {
      const keys = keysOf.get(account);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(account);
    },
  });
  /** Counts forgetting: a read that saw it change is not kept. */
  let generation = 0;

  const forget = (account: string) => {
    generation += 1;
    for (const key of [...(keysOf.get(account) ?? [])]) cache.delete(key);
  };
  const unsubscribe = options.cacheEvents.subscribe({
    [options.event]: forget,
    reconnect: () => {
      generation += 1;
      cache.clear();
    },
  });

  return {
    /** What is kept under `key`, without waiting for anything. */
    get(key: string): V | undefined {
      return cache.get(key)?.value;
    },
    /**
     * What is kept under `key`, or what `read` finds, kept for `account` unless nothing was
     * found or the cache forgot something while `read` ran. `ttlMs` shortens how long it is kept.
     */
    async load(
      key: string,
      read: () => Promise<{ account: string; value: V; ttlMs?: number } | null>,
    ): Promise<V | null> {
      const cached = cache.get(key);
      if (cached) return cached.value;
      const started = generation;
      const found = await read();
      if (!found) return null;
      const ttl = Math.min(options.ttlMs, found.ttlMs ?? options.ttlMs);
      if (generation === started && ttl > 0) {
        cache.set(key, { account: found.account, value: found.value }, { ttl });
        let keys = keysOf.get(found.account);
        if (!keys) keysOf.set(found.account, (keys = new Set()));
        keys.add(key);
      }
      return found.value;
    },
    /** Forgets the account's entries in this instance (after a change made through it). */
    forget,
    close() {
      unsubscribe();
      cache.clear();
    },
  };
}
