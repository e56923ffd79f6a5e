import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { z } from 'zod';
import { listenChannel } from '../../lib/pg-listen';

/** A job that changed, or `id: '*'` after a reconnection: any of the user's jobs may have. */
const ZJobChange = z.object({ id: z.string(), workspaceId: z.string() });
export type TJobChange = z.infer<typeof ZJobChange>;
export const ANY_JOB = '*';

/**
 * Job changes from every instance, through PostgreSQL LISTEN/NOTIFY (a trigger on `jobs`
 * announces each insert and update on `muse_jobs`). One connection per process listens;
 * subscribers are called per user.
 */
export function createJobEvents(pool: pg.Pool, log: { error: (o: object, m: string) => void }) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = listenChannel(pool, 'muse_jobs', {
    log,
    onMessage: (payload) => {
      try {
        const change = ZJobChange.safeParse(JSON.parse(payload));
        // Anything else on the channel is not ours.
        if (change.success) emitter.emit(change.data.workspaceId, change.data);
      } catch {
        // Not JSON: not ours either.
      }
    },
    // Changes announced while the connection was down are lost: every subscriber re-reads.
    onReconnect: () => {
      for (const workspaceId of emitter.eventNames())
        emitter.emit(workspaceId, {
          id: ANY_JOB,
          workspaceId: String(workspaceId),
        } satisfies TJobChange);
    },
  });

  return {
    start: listener.start,
    /** Calls `listener` on every change of the user's jobs until the returned function is called. */
    subscribe(workspaceId: string, callback: (change: TJobChange) => void): () => void {
      emitter.on(workspaceId, callback);
      return () => emitter.off(workspaceId, callback);
    },
    close: listener.close,
  };
}

export type TJobEvents = ReturnType<typeof createJobEvents>;
