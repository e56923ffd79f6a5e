import { UNAUTHORISED_IGNORED_PATHS, type TErrorResponse } from '@muse/shared';
import type { z } from 'zod';

export const TOKEN_STORAGE_KEY = 'token';

/** What a call (or a part of the app being loaded) says when Muse cannot be reached. */
export const CONNECTION_ERROR = 'Cannot reach Muse. Check your connection and try again.';

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setStoredToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/**
 * A failed call: `status` is the HTTP status (0 when the server could not be reached);
 * `serverError` is the `error` text of the answer when it had one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverError?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// A hand check rather than the zod schema keeps zod out of the first page's JavaScript.
function isErrorResponse(payload: unknown): payload is TErrorResponse {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { success?: unknown }).success === false &&
    typeof (payload as { error?: unknown }).error === 'string'
  );
}

function isIgnoredPath(pathname: string): boolean {
  return (UNAUTHORISED_IGNORED_PATHS as readonly string[]).includes(pathname);
}

/**
 * Told of every 401 answered to a call that carried the stored token (not /auth/me itself): the
 * session may have ended elsewhere (a password reset, a sign-out from the settings), and the auth
 * state checks it again (lib/auth.tsx).
 */
const unauthorisedListeners = new Set<() => void>();

export function onUnauthorised(listener: () => void): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

type TRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

/** Calls the Muse API under /api with the stored bearer token (docs/product/api.md). */
export async function api<T = unknown>(path: string, options: TRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, CONNECTION_ERROR);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverError = isErrorResponse(payload) ? payload.error : undefined;
    // A 401 away from the public entry pages is worth a warning; the route guard redirects.
    if (response.status === 401 && !isIgnoredPath(globalThis.location?.pathname ?? '/')) {
      console.warn(`Muse API answered 401 for ${path}`);
    }
    if (response.status === 401 && token && path !== '/auth/me' && token === getStoredToken()) {
      for (const listener of unauthorisedListeners) listener();
    }
    throw new ApiError(
      response.status,
      serverError ?? `Request failed (${response.status})`,
      serverError,
    );
  }
  return options.schema ? options.schema.parse(payload) : (payload as T);
}
