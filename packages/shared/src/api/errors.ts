import { z } from 'zod';
import { ERROR_CODES, type TErrorCode } from './error-codes';

export const ZErrorCode = z.enum(Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]]);

/** Every failed API call answers this shape (docs/product/api.md). */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  /** The text for the user, word for word as the product describes it. */
  error: z.string(),
  /** What went wrong, for programs to decide on (packages/shared/src/api/error-codes.ts). */
  code: ZErrorCode,
  /** The request field the text is about, when it is about one (e.g. 'caption'). */
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const GENERIC_ERRORS = {
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unauthorised: 'Please sign in to continue.',
  /** 503 while the database (or another service Muse needs) cannot be reached. */
  unavailable: 'Muse is briefly unavailable. Please try again in a moment.',
  /** 503 while files cannot be written or read (disk full or read-only, object storage down). */
  storageUnavailable: 'Muse cannot save or load files right now. Please try again in a moment.',
  /** 503 while the payment provider cannot be reached. */
  paymentsUnreachable: 'Payments cannot be reached right now. Please try again in a moment.',
} as const;
