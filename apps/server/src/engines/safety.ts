import type { TSafetyVerdict } from './local/safety';
import { threadEntry, ThreadPool } from './thread-pool';

export type { TSafetyVerdict } from './local/safety';

/** The offline safety check every output passes before it is stored or shown (nsfwjs). */
export type TSafetyChecker = {
  check: (image: Buffer) => Promise<TSafetyVerdict>;
  stop: () => Promise<void>;
};

/**
 * The safety check of a process: one thread (of the face thread's kind), started on the first
 * check and kept with its model, so the classifier never runs in the thread serving requests.
 */
export function createSafetyChecker(): TSafetyChecker {
  const pool = new ThreadPool<{ input: Uint8Array }, TSafetyVerdict>({
    entry: threadEntry('face-thread', import.meta.url),
    handler: 'runSafetyTask',
    threads: 1,
  });
  return {
    check: (image) => {
      const bytes = new Uint8Array(image);
      return pool.run({ input: bytes }, { transfer: [bytes.buffer] });
    },
    stop: () => pool.stop(),
  };
}
