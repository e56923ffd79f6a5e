/** Edit Image (docs/product/tools.md): reframed, converted, or changed as described in words. */
import { defineTool } from './define';
import { values } from './choices';

export const EDIT_ASPECT_RATIO_OPTIONS = [
  { value: 'match', label: 'Match Input' },
  { value: '1:1', label: '1:1' },
  { value: '16:9', label: '16:9' },
  { value: '9:16', label: '9:16' },
  { value: '4:3', label: '4:3' },
  { value: '3:4', label: '3:4' },
] as const;

export const EDIT_FORMAT_OPTIONS = [
  { value: 'jpg', label: 'JPG' },
  { value: 'png', label: 'PNG' },
  { value: 'webp', label: 'WEBP' },
] as const;

/** Safety tolerance is an integer 1–6, default 6 (higher values allow more creative edits). */
export const SAFETY_TOLERANCE = { min: 1, max: 6, default: 6 } as const;

const safetyToleranceError = 'Safety tolerance must be a whole number from 1 to 6';

export const EDIT_IMAGE_TOOL = defineTool({
  key: 'edit-image',
  request: ({ z, safeText, noMinors, MINORS_TEXT }) =>
    z.object({
      tool: z.literal('edit-image'),
      aspectRatio: z
        .enum(values(EDIT_ASPECT_RATIO_OPTIONS), { error: 'Choose an aspect ratio' })
        .default('match'),
      format: z
        .enum(values(EDIT_FORMAT_OPTIONS), { error: 'Choose JPG, PNG or WEBP' })
        .default('jpg'),
      /** Only generative engines use it: higher values allow more creative edits. */
      safetyTolerance: z.coerce
        .number<number | string>({ error: safetyToleranceError })
        .int(safetyToleranceError)
        .min(SAFETY_TOLERANCE.min, safetyToleranceError)
        .max(SAFETY_TOLERANCE.max, safetyToleranceError)
        .default(SAFETY_TOLERANCE.default),
      /** The edit asked for in words; '' for framing and format only. */
      prompt: safeText()
        .trim()
        .max(1000, 'Keep the edit prompt under 1000 characters')
        .refine(noMinors, { error: MINORS_TEXT })
        .default(''),
    }),
  action: 'editImage',
  engines: ['local', 'fal'],
  preview: false,
  path: '/edit-image',
  name: 'Edit Image',
  accepts: ['image'],
  returns: 'image',
  sidebar: { label: 'Edit Image', icon: 'pen', position: 6 },
  card: {
    title: 'Image Editor',
    description: 'Crop, reframe, convert or retouch any picture in a few clicks.',
    per: 'per edit',
    icon: 'pen',
    tone: 'from-sky-500/25 text-sky-300',
    position: 1,
  },
  faq: { label: 'Edit an image', position: 5 },
  continueFromGallery: { position: 2 },
});
