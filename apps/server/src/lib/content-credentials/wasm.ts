/**
 * `@contentauth/c2pa-wasm` (c2pa-rs 0.92 built for WebAssembly) under Node: the ~9 MB module is
 * read, compiled and instantiated once per process, on first use (`initSync`, about 0.1 s that
 * holds the event loop once). Its memory grows to the largest file handled and stays so.
 *
 * The package is made for browsers' workers: every method that takes a `Blob` (the builder's
 * `sign` and `addIngredientFromBlob`, the reader's `fromBlob`) reads it through `blob.size`,
 * `blob.slice(start, end)` and a synchronous `new FileReaderSync().readAsArrayBuffer(slice)`,
 * which Node lacks. `bytesBlob` is an object with just that `size` and `slice` over bytes in
 * memory, and a `FileReaderSync` that reads only such objects is defined on `globalThis` when
 * there is none. Reading goes through `WasmReader.fromBytes`, which needs neither.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as C2pa from '@contentauth/c2pa-wasm';

type TWasm = typeof C2pa;

const require = createRequire(import.meta.url);

let loading: Promise<TWasm> | undefined;

/** Milliseconds the first `c2pa()` took to read, compile and instantiate the module. */
export let initMilliseconds: number | undefined;

/** The initialised bindings (the first call loads them; later ones share that). */
export function c2pa(): Promise<TWasm> {
  loading ??= (async () => {
    const started = performance.now();
    const [bindings, bytes] = await Promise.all([
      import('@contentauth/c2pa-wasm'),
      readFile(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')),
    ]);
    installFileReaderSync();
    bindings.initSync({ module: bytes });
    initMilliseconds = performance.now() - started;
    return bindings;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

const BYTES = Symbol('bytes');

type TBytesBlob = { readonly size: number; slice(start?: number, end?: number): TBytesBlob };

class BytesBlob implements TBytesBlob {
  readonly [BYTES]: Uint8Array;
  constructor(bytes: Uint8Array) {
    this[BYTES] = bytes;
  }
  get size() {
    return this[BYTES].byteLength;
  }
  slice(start = 0, end = this[BYTES].byteLength) {
    return new BytesBlob(this[BYTES].subarray(start, end));
  }
}

/** `bytes` as the wasm bindings read a `Blob` (typed as one for their signatures). */
export function bytesBlob(bytes: Uint8Array): Blob {
  return new BytesBlob(bytes) as unknown as Blob;
}

function installFileReaderSync() {
  const scope = globalThis as { FileReaderSync?: unknown };
  if (scope.FileReaderSync) return;
  scope.FileReaderSync = class FileReaderSync {
    readAsArrayBuffer(blob: unknown): ArrayBuffer {
      if (!(blob instanceof BytesBlob)) throw new TypeError('FileReaderSync: not a bytesBlob');
      const bytes = blob[BYTES];
      return bytes.buffer.slice(
        bytes.byteOffset,
        bytes.byteOffset + bytes.byteLength,
      ) as ArrayBuffer;
    }
  };
}
