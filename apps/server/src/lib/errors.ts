import { GENERIC_ERRORS, type TErrorCode } from '@muse/shared';

/**
 * An error a caller can act on: its message is shown to the user as is, so it uses the
 * catalogued error texts (docs/product/api.md), and its `code` (one of the shared union) tells
 * programs what happened. Anything else is logged and answered as a bare 500.
 */
export class AppError extends Error {
  /** The request field the message is about, when it is about one (answered as `field`). */
  readonly field: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: TErrorCode,
    options: { field?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.field = options.field;
  }
}

export const notFound = (
  message: string = GENERIC_ERRORS.notFound,
  code: TErrorCode = 'NOT_FOUND',
) => new AppError(404, message, code);
export const badRequest = (
  message: string,
  code: TErrorCode = 'INVALID_REQUEST',
  options: { field?: string } = {},
) => new AppError(400, message, code, options);
export const unauthorised = (
  message: string = GENERIC_ERRORS.unauthorised,
  code: TErrorCode = 'UNAUTHORISED',
) => new AppError(401, message, code);
export const conflict = (message: string, code: TErrorCode) => new AppError(409, message, code);
export const tooManyRequests = (
  message: string = GENERIC_ERRORS.rateLimited,
  code: TErrorCode = 'RATE_LIMITED',
) => new AppError(429, message, code);
