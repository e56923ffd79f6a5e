import { createAccountCache } from '../../lib/account-cache';
import type { TCacheEvents } from '../../lib/cache-events';
import type { TEncodings } from '../../lib/precompressed';

/**
 * How long a calendar answer is served from memory without asking the database again. Its
 * signed file links stay valid for at least an hour past it (lib/file-urls.ts).
 */
export const CALENDAR_CACHE_TTL_MS = 60_000;
const CALENDAR_CACHE_MAX = 5_000;

/**
 * Each account's calendar answers (`GET /api/posts` for a month or a range), encoded, for a
 * short while (docs/decisions/0031-session-cache-and-hot-reads.md): a month of a thousand posts
 * is read and encoded once per change, not on every look or on the page's polls while a post
 * goes out. Triggers announce every change behind it (posts, their platform copies, their sales,
 * the pages' handles, the accounts' names) in whichever process made it, the worker's included,
 * and every instance forgets that account's answers when the change commits.
 */
export function createCalendarCache(cacheEvents: TCacheEvents) {
  const cache = createAccountCache<TEncodings>({
    cacheEvents,
    event: 'calendar',
    max: CALENDAR_CACHE_MAX,
    ttlMs: CALENDAR_CACHE_TTL_MS,
  });
  return {
    /** The account's encoded answer to `query`, from memory or from `read`. */
    async get(
      workspaceId: string,
      query: string,
      read: () => Promise<TEncodings>,
    ): Promise<TEncodings> {
      const answer = await cache.load(`${workspaceId}?${query}`, async () => ({
        account: workspaceId,
        value: await read(),
      }));
      return answer!;
    },
    forget: cache.forget,
    close: cache.close,
  };
}

export type TCalendarCache = ReturnType<typeof createCalendarCache>;
