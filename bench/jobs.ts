/**
 * The job queue's overhead: how long a queued upscale waits before a worker starts it, and how
 * long the whole job takes, each against the bare model call on the same picture in the same
 * run (bare calls and jobs alternate). The picture is small (64×64, Version 1) so the queue's
 * share is visible.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { jobs } from '../apps/server/src/db/schema';
import { startWorker } from '../apps/server/src/modules/jobs/worker';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { multipartForm } from '../apps/server/test/images';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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

  const account = await registerAccount(app, 'bench');
  await buyPlan(app, account, 'launch');
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
    // Bare calls and jobs alternate, so both see the same load on the machine.
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      await app.services.engines.upscale.run(input, options, context);
      bare.push(performance.now() - started);
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
          waits.push(row.startedAt!.getTime() - row.createdAt.getTime());
          totals.push(row.finishedAt!.getTime() - row.createdAt.getTime());
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  } finally {
    await worker.stop();
  }
  return { bare: median(bare), wait: median(waits), total: median(totals), count };
}
