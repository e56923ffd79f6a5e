import { GENERIC_ERRORS, type TErrorCode, type TErrorResponse } from '@muse/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { classifyOutage, type TOutageKind } from '../lib/outages';

/** The code of each kind of outage's 503 (docs/decisions/0026-outages.md). */
const OUTAGE_CODES: Record<TOutageKind, TErrorCode> = {
  database: 'SERVICE_UNAVAILABLE',
  network: 'SERVICE_UNAVAILABLE',
  storage: 'STORAGE_UNAVAILABLE',
  payments: 'PAYMENTS_UNAVAILABLE',
};

/**
 * The code of a client error Fastify or one of its plugins reports (malformed JSON, a body too
 * large, a content type no parser reads, a path the router cannot read): by its status, the
 * only thing these errors share.
 */
export function clientErrorCode(status: number): TErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 414) return 'URI_TOO_LONG';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return 'INVALID_REQUEST';
}

/** The request field a schema's first issue is about ('/caption' → 'caption'), if any. */
function fieldOf(instancePath: string | undefined): string | undefined {
  const [field] = (instancePath ?? '').split('/').filter(Boolean);
  return field;
}

/**
 * The one place where failures become answers: known errors keep their status and text,
 * anything unexpected is logged with the request id and answered without detail.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, message: string, code: TErrorCode, field?: string) =>
      reply
        .status(status)
        .send({ success: false, error: message, code, field } satisfies TErrorResponse);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      return send(
        400,
        first?.message ?? 'Invalid request',
        'INVALID_REQUEST',
        fieldOf(first?.instancePath),
      );
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(error.statusCode, error.message, error.code, error.field);
    }
    // The database, file storage or payments cannot be reached: 503, and the caller may retry
    // (docs/decisions/0026-outages.md). Logged here, once, with the request id.
    const outage = classifyOutage(error);
    if (outage) {
      request.log.error({ err: error, outage: outage.kind }, `Outage: ${outage.kind} unavailable`);
      reply.header('retry-after', String(outage.retryAfterSeconds));
      return send(503, outage.message, OUTAGE_CODES[outage.kind]);
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) are safe to show.
    if (status && status >= 400 && status < 500) {
      return send(status, error.message, clientErrorCode(status));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return send(500, GENERIC_ERRORS.internal, 'INTERNAL_ERROR');
  });
}
