import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { z } from 'zod';

/** A job that changed, or `id: '*'` after a reconnection: any of the user's jobs may have. */
const ZJobChange = z.object({ id: z.string(), userId: z.string() });
export type TJobChange = z.infer<typeof ZJobChange>;
export const ANY_JOB = '*';
const CHANNEL = 'muse_jobs';

/**
 * Job changes from every instance, through PostgreSQL LISTEN/NOTIFY (a trigger on `jobs`
 * announces each insert and update). One connection per process listens; subscribers are
 * called per user. The connection is re-opened if it drops.
 */
export function createJobEvents(pool: pg.Pool, log: { error: (o: object, m: string) => void }) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.PoolClient | null = null;
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
      // Held for the process's life: a listening connection is never returned to the pool.
      next = await pool.connect();
    } catch (error) {
      log.error({ err: error }, 'Job events cannot connect; retrying');
      scheduleRetry();
      return;
    }
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const change = ZJobChange.safeParse(JSON.parse(message.payload));
        // Anything else on the channel is not ours.
        if (change.success) emitter.emit(change.data.userId, change.data);
      } catch {
        // Not JSON: not ours either.
      }
    });
    next.on('error', (error) => {
      log.error({ err: error }, 'Job events connection lost; reconnecting');
      client = null;
      next.release(error);
      scheduleRetry();
    });
    try {
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      next.release(error as Error);
      scheduleRetry();
      return;
    }
    if (closed) {
      next.release(true);
      return;
    }
    client = next;
    // Changes announced while the connection was down are lost: every subscriber re-reads.
    if (connectedBefore) {
      for (const userId of emitter.eventNames())
        emitter.emit(userId, { id: ANY_JOB, userId: String(userId) } satisfies TJobChange);
    }
    connectedBefore = true;
  };

  return {
    start: connect,
    /** Calls `listener` on every change of the user's jobs until the returned function is called. */
    subscribe(userId: string, listener: (change: TJobChange) => void): () => void {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      client?.release(true);
      client = null;
    },
  };
}

export type TJobEvents = ReturnType<typeof createJobEvents>;
