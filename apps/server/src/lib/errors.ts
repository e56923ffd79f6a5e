import { GENERIC_ERRORS } from '@muse/shared';

/**
 * An error a caller can act on: its message is shown to the user as is, so it uses the
 * catalogued error texts (docs/product/api.md). Anything else is logged and answered as a bare 500.
 */
export class AppError extends Error {
  /** Whether the answer carries `code` beside `error` (docs/product/api.md, 'Conventions'). */
  readonly exposeCode: boolean;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'APP_ERROR',
    options: { exposeCode?: boolean } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.exposeCode = options.exposeCode ?? false;
  }
}

/** A failure whose answer names its stable `code` for programs (the account settings' calls). */
export const codedError = (statusCode: number, message: string, code: string) =>
  new AppError(statusCode, message, code, { exposeCode: true });

export const notFound = (message: string = GENERIC_ERRORS.notFound) =>
  new AppError(404, message, 'NOT_FOUND');
export const badRequest = (message: string) => new AppError(400, message, 'BAD_REQUEST');
export const unauthorised = (message: string = GENERIC_ERRORS.unauthorised) =>
  new AppError(401, message, 'UNAUTHORISED');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const tooManyRequests = (message: string = GENERIC_ERRORS.rateLimited) =>
  new AppError(429, message, 'RATE_LIMITED');
