/**
 * The 468-point face mesh of @vladmandic/human, for the face swap: on the persona's photo once
 * and on every frame of a clip.
 *
 * It is a Human instance of its own, set up for speed: the face detector and the mesh only. The
 * photo analyser's instance (../human-runtime.ts) also runs the emotion and description models
 * on every face, which a swap does not need, and Human merges a per-call configuration into its
 * instance for good, so the two cannot share one. Human keeps its loaded models and its
 * per-frame state per process, not per instance: whichever instance loads a model first serves
 * both, and two detections must not run interleaved in one thread. An engine thread runs one
 * task at a time, so they never do. Every frame is detected afresh (no caching between
 * frames), so a clip gives the same landmarks on every run.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfTypes from '@tensorflow/tfjs';
import type { Config, Human } from '@vladmandic/human';
import { fileModelHandler, tfjsWasm } from '../tfjs-runtime';
import { pointBounds } from './triangulate';

const require = createRequire(import.meta.url);

/** The scheme this instance's model URLs are given under (answered by `registerModels`). */
const MODEL_SCHEME = 'muse-face-mesh-models://';

/** Points of the mesh without iris refinement. */
export const MESH_POINTS = 468;

/** An RGB image, 3 bytes per pixel, row by row. */
export type TRgbFrame = { data: Buffer; width: number; height: number };

/** A face's mesh: x and y of each of the MESH_POINTS points, in the image's pixels. */
export type TFaceMesh = Float64Array;

const MESH_CONFIG: Partial<Config> = {
  backend: 'wasm',
  modelBasePath: MODEL_SCHEME,
  debug: false,
  async: true,
  warmup: 'none',
  cacheModels: false,
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  face: {
    enabled: true,
    detector: {
      // Tilted heads: the mesh is fitted on an upright crop, so it holds at any roll.
      rotation: true,
      maxDetected: 5,
      minConfidence: 0.4,
      skipFrames: 0,
      skipTime: 0,
      return: false,
    },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
};

type THumanModule = { Human: new (config?: Partial<Config>) => Human };
type TTensor = { dispose: () => void };
type THumanTf = {
  tensor3d: (values: Uint8Array, shape: [number, number, number], dtype: 'int32') => TTensor;
};

let routerRegistered = false;

/**
 * Answers MODEL_SCHEME URLs with the model files of Human's package, and no other URL. Once per
 * process: a second router for the same URLs would make tfjs refuse to load them.
 */
function registerModels(tf: typeof tfTypes, modelsFolder: string): void {
  if (routerRegistered) return;
  routerRegistered = true;
  const router = (url: string | string[]): tfTypes.io.IOHandler | null =>
    typeof url === 'string' && url.startsWith(MODEL_SCHEME)
      ? fileModelHandler(path.join(modelsFolder, path.basename(url.slice(MODEL_SCHEME.length))))
      : null;
  // tfjs asks every router and skips those answering null, though its type does not say so.
  tf.io.registerLoadRouter(router as (url: string | string[]) => tfTypes.io.IOHandler);
}

let loading: Promise<Human> | undefined;

function loadHuman(): Promise<Human> {
  loading ??= (async () => {
    // Human's Node WASM build, beside its main file; it shares @tensorflow/tfjs-core (one wasm
    // backend) with the rest of the process, set up here first.
    const dist = path.dirname(require.resolve('@vladmandic/human'));
    const tf = await tfjsWasm();
    registerModels(tf, path.join(path.dirname(dist), 'models'));
    const { Human: HumanClass } = require(path.join(dist, 'human.node-wasm.js')) as THumanModule;
    const wasmPath = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
    const human = new HumanClass({ ...MESH_CONFIG, wasmPath });
    await human.load();
    return human;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The image padded to a square with black on the right or bottom: the detector squeezes its
 * input to a square, which would misplace the landmarks of a tall or wide frame. Coordinates
 * are unchanged by padding on those sides.
 */
function padToSquare(image: TRgbFrame): TRgbFrame {
  const size = Math.max(image.width, image.height);
  if (image.width === image.height) return image;
  const data = Buffer.alloc(size * size * 3);
  const row = image.width * 3;
  for (let y = 0; y < image.height; y += 1)
    image.data.copy(data, y * size * 3, y * row, y * row + row);
  return { data, width: size, height: size };
}

/** The area of the box around a mesh: how large the face is. */
function meshArea(mesh: TFaceMesh): number {
  const { minX, minY, maxX, maxY } = pointBounds(mesh);
  return (maxX - minX) * (maxY - minY);
}

/** The mesh of the largest face in the image, or null when it shows none. */
export async function largestFaceMesh(image: TRgbFrame): Promise<TFaceMesh | null> {
  const human = await loadHuman();
  const square = padToSquare(image);
  const pixels = new Uint8Array(square.data.buffer, square.data.byteOffset, square.data.length);
  const tensor = (human.tf as THumanTf).tensor3d(pixels, [square.height, square.width, 3], 'int32');
  try {
    const result = await human.detect(tensor as unknown as Parameters<Human['detect']>[0]);
    if (result.error) throw new Error(`Face mesh failed: ${result.error}`);
    const meshes = result.face
      .filter((face) => face.mesh.length >= MESH_POINTS)
      .map((face) =>
        Float64Array.from(face.mesh.slice(0, MESH_POINTS).flatMap(([x, y]) => [x, y])),
      );
    let largest: TFaceMesh | null = null;
    for (const mesh of meshes) if (!largest || meshArea(mesh) > meshArea(largest)) largest = mesh;
    return largest;
  } finally {
    tensor.dispose();
  }
}

/** The mesh's canonical flat layout (Human's UV map, 0–1): the same face for every pose. */
export async function canonicalMesh(): Promise<TFaceMesh> {
  const human = await loadHuman();
  return Float64Array.from(human.faceUVMap.slice(0, MESH_POINTS).flatMap(([u, v]) => [u, v]));
}
