// A speech thread: one run of the offline synthesizer (Flite compiled to WebAssembly, run on
// Node's WASI) and nothing else. flite.ts starts one for each synthesis and it ends when done,
// so synthesis never holds up the thread that asked for it. The compiled module comes with the
// task (the caller compiles it once); the synthesizer sees only the task's folder, where it
// writes the WAV, and its output (the phone timings) goes to a file there too.
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

/** A compiled WebAssembly module, passed along whole. */
export type TWasmModule = object;

/** Node's WebAssembly global, which the TypeScript libraries used here declare only as types. */
export type TWebAssembly = {
  compile: (bytes: Uint8Array) => Promise<TWasmModule>;
  instantiate: (module: TWasmModule, imports: object) => Promise<object>;
};

/** What the thread is given: the compiled synthesizer, its arguments and its one folder. */
export type TFliteTask = {
  module: TWasmModule;
  args: string[];
  /** The folder on disk, and the name the synthesizer knows it by. */
  folder: string;
  mountedAt: string;
  /** Files (on disk) for the synthesizer's standard output and errors. */
  stdoutFile: string;
  stderrFile: string;
};

/** What it answers: the synthesizer's exit code. */
export type TFliteDone = { code: number };

/**
 * Node warns once per thread that WASI is experimental; that one warning is no news to the
 * server and would come with every synthesis. Every other warning is emitted as usual.
 */
function quietWasiWarning(): void {
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (!text.startsWith('WASI is an experimental feature')) emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}

async function synthesize(task: TFliteTask): Promise<TFliteDone> {
  quietWasiWarning();
  // Loaded only now, after the warning is quieted: loading the module is what warns.
  const { WASI } = await import('node:wasi');
  const stdout = openSync(task.stdoutFile, 'w');
  const stderr = openSync(task.stderrFile, 'w');
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: task.args,
      env: {},
      preopens: { [task.mountedAt]: task.folder },
      returnOnExit: true,
      stdout,
      stderr,
    });
    const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: TWebAssembly };
    const instance = await wasm.instantiate(task.module, wasi.getImportObject());
    return { code: wasi.start(instance) };
  } finally {
    closeSync(stdout);
    closeSync(stderr);
  }
}

parentPort?.postMessage(await synthesize(workerData as TFliteTask));
