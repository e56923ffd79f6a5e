/**
 * The offline safety check every output passes before it is shown (docs/product/tools.md):
 * nsfwjs's classifier, whose models ship inside the npm package as JavaScript (no file to
 * fetch), on the same TensorFlow.js WebAssembly backend as Muse's other models. Of its three
 * models, 'MobileNetV2Mid': on 17 ordinary photos (close portraits, groups, a wall) it flagged
 * none, while the small MobileNet v2 flagged a close two-face portrait (Porn 0.47) and Inception
 * v3 three ordinary portraits (Porn up to 0.93): close faces are mostly skin, and the other two
 * read that as explicit (docs/decisions/0021-generation-engines.md).
 */
import { load, type NSFWJS } from 'nsfwjs';
import sharp from 'sharp';
import { tfjsWasm } from './tfjs-runtime';

export const SAFETY_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type TSafetyScores = Record<(typeof SAFETY_CLASSES)[number], number>;
export type TSafetyVerdict = { flagged: boolean; scores: TSafetyScores };

/**
 * Whether an image is withheld. Explicit content (Porn, and drawn Hentai) is what is withheld;
 * 'Sexy' covers swimwear and fashion, the everyday content of this field, so it alone flags only
 * when the classifier is all but certain. The sum catches images split between the two explicit
 * classes.
 */
export function isFlagged(scores: TSafetyScores): boolean {
  return scores.Porn >= 0.45 || scores.Porn + scores.Hentai >= 0.6 || scores.Sexy >= 0.9;
}

const SIZE = 224;
let model: Promise<NSFWJS> | undefined;

function loadModel(): Promise<NSFWJS> {
  model ??= (async () => {
    await tfjsWasm();
    // nsfwjs announces the bundled model on the console; Muse's logs are its own.
    const info = console.info;
    console.info = () => {};
    try {
      return await load('MobileNetV2Mid');
    } finally {
      console.info = info;
    }
  })().catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

/** Classifies an encoded image (JPEG, PNG, WebP). Rejects bytes that are not a picture. */
export async function checkSafety(image: Buffer): Promise<TSafetyVerdict> {
  const tf = await tfjsWasm();
  const classifier = await loadModel();
  const pixels = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(SIZE, SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const tensor = tf.tensor3d(new Uint8Array(pixels), [SIZE, SIZE, 3], 'int32');
  try {
    const predictions = await classifier.classify(tensor, SAFETY_CLASSES.length);
    const scores = Object.fromEntries(SAFETY_CLASSES.map((name) => [name, 0])) as TSafetyScores;
    for (const { className, probability } of predictions)
      scores[className as keyof TSafetyScores] = probability;
    return { flagged: isFlagged(scores), scores };
  } finally {
    tensor.dispose();
  }
}
