import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { tooManyRequests } from './errors';

export type TRateLimit = { max: number; windowSeconds: number };

/**
 * Counts one hit against `key` in a fixed window kept in PostgreSQL, so every server instance
 * shares it, and refuses with 429 past `max`. One statement; concurrent hits cannot both slip in.
 */
export async function consumeRateLimit(
  db: TDatabase,
  key: string,
  limit: TRateLimit,
): Promise<void> {
  const { rows } = await db.execute<{ hits: number }>(rateLimitHit(key, limit.windowSeconds));
  if ((rows[0]?.hits ?? 0) > limit.max) throw tooManyRequests();
}

/**
 * The statement that counts `count` hits (one, unless a caller leases several at once) against
 * `key` in its window and returns `hits`, the count including these, and `ends_at_ms`, when the
 * window ends; also usable as a `with` part of a larger statement. With `onlyIf`, a condition
 * (say on an earlier `with` part), nothing is counted and no row returned unless it holds. The
 * key and the window may be placeholders, for a prepared statement.
 */
export function rateLimitHit(
  key: string | Placeholder,
  windowSeconds: number | Placeholder,
  count = 1,
  onlyIf?: SQL,
): SQL {
  const row = onlyIf
    ? sql`select ${key}::text, now(), ${count}::integer where ${onlyIf}`
    : sql`values (${key}, now(), ${count})`;
  return sql`
    insert into rate_limit_hits (key, window_started_at, hits) ${row}
    on conflict (key) do update set
      hits = case when rate_limit_hits.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then ${count} else rate_limit_hits.hits + ${count} end,
      window_started_at = case when rate_limit_hits.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then now() else rate_limit_hits.window_started_at end
    returning hits,
      extract(epoch from window_started_at + make_interval(secs => ${windowSeconds})) * 1000 as ends_at_ms`;
}

/**
 * Gives back one hit counted by `consumeRateLimit`, for an attempt that turned out not to count
 * (a sign-in with the right password: only failures count, docs/decisions/0024-sign-in-limits.md).
 */
export async function refundRateLimit(db: TDatabase, key: string): Promise<void> {
  await db.execute(rateLimitRefund(key));
}

/**
 * The statement behind `refundRateLimit`, also usable as a `with` part of a larger statement;
 * the key may be a placeholder, for a prepared statement.
 */
export function rateLimitRefund(key: string | Placeholder): SQL {
  return sql`update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ${key}`;
}
