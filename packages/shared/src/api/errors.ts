import { z } from 'zod';

/** Every failed API call answers this shape (docs/product/api.md). */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  /** A stable code for programs, where the failure has one (e.g. 'WRONG_PASSWORD'). */
  code: z.string().optional(),
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
