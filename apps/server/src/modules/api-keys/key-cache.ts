import type { TDatabase } from '../../db/client';
import { createAccountCache } from '../../lib/account-cache';
import type { TCacheEvents } from '../../lib/cache-events';
import { hashToken } from '../../lib/tokens';
import { LAST_USED_PRECISION_MS, onAccountChanged } from '../auth/sessions';
import { lookUpApiKey, touchApiKey, type TApiKeyActor } from './service';

/** How long a live key is trusted without asking the database again: as long as a session. */
export const API_KEY_CACHE_TTL_MS = 30_000;
const API_KEY_CACHE_MAX = 10_000;

/** A caller of the public API that presented a live key: it acts for the key's workspace. */
export type TKeyCaller = { apiKey: TApiKeyActor };

/**
 * Live API keys by the hash of their secret, kept as sessions are
 * (docs/decisions/0031-session-cache-and-hot-reads.md): revoking a key, or any change to its
 * account, is announced by the database and forgotten by every instance at once; this instance
 * forgets before its answer goes out. Never kept past the key's expiry.
 */
export function createApiKeyCache(db: TDatabase, cacheEvents: TCacheEvents) {
  const cache = createAccountCache<TKeyCaller>({
    cacheEvents,
    event: 'account',
    max: API_KEY_CACHE_MAX,
    ttlMs: API_KEY_CACHE_TTL_MS,
  });
  const stopListeningLocally = onAccountChanged(cache.forget);
  return {
    find(secret: string): TKeyCaller | Promise<TKeyCaller | null> {
      const tokenHash = hashToken(secret);
      return (
        cache.get(tokenHash) ??
        cache.load(tokenHash, async () => {
          const found = await lookUpApiKey(db, tokenHash);
          if (!found) return null;
          const lastUsed = found.lastUsedAt?.getTime() ?? 0;
          if (Date.now() - lastUsed > LAST_USED_PRECISION_MS) {
            touchApiKey(db, found.apiKey.id, LAST_USED_PRECISION_MS).catch(() => {});
          }
          // Announced as its workspace (a key's change) or its owner's account (a suspension).
          return {
            account: found.apiKey.workspaceId,
            value: { apiKey: found.apiKey },
            ...(found.expiresAt ? { ttlMs: found.expiresAt.getTime() - Date.now() } : {}),
          };
        })
      );
    },
    forget: cache.forget,
    close() {
      stopListeningLocally();
      cache.close();
    },
  };
}

export type TApiKeyCache = ReturnType<typeof createApiKeyCache>;
