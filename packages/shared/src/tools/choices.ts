/**
 * The choices several tools' descriptors share, without zod: the descriptors import nothing that
 * imports zod, so a page that reads the registry (the support page's costs, the router) loads no
 * schema. Their schemas are built from the field kit (`fields.ts`) by `../tools.ts`.
 */

/** Seeds are whole numbers from 0 to this (the range every hosted model accepts). */
export const SEED_MAX = 2_147_483_647;

/** The values of a list of choices, in their order: a tool's enum is derived from its list. */
export const values = <const T extends readonly { value: string }[]>(options: T) =>
  options.map((option): T[number]['value'] => option.value);

/** Generate's and product shots' frames, as the pages word them. */
export const GENERATE_ASPECT_RATIOS = [
  { value: '1:1', label: '1:1' },
  { value: '4:5', label: '4:5' },
  { value: '3:4', label: '3:4' },
  { value: '9:16', label: '9:16' },
  { value: '16:9', label: '16:9' },
] as const;

/** A talking video's script: at most this many characters (about a minute of speech). */
export const TALKING_SCRIPT_MAX_CHARS = 900;
