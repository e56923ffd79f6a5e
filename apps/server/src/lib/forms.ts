import type { z } from 'zod';
import { badRequest } from './errors';
import { firstValues, type TMultipartForm } from './multipart';

/** Validates a multipart form's text fields with a shared schema; the first problem is the answer. */
export function parseFormFields<T extends z.ZodType>(schema: T, form: TMultipartForm): z.infer<T> {
  const parsed = schema.safeParse(firstValues(form));
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  throw badRequest(issue?.message ?? 'Invalid form', 'INVALID_REQUEST', { field });
}
