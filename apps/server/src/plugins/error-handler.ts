import { GENERIC_ERRORS, type TErrorResponse } from '@muse/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { classifyOutage } from '../lib/outages';

/**
 * The one place where failures become answers: known errors keep their status and text,
 * anything unexpected is logged with the request id and answered without detail.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, message: string, code?: string) =>
      reply.status(status).send({ success: false, error: message, code } satisfies TErrorResponse);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      return send(400, first?.message ?? 'Invalid request');
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(error.statusCode, error.message, error.exposeCode ? error.code : undefined);
    }
    // The database, file storage or payments cannot be reached: 503, and the caller may retry
    // (docs/decisions/0026-outages.md). Logged here, once, with the request id.
    const outage = classifyOutage(error);
    if (outage) {
      request.log.error({ err: error, outage: outage.kind }, `Outage: ${outage.kind} unavailable`);
      reply.header('retry-after', String(outage.retryAfterSeconds));
      return send(503, outage.message);
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) are safe to show.
    if (status && status >= 400 && status < 500) {
      return send(status, error.message);
    }
    request.log.error({ err: error }, 'Unhandled error');
    return send(500, GENERIC_ERRORS.internal);
  });
}
