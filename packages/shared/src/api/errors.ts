import { z } from 'zod';

/** Every failed API call answers this shape (docs/product/api.md). */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const GENERIC_ERRORS = {
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unauthorised: 'Please sign in to continue.',
} as const;
