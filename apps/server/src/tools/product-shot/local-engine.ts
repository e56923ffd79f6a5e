/** The local engine of product-shot, built in an engine thread (engines/in-process.ts). */
import { createLocalProductShotEngine } from '../../engines/local/product-shot';
import type { TLocalEngine } from '../../engines/glue';

export const productShotLocalEngine: TLocalEngine<'product-shot'> = () =>
  createLocalProductShotEngine();
