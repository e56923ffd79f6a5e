import type pg from 'pg';

type TLog = { error: (object: object, message: string) => void };

/**
 * Listens on one PostgreSQL NOTIFY channel for the process's life, on a connection of its own
 * (never returned to the pool), re-opened a second after it drops. Notifications sent while it
 * was down are lost, so `onReconnect` is called once it listens again: whoever relies on the
 * channel re-reads what it was waiting for.
 */
export function listenChannel(
  pool: pg.Pool,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onReconnect: () => void; log: TLog },
) {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const { log } = handlers;
  /**
   * Gives the listening connection back (ended, never reused) and resolves once it has ended;
   * null while none listens.
   */
  let releaseListening: (() => Promise<void>) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let connectedBefore = false;

  const scheduleRetry = () => {
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1_000);
    }
  };

  /** Never throws: while the database cannot be reached, it keeps trying every second. */
  const connect = async () => {
    let next: pg.PoolClient;
    try {
      next = await pool.connect();
    } catch (error) {
      log.error({ err: error, channel }, 'Cannot listen for notifications; retrying');
      scheduleRetry();
      return;
    }
    // A dying connection may both fail its LISTEN and emit `error`: it is released once (a
    // second release throws, which from an event handler would crash the process).
    let released = false;
    const release = (reason: Error | true) => {
      if (released) return false;
      released = true;
      next.release(reason);
      return true;
    };
    const drop = (error: Error) => {
      releaseListening = null;
      if (release(error)) scheduleRetry();
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onMessage(message.payload);
    });
    next.on('error', (error) => {
      // Once closed, the connection is on its way out: the database stopping under it is no news.
      if (!closed) log.error({ err: error, channel }, 'Notification connection lost; reconnecting');
      drop(error);
    });
    try {
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      log.error({ err: error, channel }, 'Cannot listen for notifications; retrying');
      drop(error as Error);
      return;
    }
    if (released) return;
    if (closed) {
      release(true);
      return;
    }
    releaseListening = () => {
      const ended = new Promise<void>((resolve) => next.once('end', () => resolve()));
      return release(true) ? ended : Promise.resolve();
    };
    if (connectedBefore) handlers.onReconnect();
    connectedBefore = true;
  };

  return {
    start: connect,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const ending = releaseListening?.();
      releaseListening = null;
      // Closed only once the connection has ended, so the database may stop right after.
      await ending;
    },
  };
}
