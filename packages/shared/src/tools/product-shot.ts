/** Product shots (docs/product/video-and-products.md): a persona presenting a product. */
import { defineTool } from './define';
import { GENERATE_ASPECT_RATIOS, values } from './choices';
import { UUID_PATTERN } from '../uuid';

export const PRODUCT_SHOT_TOOL = defineTool({
  key: 'product-shot',
  request: ({ z, safeText, noMinors, MINORS_TEXT, ZInfluencerId, ZSeed }) =>
    z.object({
      tool: z.literal('product-shot'),
      /** One of the account's products: its first photo is the job's input. */
      productId: z
        .string({ error: 'Choose one of your products' })
        .regex(UUID_PATTERN, 'Choose one of your products'),
      /** The persona presenting the product. */
      influencerId: ZInfluencerId,
      /** The scene; Muse adds the persona and the product. */
      prompt: safeText({ error: 'Describe the scene' })
        .trim()
        .min(1, 'Describe the scene')
        .max(1000, 'Keep the description under 1000 characters')
        .refine(noMinors, { error: MINORS_TEXT }),
      aspectRatio: z
        .enum(values(GENERATE_ASPECT_RATIOS), { error: 'Choose an aspect ratio' })
        .default('4:5'),
      /** Chosen by Muse when the request has none, and stored with the job. */
      seed: ZSeed.optional(),
    }),
  action: 'productShot',
  engines: ['local', 'fal'],
  preview: true,
  // Product shots are made from a product's own page, in a dialog.
  path: '/products',
  name: 'Product Shot',
  accepts: ['product-photo', 'persona-photo'],
  returns: 'image',
  card: {
    title: 'Generate Product',
    description: 'Add the products you promote and place them in your influencer’s shots.',
    per: 'per shot',
    icon: 'package',
    tone: 'from-amber-500/25 text-amber-300',
    position: 5,
  },
  faq: { label: 'Product shot', position: 6 },
});
