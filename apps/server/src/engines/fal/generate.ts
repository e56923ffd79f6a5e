/**
 * Generate on fal (docs/product/generate.md): a trained persona through `fal-ai/flux-lora` with
 * its LoRA and trigger word; a persona without a LoRA through `fal-ai/flux-pulid` with its best
 * reference photo; no persona through `fal-ai/flux/dev`. The image is downloaded for Muse's own
 * storage (fal's URLs expire), with fal's own safety verdict.
 */
import { buffer } from 'node:stream/consumers';
import type { TGenerateAspectRatio, TGenerateStyle } from '@muse/shared';
import sharp from 'sharp';
import type { TStorage } from '../../lib/storage';
import type { TEngine, TGeneratedImage, TPersonaRef } from '../types';
import type { TFalConnection } from './client';
import { runOnFal, type TFalWaiting } from './queue';

/** Output sizes on fal: 1024 px on the longer side, multiples of 16. */
const SIZES: Record<TGenerateAspectRatio, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '4:5': { width: 816, height: 1024 },
  '3:4': { width: 768, height: 1024 },
  '9:16': { width: 576, height: 1024 },
  '16:9': { width: 1024, height: 576 },
};

/** What each style preset adds to the creator's words. */
export const STYLE_PHRASES: Record<TGenerateStyle, string> = {
  photo: 'natural light, realistic photo, 50mm',
  editorial: 'editorial fashion photography, magazine look',
  cinematic: 'cinematic film still, dramatic lighting, shallow depth of field',
  'golden-hour': 'golden hour sunlight, warm glow',
  studio: 'studio portrait, softbox lighting, seamless backdrop',
};

/** A LoRA uploaded to fal is used again for this long, so a batch uploads it once. */
const LORA_KEPT_MS = 6 * 60 * 60 * 1000;

type TImageOutput = {
  images?: { url?: string }[];
  seed?: number;
  has_nsfw_concepts?: boolean[];
};

/** The creator's words led by the persona's trigger word (unless already there) and the style. */
export function falPrompt(prompt: string, style: TGenerateStyle, persona: TPersonaRef | null) {
  const trigger = persona?.triggerWord;
  const lead =
    trigger && !prompt.toLowerCase().includes(trigger.toLowerCase()) ? `${trigger}, ` : '';
  return `${lead}${prompt}, ${STYLE_PHRASES[style]}`;
}

/** Downloads fal's first image and reads its real size and fal's verdict. */
export async function falImage(
  connection: TFalConnection,
  output: TImageOutput,
  seed: number,
): Promise<TGeneratedImage> {
  const url = output.images?.[0]?.url;
  if (!url) throw new Error('fal returned no image');
  const data = await connection.fetchFile(url);
  const meta = await sharp(data).metadata();
  if (!meta.width || !meta.height) throw new Error('fal returned an unreadable image');
  const contentType = meta.format === 'png' ? 'image/png' : 'image/jpeg';
  const image =
    meta.format === 'png' || meta.format === 'jpeg' ? data : await sharp(data).jpeg().toBuffer();
  return {
    data: image,
    width: meta.width,
    height: meta.height,
    contentType,
    seed: output.seed ?? seed,
    flagged: output.has_nsfw_concepts?.[0] === true,
  };
}

export function createFalGenerateEngine(
  connection: TFalConnection,
  options: TFalWaiting & { storage: TStorage },
): TEngine<'generate-image'> & { readonly preview: false } {
  const loras = new Map<string, { url: string; at: number }>();

  /** The persona's LoRA on fal, uploaded from Muse's storage at most every six hours. */
  async function loraUrl(key: string): Promise<string> {
    const kept = loras.get(key);
    if (kept && Date.now() - kept.at < LORA_KEPT_MS) return kept.url;
    const stored = await options.storage.get(key);
    if (!stored) throw new Error('The persona\u2019s LoRA is missing from storage');
    const bytes = await buffer(stored.stream);
    const url = await connection.client.storage.upload(
      new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }),
    );
    loras.set(key, { url, at: Date.now() });
    return url;
  }

  return {
    name: 'fal',
    preview: false,
    async run(input, request, context) {
      const { persona } = request;
      const common = {
        prompt: falPrompt(request.prompt, request.style, persona),
        image_size: SIZES[request.aspectRatio],
        num_images: 1,
        seed: request.seed,
        enable_safety_checker: true,
      };
      let endpoint: string;
      let body: Record<string, unknown>;
      if (persona?.loraKey) {
        endpoint = 'fal-ai/flux-lora';
        body = {
          ...common,
          loras: [{ path: await loraUrl(persona.loraKey), scale: 1 }],
          output_format: 'jpeg',
        };
      } else if (persona && input.length) {
        endpoint = 'fal-ai/flux-pulid';
        // A retry that follows a saved request sends nothing, so nothing is uploaded then.
        const reference = context.provider?.requestId
          ? ''
          : await connection.client.storage.upload(
              new Blob([new Uint8Array(input)], { type: 'image/jpeg' }),
            );
        body = { ...common, reference_image_url: reference };
      } else {
        endpoint = 'fal-ai/flux/dev';
        body = { ...common, output_format: 'jpeg' };
      }
      const output = (await runOnFal(connection, endpoint, body, context, options)) as TImageOutput;
      return { ...(await falImage(connection, output, request.seed)), model: endpoint };
    },
  };
}
