import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TTestContext } from './app';

/**
 * Starts a real worker process on the test app's database and files (fixtures/hanging-worker.ts):
 * it takes a job, hangs in the engine, and is killed outright by `kill`, as a crashed machine
 * would leave the job behind.
 */
export function startHangingWorker(ctx: Pick<TTestContext, 'database' | 'config'>): {
  kill: () => Promise<void>;
} {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./fixtures/hanging-worker.ts', import.meta.url)),
      ctx.database.url,
      path.join(ctx.config.DATA_DIR, 'files'),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
