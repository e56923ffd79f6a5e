/**
 * The job queue's overhead: how long a queued upscale waits before a worker starts it, and how
 * long the whole job takes, each against a baseline measured in the same rounds (bare calls,
 * bare round trips and jobs alternate): the bare model call on the same picture, and the least a
 * queue on LISTEN/NOTIFY can take. The picture is small (64×64, Version 1) so the queue's share
 * is visible.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { jobs } from '../apps/server/src/db/schema';
import { startWorker } from '../apps/server/src/modules/jobs/worker';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { multipartForm } from '../apps/server/test/images';

/** Enqueue to start, the median job's: at most this (docs/decisions/0060-queue-start-latency.md). */
export const QUEUE_START_GOAL_MS = 10;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const FLOOR_CHANNEL = 'bench_queue_floor';

/**
 * The least a queue on LISTEN/NOTIFY can take, timed as the jobs are: a transaction that writes
 * one row and notifies, its commit, the listener's wake-up and one claiming write (a worker's
 * fetch of its message), from before the transaction to the claim's answer. Its connections are
 * its own, so it never waits for the app's pool. Answers a function timing one round trip, and
 * one that puts the table and the connections away.
 */
async function bareRoundTrips(database: TDatabaseHandle) {
  const { connectionString } = database.pool.options;
  const open = async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    return client;
  };
  const [writer, listener, claimer] = await Promise.all([open(), open(), open()]);
  await writer.query(
    `create table if not exists ${FLOOR_CHANNEL} (id bigserial primary key, claimed_at timestamptz)`,
  );
  let claim: ((id: string) => void) | null = null;
  listener.on('notification', (message) => {
    if (message.channel === FLOOR_CHANNEL && message.payload) claim?.(message.payload);
  });
  await listener.query(`listen ${FLOOR_CHANNEL}`);
  return {
    async time(): Promise<number> {
      const claimed = new Promise<number>((resolve, reject) => {
        claim = (id) => {
          claim = null;
          claimer
            .query(
              `update ${FLOOR_CHANNEL} set claimed_at = now() where id = $1 and claimed_at is null`,
              [id],
            )
            .then(() => resolve(performance.now()), reject);
        };
      });
      const started = performance.now();
      await writer.query('begin');
      await writer.query(
        `with added as (insert into ${FLOOR_CHANNEL} default values returning id) select pg_notify('${FLOOR_CHANNEL}', id::text) from added`,
      );
      await writer.query('commit');
      return (await claimed) - started;
    },
    async close() {
      await writer.query(`drop table ${FLOOR_CHANNEL}`);
      await Promise.all([writer, listener, claimer].map((client) => client.end()));
    },
  };
}

export async function benchQueue(app: FastifyInstance, database: TDatabaseHandle, count = 10) {
  const input = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#c48' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="64" height="64"><circle cx="32" cy="30" r="18" fill="#fd9"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const options = { model: 'v1', overlappingTiles: false } as const;

  // Warm-up: the model is loaded before anything is timed.
  const context = { onProgress: () => {} };
  await app.services.engines.upscale.run(input, options, context);
  const bare: number[] = [];
  const roundTrips: number[] = [];

  const account = await registerAccount(app, 'bench');
  await buyPlan(app, account, 'launch');
  const floor = await bareRoundTrips(database);
  await floor.time(); // warm-up: the connections and the statements
  const worker = await startWorker({
    db: database.db,
    pool: database.pool,
    deps: app.services,
    concurrency: 1,
    log: { info: () => {}, error: () => {} },
  });
  const waits: number[] = [];
  const totals: number[] = [];
  try {
    // Bare calls, bare round trips and jobs alternate, so all see the same load on the machine.
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      await app.services.engines.upscale.run(input, options, context);
      bare.push(performance.now() - started);
      roundTrips.push(await floor.time());
      const response = await app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: account.headers,
        payload: multipartForm(
          { tool: 'upscale', model: options.model, overlappingTiles: 'false' },
          [{ field: 'image', name: 'in.png', type: 'image/png', data: input }],
        ),
      });
      if (response.statusCode !== 201) throw new Error(`queue answered ${response.statusCode}`);
      const { id } = response.json().job as { id: string };
      for (;;) {
        const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
        if (row?.status === 'failed') throw new Error(`job failed: ${row.failureReason}`);
        if (row?.status === 'succeeded') {
          // From the start of the transaction that writes the job (created_at is its now()):
          // its room, turn and payment are part of the wait, as the creator waits for them.
          waits.push(row.startedAt!.getTime() - row.createdAt.getTime());
          totals.push(row.finishedAt!.getTime() - row.createdAt.getTime());
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  } finally {
    await worker.stop();
    await floor.close();
  }
  return {
    bare: median(bare),
    roundTrip: median(roundTrips),
    wait: median(waits),
    total: median(totals),
    count,
  };
}

export function reportQueue(queue: Awaited<ReturnType<typeof benchQueue>>): void {
  const met = queue.wait <= QUEUE_START_GOAL_MS ? 'met' : 'not met';
  console.log(`\nJob queue, upscale of a 64×64 picture (Version 1), median of ${queue.count} jobs`);
  console.log(`  bare model call (baseline): ${queue.bare.toFixed(0)} ms`);
  console.log(
    `  bare LISTEN/NOTIFY round trip (baseline: a committed insert, its notification, one claiming write): ${queue.roundTrip.toFixed(1)} ms`,
  );
  console.log(
    `  enqueue to start (queue overhead): ${queue.wait.toFixed(0)} ms (goal ≤ ${QUEUE_START_GOAL_MS} ms, ${met}; ratio to the bare round trip ${(queue.wait / queue.roundTrip).toFixed(1)})`,
  );
  console.log(
    `  enqueue to done (whole job): ${queue.total.toFixed(0)} ms (ratio to the bare model call ${(queue.total / queue.bare).toFixed(2)})`,
  );
  console.log(`  ratio queue overhead / bare model call: ${(queue.wait / queue.bare).toFixed(2)}`);
}
