import pg from 'pg';
import { listenChannel } from './pg-listen';

type TLog = { error: (object: object, message: string) => void };
type TCacheEventHandlers = {
  /** A session or the account itself changed: `userId`'s cached sessions are stale. */
  account?: (userId: string) => void;
  /** A figure or a card of the account's dashboard changed: its cached dashboard is stale. */
  dashboard?: (userId: string) => void;
  /** A post, a platform copy or a sale of the account changed: its cached calendar is stale. */
  calendar?: (userId: string) => void;
  /**
   * A post, the page or the influencer behind a public page changed: what a signed-out visitor
   * sees of `influencerId`'s page is stale.
   */
  publicPage?: (influencerId: string) => void;
  /** A model or a licence changed: the cached marketplace list is stale. */
  marketplace?: () => void;
  /** Announcements may have been lost while the connection was down: nothing cached holds. */
  reconnect?: () => void;
};

/**
 * Changes behind this instance's in-memory caches, made by any process, through PostgreSQL
 * LISTEN/NOTIFY: triggers announce them on `muse_cache` as they commit
 * (docs/decisions/0031-session-cache-and-hot-reads.md). One connection per app listens, whatever
 * the number of caches. It is a connection of its own, outside `pool`, opened with the same
 * settings: the pool's connections stay free for queries (a test's pool has only five).
 */
export function createCacheEvents(pool: pg.Pool, log: TLog) {
  const own = new pg.Pool({ ...pool.options, max: 1 });
  // A dropped connection is reported and reopened by listenChannel; the pool must not crash.
  own.on('error', () => {});
  own.on('connect', (client) => client.on('error', () => {}));
  const subscribers = new Set<TCacheEventHandlers>();
  const each = (call: (handlers: TCacheEventHandlers) => void) => {
    for (const handlers of subscribers) call(handlers);
  };
  const listener = listenChannel(own, 'muse_cache', {
    log,
    onMessage: (payload) => {
      if (payload === 'marketplace') each((handlers) => handlers.marketplace?.());
      else if (payload.startsWith('account:')) {
        const userId = payload.slice('account:'.length);
        each((handlers) => handlers.account?.(userId));
      } else if (payload.startsWith('dashboard:')) {
        const userId = payload.slice('dashboard:'.length);
        each((handlers) => handlers.dashboard?.(userId));
      } else if (payload.startsWith('page:')) {
        const influencerId = payload.slice('page:'.length);
        each((handlers) => handlers.publicPage?.(influencerId));
      } else if (payload.startsWith('calendar:')) {
        const userId = payload.slice('calendar:'.length);
        each((handlers) => handlers.calendar?.(userId));
      }
    },
    onReconnect: () => each((handlers) => handlers.reconnect?.()),
  });
  return {
    /** Resolves once the connection listens (it keeps trying while the database is down). */
    start: listener.start,
    subscribe(handlers: TCacheEventHandlers): () => void {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async close() {
      subscribers.clear();
      await listener.close();
      await own.end();
    },
  };
}

export type TCacheEvents = ReturnType<typeof createCacheEvents>;
