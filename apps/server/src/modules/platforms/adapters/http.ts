/**
 * The little HTTP the Instagram and TikTok adapters share, since neither platform keeps a Node
 * SDK: one call with a time limit, its answer checked by a zod schema, and the failures that
 * bring no answer at all (no network, a timeout) as PlatformError 'unavailable'. What a refused
 * answer means belongs to each platform (`refusal`). The X and YouTube adapters use their SDKs.
 */
import type { z } from 'zod';
import { PlatformError } from '../publisher';

/** An answer as it came: its status, headers, and body (JSON, else the text; null when empty). */
export type THttpAnswer = { status: number; headers: Headers; body: unknown };

export type TFetchJsonInput = {
  /** The platform's name, for messages ('Instagram'). */
  platform: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string>;
  /** Sent as `application/json; charset=UTF-8`. */
  json?: unknown;
  /** Sent as they are (set the content type in `headers`). */
  bytes?: Uint8Array;
  signal?: AbortSignal;
  /** Default 30 s. */
  timeoutMs?: number;
  /**
   * The platform's reading of an answer: a PlatformError when it refused the call, null when the
   * answer is good. Answers it lets through with a status of 400 or more still fail.
   */
  refusal: (answer: THttpAnswer) => PlatformError | null;
};

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * JSON with its large integers kept: TikTok writes post ids as int64 numbers, which a plain
 * JSON.parse rounds. An integer beyond 2^53 comes back as its digits (a string).
 */
function parseBody(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text, (_key: string, value: unknown, context?: { source?: string }) =>
      typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)
        ? (context?.source ?? value)
        : value,
    );
  } catch {
    return text;
  }
}

/**
 * Calls `url` and returns its answer as `schema` reads it. Throws the caller's abort reason when
 * `signal` aborts, and a PlatformError otherwise: never with the URL or a token in its message.
 */
export async function fetchJson<TSchema extends z.ZodType>(
  url: string,
  schema: TSchema,
  input: TFetchJsonInput,
): Promise<z.output<TSchema>> {
  const { platform } = input;
  const headers = new Headers(input.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  let body: RequestInit['body'];
  if (input.form) {
    body = new URLSearchParams(input.form);
    if (!headers.has('content-type'))
      headers.set('content-type', 'application/x-www-form-urlencoded');
  } else if (input.json !== undefined) {
    body = JSON.stringify(input.json);
    if (!headers.has('content-type'))
      headers.set('content-type', 'application/json; charset=UTF-8');
  } else if (input.bytes) body = input.bytes;

  const timeout = AbortSignal.timeout(input.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method: input.method ?? 'GET', headers, body, signal });
    text = await response.text();
  } catch {
    if (input.signal?.aborted) throw input.signal.reason;
    // The error itself is left out: its cause can carry the URL, and with it a token.
    throw timeout.aborted
      ? new PlatformError('unavailable', `${platform} did not answer in time`, {
          platformCode: 'timeout',
        })
      : new PlatformError('unavailable', `${platform} could not be reached`, {
          platformCode: 'network',
        });
  }

  const answer: THttpAnswer = {
    status: response.status,
    headers: response.headers,
    body: parseBody(text),
  };
  const refused = input.refusal(answer);
  if (refused) throw refused;
  if (response.status >= 500)
    throw new PlatformError('unavailable', `${platform} is not available right now`, {
      status: response.status,
    });
  if (response.status >= 400)
    throw new PlatformError('refused', `${platform} refused the request`, {
      status: response.status,
    });
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw new PlatformError('unavailable', `${platform} answered in a way Muse does not read`, {
      status: response.status,
    });
  return parsed.data;
}

/** Waits `ms`, or throws `signal`'s reason as soon as it aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
