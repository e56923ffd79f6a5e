/**
 * A worker's first job, cold and warmed: the same small upscale (64×64, Version 2, the default)
 * as the first job of a fresh worker that loads its models on demand, and of one that warmed
 * them at start (`warmUp`), each against a later job of the same warmed worker in the same run.
 * Each worker gets services of its own, so its engine, face and safety threads start cold.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import type { TConfig } from '../apps/server/src/config';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { jobs } from '../apps/server/src/db/schema';
import { startWorker } from '../apps/server/src/modules/jobs/worker';
import { createServices } from '../apps/server/src/services';
import { buyPlan, registerAccount } from '../apps/server/test/accounts';
import { multipartForm } from '../apps/server/test/images';

async function upscaleJob(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: TDatabaseHandle,
  headers: { authorization: string },
  input: Buffer,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers,
    payload: multipartForm({ tool: 'upscale', model: 'v2', overlappingTiles: 'false' }, [
      { field: 'image', name: 'in.png', type: 'image/png', data: input },
    ]),
  });
  if (response.statusCode !== 201) throw new Error(`queue answered ${response.statusCode}`);
  const { id } = response.json().job as { id: string };
  for (;;) {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    if (row?.status === 'failed') throw new Error(`job failed: ${row.failureReason}`);
    if (row?.status === 'succeeded') return row.finishedAt!.getTime() - row.createdAt.getTime();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function firstJobs(config: TConfig, database: TDatabaseHandle, warmUp: boolean) {
  const services = await createServices(config);
  const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });
  let warmed!: () => void;
  const warmedUp = new Promise<void>((resolve) => (warmed = resolve));
  try {
    const account = await registerAccount(app, warmUp ? 'warm' : 'cold');
    await buyPlan(app, account, 'launch');
    const input = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#c48' },
    })
      .png()
      .toBuffer();
    const worker = await startWorker({
      db: database.db,
      pool: database.pool,
      deps: services,
      concurrency: 1,
      warmUp,
      log: {
        info: (message) => {
          if (message.startsWith('Models warmed up')) warmed();
        },
        error: (object, message) => console.error(message, object),
      },
    });
    try {
      // A server takes a while from start to its first job; the warmed worker is given that.
      if (warmUp) await warmedUp;
      const first = await upscaleJob(app, database, account.headers, input);
      const later = await upscaleJob(app, database, account.headers, input);
      return { first, later };
    } finally {
      await worker.stop();
    }
  } finally {
    await app.close();
    await services.stop();
  }
}

export async function benchWarmUp(config: TConfig, database: TDatabaseHandle) {
  const cold = await firstJobs(config, database, false);
  const warm = await firstJobs(config, database, true);
  return { cold, warm };
}

export function reportWarmUp({ cold, warm }: Awaited<ReturnType<typeof benchWarmUp>>): void {
  console.log(
    "\nA worker's first job (upscale of a 64×64 picture, Version 2), enqueue to done, against a later job of the same worker",
  );
  console.log(
    `  cold worker: first ${cold.first} ms, later ${cold.later} ms (ratio ${(cold.first / cold.later).toFixed(1)})`,
  );
  console.log(
    `  worker that warmed its models at start: first ${warm.first} ms, later ${warm.later} ms (ratio ${(warm.first / warm.later).toFixed(1)}, goal about 1)`,
  );
}
