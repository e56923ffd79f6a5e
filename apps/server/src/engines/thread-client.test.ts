import { describe, expect, it } from 'vitest';
import { ThreadClient } from './thread-client';

/** A thread that echoes, reports progress, fails on request, or exits with a code. */
const ECHO = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    parentPort.on('message', ({ id, action, value }) => {
      if (action === 'exit') process.exit(3);
      if (action === 'fail') {
        parentPort.postMessage({ id, type: 'error', name: 'RangeError', message: 'too big: ' + value });
        return;
      }
      parentPort.postMessage({ id, type: 'progress', value: 50 });
      parentPort.postMessage({ id, type: 'done', value: value * 2 });
    });
  `)}`,
);

type TEcho = { id: number; type: 'progress' | 'done' | 'error'; value?: number };

const ask = (thread: ThreadClient<TEcho>, action: string, value = 0, updates: number[] = []) =>
  thread.request(
    (id) => ({ message: { id, action, value } }),
    (message) => message.type !== 'progress',
    (message) => updates.push(message.value!),
  ).answer;

describe('a thread client', () => {
  it('matches answers to their requests and passes updates along', async () => {
    const thread = new ThreadClient<TEcho>(ECHO, { name: 'test thread' });
    try {
      const updates: number[] = [];
      const answers = Promise.all([1, 2, 3].map((value) => ask(thread, 'echo', value, updates)));
      expect(thread.load).toBe(3);
      expect((await answers).map((answer) => answer.value)).toEqual([2, 4, 6]);
      expect(updates).toEqual([50, 50, 50]);
      expect(thread.load).toBe(0);
      await expect(ask(thread, 'fail', 7)).rejects.toMatchObject({
        name: 'RangeError',
        message: 'too big: 7',
      });
    } finally {
      await thread.stop();
    }
  });

  it('fails the open requests of a thread that dies, and starts a new one for the next', async () => {
    const thread = new ThreadClient<TEcho>(ECHO, { name: 'test thread' });
    try {
      const waiting = ask(thread, 'echo', 1);
      await expect(ask(thread, 'exit')).rejects.toThrow('The test thread stopped (exit code 3)');
      // The echo was answered before the exit, or failed with it: never left hanging.
      await waiting.catch(() => {});
      expect(thread.load).toBe(0);
      expect((await ask(thread, 'echo', 21)).value).toBe(42);
    } finally {
      await thread.stop();
    }
  });
});
