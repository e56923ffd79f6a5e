/** The engines of product-shot (ENGINE_PRODUCT_SHOT): the code itself is in engines/local and engines/fal. */
import { createFalProductShotEngine } from '../../engines/fal/product-shot';
import type { TToolEngines } from '../../engines/glue';
import type { TEngineTypes, TGeneratedImage, TPersonaRef } from '../../engines/types';

export const productShotEngines: TToolEngines<'product-shot'> = {
  localTraits: { preview: true },
  fal: ({ fal, waiting }) => createFalProductShotEngine(fal, waiting),
};

declare module '../../engines/types' {
  interface TToolEngineTypes {
    /** The input is the product's photo; the persona's best reference photo is given beside it. */
    'product-shot': TEngineTypes<
      TGeneratedImage,
      {
        persona: TPersonaRef;
        personaPhoto: Uint8Array;
        product: { name: string; description: string };
      },
      { readonly preview: boolean }
    >;
  }
}
