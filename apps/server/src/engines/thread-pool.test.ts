import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../lib/paths';
import { ThreadPool } from './thread-pool';

type TEchoTask = { action: 'echo' | 'fail' | 'hang' | 'exit'; value: number; bytes?: Uint8Array };
type TEchoResult = { value: number; threadId: number; length: number };

const ECHO = pathToFileURL(path.join(SERVER_ROOT, 'test/fixtures/echo-thread.mjs'));
const pools: ThreadPool<TEchoTask, TEchoResult>[] = [];
const newPool = (threads = 1) => {
  const pool = new ThreadPool<TEchoTask, TEchoResult>({
    entry: ECHO,
    handler: 'runEcho',
    threads,
  });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.stop()));
});

describe('a thread pool', () => {
  it('starts no thread before its first task, then answers each task with its progress', async () => {
    const pool = newPool(2);
    expect(pool.threads).toBe(0);
    const progress: string[][] = [[], [], []];
    const answers = await Promise.all(
      [1, 2, 3].map((value, i) =>
        pool.run(
          { action: 'echo', value },
          { onProgress: (percent, stage) => progress[i]!.push(`${percent} ${stage}`) },
        ),
      ),
    );
    expect(answers.map((answer) => answer.value)).toEqual([2, 4, 6]);
    // Every update of a task arrives before its answer, in order.
    for (const updates of progress) expect(updates).toEqual(['25 At 25', '50 At 50', '75 At 75']);
    expect(pool.threads).toBe(2);
  });

  it('moves the bytes of a task instead of copying them', async () => {
    const bytes = new Uint8Array(1024).fill(7);
    const answer = await newPool().run(
      { action: 'echo', value: 1, bytes },
      { transfer: [bytes.buffer] },
    );
    expect(answer.length).toBe(1024);
    // Moved: the caller's view is detached.
    expect(bytes.byteLength).toBe(0);
  });

  it("fails a task with the thread's error, and keeps the thread", async () => {
    const pool = newPool();
    const first = await pool.run({ action: 'echo', value: 1 });
    await expect(pool.run({ action: 'fail', value: 7 })).rejects.toMatchObject({
      name: 'RangeError',
      message: 'too big: 7',
    });
    expect((await pool.run({ action: 'echo', value: 2 })).threadId).toBe(first.threadId);
  });

  it('fails the task of a thread that dies, and runs the next one on a new thread', async () => {
    const pool = newPool();
    const first = await pool.run({ action: 'echo', value: 1 });
    await expect(pool.run({ action: 'exit', value: 0 })).rejects.toThrow(
      'worker exited with code: 3',
    );
    const next = await pool.run({ action: 'echo', value: 21 });
    expect(next.value).toBe(42);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('aborts a running task through its signal, and the pool goes on', async () => {
    const pool = newPool();
    const controller = new AbortController();
    const hanging = pool.run(
      { action: 'hang', value: 0 },
      {
        signal: controller.signal,
        onProgress: (_percent, stage) => {
          if (stage === 'Hanging') controller.abort();
        },
      },
    );
    await expect(hanging).rejects.toMatchObject({ name: 'AbortError' });
    expect((await pool.run({ action: 'echo', value: 5 })).value).toBe(10);
  });

  it('does not keep the process alive once its threads are idle', async () => {
    // A process that ran a task and forgot to stop its pool still ends by itself.
    const script = `
      import { ThreadPool } from ${JSON.stringify(fileURLToPath(new URL('./thread-pool.ts', import.meta.url)))};
      const pool = new ThreadPool({ entry: new URL(${JSON.stringify(ECHO.href)}), handler: 'runEcho', threads: 2 });
      const answer = await pool.run({ action: 'echo', value: 4 });
      console.log(answer.value, pool.threads);
    `;
    const folder = await mkdtemp(path.join(tmpdir(), 'muse-pool-'));
    try {
      const file = path.join(folder, 'forgets-to-stop.mjs');
      await writeFile(file, script);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
        cwd: SERVER_ROOT,
        timeout: 25_000,
      });
      expect(stdout.trim()).toBe('8 1');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
