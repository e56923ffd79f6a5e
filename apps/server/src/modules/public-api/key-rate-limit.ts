import type { TDatabase } from '../../db/client';
import { rateLimitHit } from '../../lib/rate-limit';

/** What a key's call may know of its limit: the IETF draft's `RateLimit` fields. */
export type TRateLimitState = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  windowSeconds: number;
};

type TLease = { windowEndsAt: number; permits: number; remaining: number };

/**
 * Each API key's calls per minute, counted in PostgreSQL so every instance shares the count
 * (docs/decisions/0050-public-api.md). An instance does not ask the database on every call: it
 * takes a lease of a few calls at once (a twentieth of the limit) and spends it in memory, so the
 * count costs one statement per lease. The sum over instances never passes the limit; a lease an
 * instance does not use up lowers what others may take, until the window ends.
 */
export function createKeyRateLimiter(db: TDatabase, limitPerMinute: number) {
  const windowSeconds = 60;
  const leaseSize = Math.max(1, Math.ceil(limitPerMinute / 20));
  const leases = new Map<string, TLease>();
  const taking = new Map<string, Promise<TLease>>();

  async function takeLease(keyId: string): Promise<TLease> {
    const { rows } = await db.execute<{ hits: number; ends_at_ms: string }>(
      rateLimitHit(`api-key:${keyId}`, windowSeconds, leaseSize),
    );
    const row = rows[0]!;
    const hits = Number(row.hits);
    // What this lease may spend: the hits it counted that still fit under the limit.
    const permits = Math.max(0, Math.min(leaseSize, limitPerMinute - (hits - leaseSize)));
    return {
      windowEndsAt: Number(row.ends_at_ms),
      permits,
      remaining: Math.max(0, limitPerMinute - hits),
    };
  }

  function state(lease: TLease, allowed: boolean): TRateLimitState {
    return {
      allowed,
      limit: limitPerMinute,
      remaining: lease.remaining + lease.permits,
      resetSeconds: Math.max(0, Math.ceil((lease.windowEndsAt - Date.now()) / 1000)),
      windowSeconds,
    };
  }

  return {
    /** Spends one call of the key: allowed or not, with what is left. */
    async hit(keyId: string): Promise<TRateLimitState> {
      for (;;) {
        const lease = leases.get(keyId);
        if (lease && lease.windowEndsAt > Date.now()) {
          if (lease.permits > 0) {
            lease.permits -= 1;
            return state(lease, true);
          }
          // The window is used up everywhere: nothing more until it ends.
          if (lease.remaining === 0) return state(lease, false);
        }
        // One lease at a time per key on this instance: concurrent calls share it.
        let pending = taking.get(keyId);
        if (!pending) {
          pending = takeLease(keyId).finally(() => taking.delete(keyId));
          taking.set(keyId, pending);
          const taken = await pending;
          leases.set(keyId, taken);
          if (taken.permits === 0) return state(taken, false);
        } else {
          await pending;
        }
        if (leases.size > 10_000) leases.delete(leases.keys().next().value!);
      }
    },
  };
}

export type TKeyRateLimiter = ReturnType<typeof createKeyRateLimiter>;
