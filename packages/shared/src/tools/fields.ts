/**
 * The field kit the tools' requests are made with (docs/product/tools.md): zod itself, safe text,
 * a flag as a form sends it, a seed, the persona and the words of a generation. A descriptor's
 * `request` is a function of this kit, so the descriptor imports no zod; `../tools.ts` passes the
 * kit in and builds the schemas. A tool's own choices live in its descriptor.
 */
import { z } from 'zod';
import { safeText } from '../api/input';
import { asksForMinor, MINORS_TEXT } from '../safety/minors';
import { UUID_PATTERN } from '../uuid';
import { SEED_MAX } from './choices';

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
/** Refuses a prompt that asks for a person under 18, before anything is spent (safety/minors.ts). */
export const noMinors = (text: string) => !asksForMinor(text);

export const ZMotionPrompt = safeText({ error: 'Describe the motion you want' })
  .trim()
  .min(1, 'Describe the motion you want')
  .max(500, 'Keep the motion prompt under 500 characters')
  .refine(noMinors, { error: MINORS_TEXT });
export const ZGeneratePrompt = safeText({ error: 'Describe the photo you want' })
  .trim()
  .min(1, 'Describe the photo you want')
  .max(1000, 'Keep the description under 1000 characters')
  .refine(noMinors, { error: MINORS_TEXT });

/** What a descriptor's `request` is given to build its schema with. */
export const FIELD_KIT = {
  z,
  safeText,
  noMinors,
  MINORS_TEXT,
  flag,
  ZSeed,
  ZInfluencerChoice,
  ZInfluencerId,
  ZMotionPrompt,
  ZGeneratePrompt,
};
export type TFieldKit = typeof FIELD_KIT;
