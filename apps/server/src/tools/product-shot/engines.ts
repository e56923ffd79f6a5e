/** The engines of product-shot (ENGINE_PRODUCT_SHOT): the code itself is in engines/local and engines/fal. */
import { createFalProductShotEngine } from '../../engines/fal/product-shot';
import type { TToolEngines } from '../../engines/glue';

export const productShotEngines: TToolEngines<'product-shot'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalProductShotEngine(fal, waiting),
};
