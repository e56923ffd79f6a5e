/** Generate (docs/product/generate.md): new photos of a persona, one job per image. */
import { GENERATE_ASPECT_RATIOS, values } from './choices';
import { defineTool } from './define';
import type { TFieldKit } from './fields';

/** Generate's style presets: each sets light, palette and mood around the creator's words. */
export const GENERATE_STYLES = [
  { value: 'photo', label: 'Photo' },
  { value: 'editorial', label: 'Editorial' },
  { value: 'cinematic', label: 'Cinematic' },
  { value: 'golden-hour', label: 'Golden hour' },
  { value: 'studio', label: 'Studio' },
] as const;

/** Images one Generate request makes (each is a job of its own). */
export const GENERATE_COUNT = { min: 1, max: 4, default: 2 } as const;

const countError = `Choose from ${GENERATE_COUNT.min} to ${GENERATE_COUNT.max} images`;

/**
 * POST /api/generations (JSON): one job per image, all paid for (or refused) together. Built with
 * the field kit as `ZGenerateRequest` (`../tools.ts`).
 */
export const generateBatchRequest = ({ z, ZInfluencerChoice, ZGeneratePrompt, ZSeed }: TFieldKit) =>
  z.object({
    influencerId: ZInfluencerChoice,
    prompt: ZGeneratePrompt,
    style: z
      .enum(
        GENERATE_STYLES.map((style) => style.value),
        { error: 'Choose a style' },
      )
      .default('photo'),
    aspectRatio: z
      .enum(
        GENERATE_ASPECT_RATIOS.map((ratio) => ratio.value),
        { error: 'Choose an aspect ratio' },
      )
      .default('4:5'),
    count: z.coerce
      .number<number | string>({ error: countError })
      .int(countError)
      .min(GENERATE_COUNT.min, countError)
      .max(GENERATE_COUNT.max, countError)
      .default(GENERATE_COUNT.default),
    /** null or '': a new random seed per image. */
    seed: z.union([z.literal('').transform(() => null), z.null(), ZSeed]).default(null),
  });

export const GENERATE_IMAGE_TOOL = defineTool({
  key: 'generate-image',
  /** One job of a batch, as stored: every job has its own seed (seed, seed + 1, …). */
  request: ({ z, ZInfluencerChoice, ZGeneratePrompt, ZSeed }) =>
    z.object({
      tool: z.literal('generate-image'),
      /** The persona to show; null for an image without one. */
      influencerId: ZInfluencerChoice,
      /** The creator's description; the persona's trigger word is added by Muse, not typed. */
      prompt: ZGeneratePrompt,
      style: z
        .enum(values(GENERATE_STYLES), { error: 'Choose a style' })
        .default(GENERATE_STYLES[0].value),
      aspectRatio: z
        .enum(values(GENERATE_ASPECT_RATIOS), { error: 'Choose an aspect ratio' })
        .default('4:5'),
      seed: ZSeed,
    }),
  action: 'imageGeneration',
  engines: ['local', 'fal'],
  preview: true,
  path: '/generate',
  name: 'Generate',
  accepts: ['persona-photo'],
  returns: 'image',
  sidebar: { label: 'Generate', icon: 'sparkles', position: 1 },
  card: {
    title: 'Image Generator',
    description: 'Create new photos of your influencer in any scene, outfit or mood.',
    per: 'per image',
    icon: 'sparkles',
    tone: 'from-brand-500/25 text-brand-300',
    position: 2,
  },
  faq: { label: 'Generate an image (per image)', position: 1 },
});
