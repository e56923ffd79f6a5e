import type { TDatabase } from '../../db/client';
import { createAccountCache } from '../../lib/account-cache';
import type { TCacheEvents } from '../../lib/cache-events';
import { hashToken } from '../../lib/tokens';
import { toPublicUser } from './service';
import {
  LAST_USED_PRECISION_MS,
  lookUpSession,
  onAccountChanged,
  touchSession,
  type TAuthenticated,
} from './sessions';

/** How long a live session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Live sessions by the hash of their token, for a short while, so a protected request usually
 * costs no database round trip (docs/decisions/0031-session-cache-and-hot-reads.md). A trigger
 * announces every change of a session or an account (`cacheEvents`), in whichever process made
 * it: every instance forgets that account's sessions when the change commits. Changes made by
 * this process are forgotten before their answer goes out (`accountChanged`). Only live sessions
 * are kept, never past their end; unknown tokens always go to the database.
 */
export function createSessionCache(db: TDatabase, cacheEvents: TCacheEvents) {
  const cache = createAccountCache<TAuthenticated>({
    cacheEvents,
    event: 'account',
    max: SESSION_CACHE_MAX,
    ttlMs: SESSION_CACHE_TTL_MS,
  });
  const stopListeningLocally = onAccountChanged(cache.forget);

  return {
    /**
     * The live session of `token`: at once when this instance holds it (the usual case, and no
     * promise on the hottest path of the API), else a promise of what the database says; null
     * if there is none.
     */
    find(token: string): TAuthenticated | Promise<TAuthenticated | null> {
      const tokenHash = hashToken(token);
      return (
        cache.get(tokenHash) ??
        cache.load(tokenHash, async () => {
          const found = await lookUpSession(db, tokenHash);
          if (!found) return null;
          if (Date.now() - found.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
            // The settings' 'last used': best effort, never in the way of the request.
            touchSession(db, found.sessionId).catch(() => {});
          }
          return {
            account: found.user.id,
            value: {
              user: found.user,
              sessionId: found.sessionId,
              publicUser: toPublicUser(found.user),
            },
            // Never kept past the session's end.
            ttlMs: found.expiresAt.getTime() - Date.now(),
          };
        })
      );
    },
    /** Forgets the account's sessions in this instance (after a change made through it). */
    forget: cache.forget,
    close() {
      stopListeningLocally();
      cache.close();
    },
  };
}

export type TSessionCache = ReturnType<typeof createSessionCache>;
