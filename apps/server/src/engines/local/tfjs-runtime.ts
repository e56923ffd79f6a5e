/**
 * TensorFlow.js on its WebAssembly backend, from files on disk only. tfjs-node cannot be
 * installed here, and plain tfjs in Node has no file:// loader, so the .wasm binaries and the
 * model files are located with the package resolver and read with `fs`: nothing downloads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);

/**
 * The folder of an installed package, found from its resolved entry point. Packages whose
 * `exports` map hides `package.json` (the @upscalerjs models) cannot be resolved any other way.
 */
export function packageFolder(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (parsed.name === name) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the folder of the package ${name}`);
    dir = parent;
  }
}

let backend: Promise<typeof tf> | undefined;

/**
 * Selects the WebAssembly backend once per process and resolves with tfjs when it is ready.
 * In Node the backend runs single-threaded (tfjs 4.11 turns multithreading off there), so the
 * thread count is only a hint for builds where it is supported.
 */
export function tfjsWasm(): Promise<typeof tf> {
  backend ??= (async () => {
    // The emscripten loader reads a path prefix with `fs`; it must end with a separator.
    const distFolder = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
    setWasmPaths(distFolder + path.sep);
    setThreadsCount(availableParallelism());
    if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js wasm backend failed');
    await tf.ready();
    return tf;
  })().catch((error: unknown) => {
    backend = undefined;
    throw error;
  });
  return backend;
}

type TWeightsManifest = { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];

type TModelJson = {
  modelTopology: object;
  weightsManifest: TWeightsManifest;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
};

/** A `tf.io` handler that loads a model.json and its weight shards from the local disk. */
export function fileModelHandler(modelJsonPath: string): tf.io.IOHandler {
  return {
    load: async (): Promise<tf.io.ModelArtifacts> => {
      const modelJson = JSON.parse(await readFile(modelJsonPath, 'utf8')) as TModelJson;
      const folder = path.dirname(modelJsonPath);
      const weightSpecs: tf.io.WeightsManifestEntry[] = [];
      const shards: Buffer[] = [];
      for (const group of modelJson.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const shard of group.paths) shards.push(await readFile(path.join(folder, shard)));
      }
      const joined = Buffer.concat(shards);
      const weightData = joined.buffer.slice(
        joined.byteOffset,
        joined.byteOffset + joined.byteLength,
      ) as ArrayBuffer;
      return {
        modelTopology: modelJson.modelTopology,
        weightSpecs,
        weightData,
        ...(modelJson.format === undefined ? {} : { format: modelJson.format }),
        ...(modelJson.generatedBy === undefined ? {} : { generatedBy: modelJson.generatedBy }),
        ...(modelJson.convertedBy === undefined ? {} : { convertedBy: modelJson.convertedBy }),
      };
    },
  };
}
