import type { z } from 'zod';
import type { readMultipartForm } from '../../lib/multipart';

/** A v1 form's files and fields, read before the handler so its bytes count in idempotency. */
export type TV1Multipart = Parameters<typeof readMultipartForm>[1] & {
  /** The text fields, for the OpenAPI document (validated by the handler's domain function). */
  fields: z.ZodObject;
  /** The file fields a call must send. */
  requiredFiles?: string[];
};
