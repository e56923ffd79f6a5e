import type { Runner } from 'graphile-worker';
import { sleep } from '../../lib/sleep';

type TLog = { error: (object: object, message: string) => void };

/**
 * Runs a graphile-worker runner and starts a fresh one whenever it stops on its own. The queue
 * library stops its worker pool when it cannot mark a job done or failed (the database went away
 * in the middle of that write), and the process would take no more jobs until restarted
 * (docs/decisions/0026-outages.md). A fresh runner is safe: the `jobs` rows are the truth
 * (docs/decisions/0013-jobs-queue-and-engines.md), and a queue message left locked by the old one
 * finds its attempt already taken when it is run again.
 *
 * `stop()` expects `signal` to be aborted first, so nothing is started again while stopping.
 */
export async function keepRunning(
  name: string,
  start: () => Promise<Runner>,
  options: { signal: AbortSignal; log: TLog },
): Promise<{ stop: () => Promise<void> }> {
  const { signal, log } = options;
  let current = await start();
  let restarting: Promise<void> = Promise.resolve();

  const restart = async () => {
    for (let attempt = 0; !signal.aborted; attempt += 1) {
      try {
        current = await start();
        watch(current);
        return;
      } catch (error) {
        if (signal.aborted) return;
        log.error({ err: error }, `The job queue (${name}) cannot start again; retrying`);
        await sleep(Math.min(30_000, 1_000 * 2 ** attempt), signal).catch(() => {});
      }
    }
  };
  const watch = (runner: Runner) => {
    void runner.promise
      .catch(() => {})
      .then(() => {
        if (signal.aborted || runner !== current) return;
        log.error({}, `The job queue (${name}) stopped on its own; starting it again`);
        restarting = restart();
      });
  };
  watch(current);

  return {
    async stop() {
      await restarting;
      // A runner that stopped on its own refuses a second stop: that is fine.
      await current.stop().catch(() => {});
    },
  };
}
