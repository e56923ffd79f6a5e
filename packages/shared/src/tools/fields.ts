/**
 * The fields several tools' requests share (docs/product/tools.md): a flag as a form sends it,
 * a seed, the persona and the words of a generation. A tool's own choices live in its descriptor.
 */
import { z } from 'zod';
import { UUID_PATTERN } from '../uuid';
import { safeText } from '../api/input';

/** Seeds are whole numbers from 0 to this (the range every hosted model accepts). */
export const SEED_MAX = 2_147_483_647;

/** The values of a list of choices, in their order: a tool's enum is derived from its list. */
export const values = <const T extends readonly { value: string }[]>(options: T) =>
  options.map((option): T[number]['value'] => option.value);

/** true/false, sent as 'true'/'false' in a multipart form and stored as a boolean. */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'Choose true or false',
  })
  .default(false);

const seedError = `The seed must be a whole number from 0 to ${SEED_MAX}`;
/** A seed as a form sends it ('' for none) or as stored. */
export const ZSeed = z.coerce
  .number<number | string>({ error: seedError })
  .int(seedError)
  .min(0, seedError)
  .max(SEED_MAX, seedError);
/** One of the creator's influencers, or null ('' in a form) for an image without a persona. */
export const ZInfluencerChoice = z
  .union([z.literal('').transform(() => null), z.null(), z.string().regex(UUID_PATTERN)], {
    error: 'Choose one of your influencers',
  })
  .default(null);
/** One of the creator's influencers, required. */
export const ZInfluencerId = z
  .string({ error: 'Choose one of your influencers' })
  .regex(UUID_PATTERN, 'Choose one of your influencers');
export const ZMotionPrompt = safeText({ error: 'Describe the motion you want' })
  .trim()
  .min(1, 'Describe the motion you want')
  .max(500, 'Keep the motion prompt under 500 characters');
export const ZGeneratePrompt = safeText({ error: 'Describe the photo you want' })
  .trim()
  .min(1, 'Describe the photo you want')
  .max(1000, 'Keep the description under 1000 characters');

/** Generate's and product shots' frames, as the pages word them. */
export const GENERATE_ASPECT_RATIOS = [
  { value: '1:1', label: '1:1' },
  { value: '4:5', label: '4:5' },
  { value: '3:4', label: '3:4' },
  { value: '9:16', label: '9:16' },
  { value: '16:9', label: '16:9' },
] as const;
