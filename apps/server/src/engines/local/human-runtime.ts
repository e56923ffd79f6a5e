/**
 * Face analysis with @vladmandic/human, offline, on the TensorFlow.js WebAssembly backend.
 *
 * - Human's Node WASM build (`dist/human.node-wasm.js`) is loaded from its file path: the package's
 *   `exports` map has no valid subpath for it. That build does not bundle TensorFlow.js; it
 *   `require`s @tensorflow/tfjs-core, -converter and -backend-wasm from node_modules, so it shares
 *   one tfjs engine (and one wasm backend) with the ESRGAN upscaler in the same process.
 * - Its models ship in the package's `models/` folder. Plain tfjs in Node has no file:// loader
 *   (Human would call `fetch('file://…')`, which Node refuses), so models are asked for under a
 *   private URL scheme and a tfjs load router answers only that scheme, reading the files with
 *   `fs`. The router claims no other URL, so it cannot clash with anyone else's loader.
 * - Human is created once per process, lazily; concurrent first calls share one load. Detection
 *   calls are serialised, since one Human instance keeps per-run state.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import { estimateFaceAge, loadAgeModel } from './age-estimate';

const require = createRequire(import.meta.url);

/** The scheme Human's model URLs are given under; see the module comment. */
const MODEL_SCHEME = 'muse-human-models://';

/** A face as Human reports it, reduced to what the analyser uses (pixels of the input given). */
export type THumanFace = {
  /** Tight box around the face landmarks (brows to chin), or the detector's box without a mesh. */
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The face description model's age: for wording prompts only (it barely varies). */
  age?: number;
  /** The age model's estimate, for the no-minors rule (age-estimate.ts). */
  estimatedAge?: number;
  gender?: 'female' | 'male';
  /** 0.5–1: how sure the gender estimate is. */
  genderScore?: number;
  /** Most likely emotion, e.g. 'happy', 'neutral'. */
  emotion?: string;
  /** Head rotation in degrees. */
  yaw?: number;
  pitch?: number;
  roll?: number;
  /** The detector's box (forehead to chin, ear to ear), larger than the landmarks' box. */
  detectorBox: { x: number; y: number; width: number; height: number };
  /** Face description vector (1024 numbers): close vectors mean the same person. */
  embedding?: number[];
};

/** An RGB image, 3 bytes per pixel, row by row. */
export type TRgbImage = { data: Buffer; width: number; height: number };

/** The few tfjs calls used here; Human types its `tf` as `any`. */
type TTensor = { dispose: () => void };
type TModelArtifacts = Record<string, unknown>;
type TWeightsGroup = { paths: string[]; weights: unknown[] };
type TTf = {
  tensor3d: (values: Uint8Array, shape: [number, number, number], dtype: 'int32') => TTensor;
  getBackend: () => string;
  io: {
    registerLoadRouter: (router: (url: unknown) => { load: () => Promise<unknown> } | null) => void;
    getModelArtifactsForJSON: (
      modelJson: unknown,
      loadWeights: (manifest: TWeightsGroup[]) => Promise<[unknown[], ArrayBuffer]>,
    ) => Promise<TModelArtifacts>;
  };
};
type THumanModule = { Human: new (config?: Partial<Config>) => Human };

/** Where Human's files are: `require.resolve` gives its main file, `dist/human.node.js`. */
function humanFolders(): { build: string; models: string } {
  const dist = path.dirname(require.resolve('@vladmandic/human'));
  return {
    build: path.join(dist, 'human.node-wasm.js'),
    models: path.join(path.dirname(dist), 'models'),
  };
}

/** The .wasm binaries of @tensorflow/tfjs-backend-wasm; a path prefix ending with a separator. */
function wasmFolder(): string {
  return path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
}

const HUMAN_CONFIG: Partial<Config> = {
  backend: 'wasm',
  modelBasePath: MODEL_SCHEME,
  debug: false,
  async: true,
  warmup: 'none',
  cacheModels: false,
  // Every call is a new photo, never the next frame of a video: no caching between runs.
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  face: {
    enabled: true,
    detector: {
      rotation: true,
      maxDetected: 20,
      minConfidence: 0.35,
      skipFrames: 0,
      skipTime: 0,
      // The upright face cut-out, for the age model (age-estimate.ts); disposed after use.
      return: true,
    },
    // The mesh gives a tight face box and the head rotation.
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: true, minConfidence: 0.1, skipFrames: 0, skipTime: 0 },
    description: { enabled: true, minConfidence: 0.1, skipFrames: 0, skipTime: 0 },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
};

let routerRegistered = false;

