import pino from 'pino';

type TLoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * How errors are written to the logs. A failed database query carries the values it was given
 * (a password hash, an e-mail address) in its message and its `params`: the log keeps the SQL and
 * the database's own error code and text, never the values.
 */
export function safeError(error: Error): TLoggedError {
  const withQuery = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  if (typeof withQuery.query !== 'string' || !('params' in withQuery)) {
    const plain = pino.stdSerializers.err(error);
    return { ...plain, stack: plain.stack ?? '' };
  }
  const cause = withQuery.cause as (Error & { code?: string }) | undefined;
  // The stack's first lines repeat the message (values included): only its frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    message: `Failed query: ${withQuery.query}`,
    stack: frames.join('\n'),
    ...(cause ? { cause: { type: cause.name, code: cause.code, message: cause.message } } : {}),
  };
}

/** pino's serializers with errors made safe (see `safeError`). */
export const LOG_SERIALIZERS = { err: safeError };
