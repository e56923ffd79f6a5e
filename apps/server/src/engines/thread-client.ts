import { Worker } from 'node:worker_threads';

/** What a thread answers: every message names the request it belongs to. */
export type TThreadMessage = { id: number };

type TPending<TMessage> = {
  /** Returns true when `message` settles the request (an answer), false for an update. */
  onMessage: (message: TMessage) => boolean;
  resolve: (message: TMessage) => void;
  reject: (error: Error) => void;
};

/**
 * A worker thread that answers numbered requests: started on first use, restarted after it
 * dies (its open requests fail with the reason), and unreferenced while idle so it never keeps
 * the process alive. Messages `{ id, type: 'error', name, message }` reject their request.
 */
export class ThreadClient<TMessage extends TThreadMessage> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, TPending<TMessage>>();
  private nextId = 1;

  constructor(
    private readonly entry: URL,
    private readonly options: { name: string; workerData?: unknown },
  ) {}

  /** Requests waiting for their answer. */
  get load(): number {
    return this.pending.size;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, { workerData: this.options.workerData });
    worker.unref();
    worker.on('message', (message: TMessage) => {
      const pending = this.pending.get(message.id);
      if (!pending || !pending.onMessage(message)) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      const failure = message as TMessage & { type?: string; name?: string; message?: string };
      if (failure.type === 'error') {
        const error = new Error(failure.message);
        error.name = failure.name ?? 'Error';
        pending.reject(error);
      } else pending.resolve(message);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [, pending] of this.pending) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`The ${this.options.name} stopped (exit code ${code})`)),
    );
    this.worker = worker;
    return worker;
  }

  /**
   * Sends the request `build(id)` returns (transferring `transfer`) and resolves with the
   * message that settles it; `onUpdate` sees the ones that do not (progress).
   */
  request(
    build: (id: number) => { message: unknown; transfer?: ArrayBuffer[] },
    settles: (message: TMessage) => boolean = () => true,
    onUpdate: (message: TMessage) => void = () => {},
  ): { id: number; answer: Promise<TMessage> } {
    const worker = this.start();
    const id = this.nextId++;
    const answer = new Promise<TMessage>((resolve, reject) => {
      this.pending.set(id, {
        onMessage: (message) => {
          if (settles(message)) return true;
          onUpdate(message);
          return false;
        },
        resolve,
        reject,
      });
      worker.ref();
      const { message, transfer } = build(id);
      worker.postMessage(message, transfer ?? []);
    });
    return { id, answer };
  }

  /** Sends a message about request `id` that expects no answer of its own (a cancellation). */
  tell(message: unknown): void {
    this.worker?.postMessage(message);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