/** Answers `muse-human-models://<file>.json` with the model and its weights read from disk. */
function registerModelLoader(tf: TTf, modelsFolder: string): void {
  if (routerRegistered) return;
  routerRegistered = true;
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith(MODEL_SCHEME)) return null;
    const file = path.join(modelsFolder, path.basename(url.slice(MODEL_SCHEME.length)));
    return {
      load: async () => {
        const modelJson: unknown = JSON.parse(await readFile(file, 'utf8'));
        return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
          const specs: unknown[] = [];
          const shards: Buffer[] = [];
          for (const group of manifest) {
            specs.push(...group.weights);
            for (const shard of group.paths) {
              shards.push(await readFile(path.join(modelsFolder, path.basename(shard))));
            }
          }
          const joined = Buffer.concat(shards);
          const weights = joined.buffer.slice(
            joined.byteOffset,
            joined.byteOffset + joined.byteLength,
          ) as ArrayBuffer;
          return [specs, weights];
        });
      },
    };
  });
}

export type THumanStats = { loadMs: number; backend: string };

let loading: Promise<{ human: Human; tf: TTf; stats: THumanStats }> | undefined;

/** Loads Human and its face models once per process; every caller gets the same instance. */
function loadHuman(): Promise<{ human: Human; tf: TTf; stats: THumanStats }> {
  loading ??= (async () => {
    const started = performance.now();
    const folders = humanFolders();
    const { Human: HumanClass } = require(folders.build) as THumanModule;
    const human = new HumanClass({ ...HUMAN_CONFIG, wasmPath: wasmFolder() });
    const tf = human.tf as TTf;
    registerModelLoader(tf, folders.models);
    await human.load();
    await loadAgeModel();
    const models = human.models.loaded();
    for (const name of ['blazeface', 'facemesh', 'emotion', 'faceres']) {
      if (!models.includes(name)) throw new Error(`The face model '${name}' could not be loaded`);
    }
    return {
      human,
      tf,
      stats: { loadMs: Math.round(performance.now() - started), backend: tf.getBackend() },
    };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Loads the face models ahead of the first request (for a worker's start). */
export async function warmUpHuman(): Promise<THumanStats> {
  return (await loadHuman()).stats;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every earlier detection has finished. */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

const RADIANS_TO_DEGREES = 180 / Math.PI;
const GLOOMY_EMOTIONS = new Set(['sad', 'angry', 'fear', 'disgust']);

function toFace(face: FaceResult): THumanFace {
  const detectorBox = { x: face.box[0], y: face.box[1], width: face.box[2], height: face.box[3] };
  let box = detectorBox;
  if (face.mesh.length >= 468) {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of face.mesh) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    box = { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
  }
  const result: THumanFace = { box, detectorBox, score: face.score };
  if (face.embedding?.length) result.embedding = Array.from(face.embedding);
  if (typeof face.age === 'number' && face.age > 0) result.age = face.age;
  if (face.gender === 'female' || face.gender === 'male') {
    result.gender = face.gender;
    if (typeof face.genderScore === 'number') result.genderScore = face.genderScore;
  }
  // The emotion model is easily unsure; a gloomy reading needs more certainty to be named.
  const top = face.emotion?.[0];
  if (top) {
    const needed = GLOOMY_EMOTIONS.has(top.emotion) ? 0.5 : 0.3;
    result.emotion = top.score >= needed ? top.emotion : 'neutral';
  }
  const angle = face.rotation?.angle;
  if (angle) {
    result.yaw = angle.yaw * RADIANS_TO_DEGREES;
    result.pitch = angle.pitch * RADIANS_TO_DEGREES;
    result.roll = angle.roll * RADIANS_TO_DEGREES;
  }
  return result;
}

/**
 * Pads an image to a square with black on the right or bottom. The face detector squeezes its
 * input to a square; a tall or wide photo would distort the faces and misplace the landmarks.
 * Coordinates are unchanged by padding on those sides.
 */
function padToSquare(image: TRgbImage): TRgbImage {
  const size = Math.max(image.width, image.height);
  if (image.width === image.height) return image;
  const data = Buffer.alloc(size * size * 3);
  const row = image.width * 3;
  for (let y = 0; y < image.height; y++) {
    image.data.copy(data, y * size * 3, y * row, y * row + row);
  }
  return { data, width: size, height: size };
}

/** Finds the faces in an RGB image; boxes are in that image's pixels. */
export async function detectFaces(image: TRgbImage): Promise<THumanFace[]> {
  const { human, tf } = await loadHuman();
  return serialised(async () => {
    const square = padToSquare(image);
    const pixels = new Uint8Array(square.data.buffer, square.data.byteOffset, square.data.length);
    const tensor = tf.tensor3d(pixels, [square.height, square.width, 3], 'int32');
    try {
      const result = await human.detect(tensor as unknown as Parameters<Human['detect']>[0]);
      if (result.error) throw new Error(`Face analysis failed: ${result.error}`);
      const faces: THumanFace[] = [];
      try {
        for (const found of result.face) {
          const face = toFace(found);
          if (found.tensor) face.estimatedAge = await estimateFaceAge(found.tensor as never);
          faces.push(face);
        }
      } finally {
        for (const found of result.face) (found.tensor as TTensor | undefined)?.dispose();
      }
      return faces.filter((face) => {
        const centreX = face.box.x + face.box.width / 2;
        const centreY = face.box.y + face.box.height / 2;
        return centreX < image.width && centreY < image.height;
      });
    } finally {
      tensor.dispose();
    }
  });
}
