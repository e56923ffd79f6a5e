import { LRUCache } from 'lru-cache';
import type { TDatabase } from '../../db/client';
import type { TCacheEvents } from '../../lib/cache-events';
import { hashToken } from '../../lib/tokens';
import { lookUpSession, onAccountChanged, type TAuthenticated } from './sessions';

/** How long a live session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Live sessions by the hash of their token, for a short while, so a protected request usually
 * costs no database round trip (docs/decisions/0031-session-cache-and-hot-reads.md). A trigger
 * announces every change of a session or an account (`cacheEvents`), in whichever process made
 * it: every instance forgets that account's sessions when the change commits. Changes made by this process are forgotten before their answer goes out (`accountChanged`). Only
 * live sessions are kept, never past their end; unknown tokens always go to the database.
 */
export function createSessionCache(db: TDatabase, cacheEvents: TCacheEvents) {
  const cache = new LRUCache<string, TAuthenticated>({
    max: SESSION_CACHE_MAX,
    ttl: SESSION_CACHE_TTL_MS,
  });
  /**
   * Counts forgetting. A lookup that started before the latest one may have read what was just
   * changed, so its answer is used but not kept.
   */
  let generation = 0;

  const forget = (userId: string) => {
    generation += 1;
    const stale: string[] = [];
    for (const [key, value] of cache.entries()) if (value.user.id === userId) stale.push(key);
    for (const key of stale) cache.delete(key);
  };
  const stopListeningLocally = onAccountChanged(forget);
  const unsubscribe = cacheEvents.subscribe({
    account: forget,
    // Changes announced while the connection was down are lost: nothing cached is trusted.
    reconnect: () => {
      generation += 1;
      cache.clear();
    },
  });

  return {
    /** The live session of `token` if this instance holds it, without waiting for anything. */
    cached(token: string): TAuthenticated | undefined {
      return cache.get(hashToken(token));
    },
    /** The live session of `token`, from memory or from the database; null if there is none. */
    async find(token: string): Promise<TAuthenticated | null> {
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) return cached;
      const started = generation;
      const found = await lookUpSession(db, tokenHash);
      if (!found) return null;
      const auth: TAuthenticated = { user: found.user, sessionId: found.sessionId };
      const left = found.expiresAt.getTime() - Date.now();
      if (generation === started && left > 0)
        cache.set(tokenHash, auth, { ttl: Math.min(SESSION_CACHE_TTL_MS, left) });
      return auth;
    },
    /** Forgets the account's sessions in this instance (after a change made through it). */
    forget,
    close() {
      stopListeningLocally();
      unsubscribe();
      cache.clear();
    },
  };
}

export type TSessionCache = ReturnType<typeof createSessionCache>;
