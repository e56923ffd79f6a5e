import pino from 'pino';

type TLoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * How errors are written to the logs. Addresses in an error's message and stack keep no query
 * value (see `safeUrl`). A failed database query carries the values it was given
 * (a password hash, an e-mail address) in its message and its `params`: the log keeps the SQL and
 * the database's own error code and text, never the values.
 */
export function safeError(error: Error): TLoggedError {
  const withQuery = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  if (typeof withQuery.query !== 'string' || !('params' in withQuery)) {
    const plain = pino.stdSerializers.err(error);
    // An address in a message (a failed fetch, a redirect) keeps no query value.
    return { ...plain, message: safeText(plain.message), stack: safeText(plain.stack ?? '') };
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

/**
 * Query keys whose values are never secrets: pages, filters and the flags the web app reads
 * after a return from a checkout or a link. Every other value is left out of the logs: one-time
 * tokens (`/reset-password?token=`), signed file links (`signature`), Google's `code` and `state`,
 * and anything added later, until it is listed here (docs/decisions/0028, "Secrets").
 */
const LOGGED_QUERY_KEYS = new Set([
  'cursor',
  'limit',
  'tool',
  'kind',
  'influencerId',
  'productId',
  'minScore',
  'from',
  'to',
  'month',
  'timeZone',
  'size',
  'v',
  'purchase',
  'payment',
  'payouts',
  'reset',
  'next',
  'galleryId',
  'error',
  'expires',
]);

/** What a left-out query value is logged as. */
export const REDACTED = '[redacted]';

/**
 * A request's address as the logs keep it: the path, and of its query only the values of
 * harmless keys (`LOGGED_QUERY_KEYS`); every other value is replaced by `[redacted]`.
 */
export function safeUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  if (!query) return url;
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    const rawKey = equals === -1 ? part : part.slice(0, equals);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      // A key that is not valid percent-encoding is not one of ours.
    }
    if (LOGGED_QUERY_KEYS.has(key)) return part;
    // A key alone may itself be the secret (`?<token>`); a key with a value is kept when it is
    // short and plain, so the line still says what was asked.
    if (equals === -1) return REDACTED;
    return `${/^[\w.-]{1,32}$/.test(rawKey) ? rawKey : REDACTED}=${REDACTED}`;
  });
  return `${url.slice(0, mark)}?${parts.join('&')}`;
}

/** Addresses with a query inside free text, such as an error's message. */
const URL_WITH_QUERY = /(\/[^\s?"'<>]*\?[^\s"'<>#]+)/g;

/** Free text with the query values of every address in it made safe (see `safeUrl`). */
export function safeText(text: string): string {
  return text.replace(URL_WITH_QUERY, (found) => safeUrl(found));
}

/** pino's serializers with errors made safe (see `safeError`). */
export const LOG_SERIALIZERS = { err: safeError };
