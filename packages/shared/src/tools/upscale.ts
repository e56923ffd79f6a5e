/** Upscale (docs/product/tools.md): an image made 4x larger. */
import { defineTool } from './define';
import { values } from './choices';

/** Each choice as the page words it, in its order: the enum below is derived from it. */
export const UPSCALE_MODELS = [
  { value: 'v2', label: 'Version 2 (Improved)' },
  { value: 'v1', label: 'Version 1' },
] as const;

export const UPSCALE_TOOL = defineTool({
  key: 'upscale',
  request: ({ z, flag }) =>
    z.object({
      tool: z.literal('upscale'),
      model: z
        .enum(values(UPSCALE_MODELS), { error: 'Choose Version 2 (Improved) or Version 1' })
        .default('v2'),
      /** Overlapping tiles blended at the seams: better quality, about double the time. */
      overlappingTiles: flag,
    }),
  action: 'upscale',
  engines: ['local'],
  preview: false,
  path: '/upscale',
  name: 'Upscale',
  accepts: ['image'],
  returns: 'image',
  sidebar: { label: 'Upscale', icon: 'upscale', position: 5 },
  card: {
    title: 'Upscaler',
    description: 'Enlarge pictures 4x with sharper detail and natural skin texture.',
    per: 'per upscale',
    icon: 'upscale',
    tone: 'from-emerald-500/25 text-emerald-300',
    position: 3,
  },
  faq: { label: 'Upscale an image', position: 4 },
  continueFromGallery: { position: 1 },
});
