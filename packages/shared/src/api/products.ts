import { z } from 'zod';
import { safeText } from './input';

export const MAX_PRODUCT_IMAGES = 5;

export const PRODUCT_TEXTS = {
  // Word for word (docs/product/workspace.md).
  empty: 'No Products Yet',
  addNew: 'Add New Product',
  addFirst: 'Add Your First Product',
  // Muse's own.
  created: 'Product added successfully!',
  createFailed: 'Failed to add product',
  updated: 'Product updated successfully',
  updateFailed: 'Failed to update product',
  deleted: 'Product deleted successfully',
  deleteFailed: 'Failed to delete product',
  fetchFailed: 'Failed to fetch products',
  confirmDelete: 'Are you sure you want to delete this product?',
  nameRequired: 'Name is required',
  linkInvalid: 'Enter a full link starting with https:// or http://',
  notFound: 'Product not found',
  noSlot: 'You have reached the maximum number of products on your plan',
} as const;

/** The text fields of the product form (multipart on the wire, with up to 5 images). */
export const ZProductFields = z.object({
  name: safeText({ error: PRODUCT_TEXTS.nameRequired })
    .trim()
    .min(1, PRODUCT_TEXTS.nameRequired)
    .max(120, 'Keep the name under 120 characters'),
  description: safeText()
    .trim()
    .max(2000, 'Keep the description under 2000 characters')
    .default(''),
  link: safeText()
    .trim()
    .max(2000, PRODUCT_TEXTS.linkInvalid)
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
      message: PRODUCT_TEXTS.linkInvalid,
    })
    .default(''),
});
export type TProductFields = z.infer<typeof ZProductFields>;

export const ZProductImage = z.object({
  id: z.string(),
  /** Signed URLs. */
  url: z.string(),
  thumbnail: z.string(),
});

export const ZProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  link: z.string(),
  images: z.array(ZProductImage),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductsResponse = z.object({
  success: z.literal(true),
  products: z.array(ZProduct),
  used: z.number(),
  limit: z.number(),
});
export type TProductsResponse = z.infer<typeof ZProductsResponse>;

export const ZProductResponse = z.object({ success: z.literal(true), product: ZProduct });
