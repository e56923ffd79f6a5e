import {
  TRANSIENT_ERROR_CODES,
  UNAUTHORISED_IGNORED_PATHS,
  type TErrorCode,
  type TErrorResponse,
} from '@muse/shared';
import type { z } from 'zod';

import { TOKEN_STORAGE_KEY, getStoredToken } from './session-token';

export { TOKEN_STORAGE_KEY, getStoredToken };

/** What a call (or a part of the app being loaded) says when Muse cannot be reached. */
export const CONNECTION_ERROR = 'Cannot reach Muse. Check your connection and try again.';

/**
 * Keeps the session token. Another token (signing out, or in as someone else) starts in the
 * personal workspace: a workspace open under one session never carries over to the next.
 */
export function setStoredToken(token: string | null): void {
  if (token !== getStoredToken()) setOpenWorkspace(null);
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/**
 * The workspace the app works in when it is not the person's own (docs/product/teams.md): its
 * id, kept in local storage so a reload and the other tabs stay in it. None stored means the
 * personal workspace, which the server uses for a call without the header.
 */
export const WORKSPACE_STORAGE_KEY = 'muse.workspace';

/** The header naming the workspace of a signed-in call. */
export const WORKSPACE_HEADER = 'X-Muse-Workspace';

const workspaceListeners = new Set<() => void>();

export function getOpenWorkspace(): string | null {
  try {
    return localStorage.getItem(WORKSPACE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Opens a workspace (null: the personal one) for every call from now on. */
export function setOpenWorkspace(id: string | null): void {
  if (id === getOpenWorkspace()) return;
  try {
    if (id) localStorage.setItem(WORKSPACE_STORAGE_KEY, id);
    else localStorage.removeItem(WORKSPACE_STORAGE_KEY);
  } catch {
    // Storage turned off: the app stays in the personal workspace.
  }
  for (const listener of workspaceListeners) listener();
}

/**
 * Told whenever the open workspace changes: here, or in another tab (the storage is shared, so
 * every tab works in the same workspace). For `useSyncExternalStore`.
 */
export function onOpenWorkspaceChange(listener: () => void): () => void {
  workspaceListeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === WORKSPACE_STORAGE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', fromOtherTab);
  return () => {
    workspaceListeners.delete(listener);
    globalThis.removeEventListener?.('storage', fromOtherTab);
  };
}

/**
 * A workspace the person was removed from (or left elsewhere) answers 404 WORKSPACE_NOT_FOUND to
 * every call. The first such answer forgets it, so the next call is the personal workspace's,
 * and counts it here until the app shell has told the person and refreshed what it shows.
 */
let workspacesGone = 0;
const goneListeners = new Set<() => void>();

export function onWorkspaceGone(listener: () => void): () => void {
  goneListeners.add(listener);
  return () => goneListeners.delete(listener);
}

/** Whether a workspace went away since the last look; looking clears it. */
export function takeWorkspaceGone(): boolean {
  const gone = workspacesGone > 0;
  workspacesGone = 0;
  return gone;
}

/** What a signed-in call sent: its token and the workspace it named, if any. */
export type TSentSession = { token: string | null; workspace: string | null };

/** Adds the session's headers (the bearer token, the open workspace) to `headers`. */
export function withSession(headers: Record<string, string>): TSentSession {
  const token = getStoredToken();
  const workspace = token ? getOpenWorkspace() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (workspace) headers[WORKSPACE_HEADER] = workspace;
  return { token, workspace };
}

/**
 * What happened to a failed call: the answer's `code` (docs/product/api.md, 'Error codes'), or
 * one of the app's own when there was none: 'UNREACHABLE' (no answer: the connection failed) or
 * 'UNEXPECTED_ANSWER' (an answer without the API's error shape, a proxy's error page, say).
 */
export type TCallErrorCode = TErrorCode | 'UNREACHABLE' | 'UNEXPECTED_ANSWER';

/**
 * A failed call. The app decides by `code`, never by the HTTP status or the text;
 * `serverError` is the `error` text of the answer when it had one, `field` the request field
 * that text is about.
 */
export class ApiError extends Error {
  constructor(
    readonly code: TCallErrorCode,
    message: string,
    readonly serverError?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is a failed call with one of these codes. */
export function hasErrorCode(
  error: unknown,
  ...codes: readonly TCallErrorCode[]
): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

const TRANSIENT: readonly TCallErrorCode[] = [
  ...TRANSIENT_ERROR_CODES,
  'UNREACHABLE',
  'UNEXPECTED_ANSWER',
];

/**
 * Whether the same call may succeed later: no answer, or a failure on the server's side. A
 * refusal of the request itself (a bad field, a limit, a missing object) will not fix itself.
 */
export function isTransient(error: unknown): boolean {
  return hasErrorCode(error, ...TRANSIENT);
}

// A hand check rather than the zod schema keeps zod out of the first page's JavaScript.
function isErrorResponse(payload: unknown): payload is Partial<TErrorResponse> & { error: string } {
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
  /**
   * Sent without the session (no bearer token, no workspace): the answer every visitor gets, such
   * as an influencer's public page (docs/decisions/0058-public-page-for-fans.md).
   */
  anonymous?: boolean;
};

/** Calls the Muse API under /api with the stored bearer token (docs/product/api.md). */
export async function api<T = unknown>(path: string, options: TRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const sent: TSentSession = options.anonymous
    ? { token: null, workspace: null }
    : withSession(headers);
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
    throw new ApiError('UNREACHABLE', CONNECTION_ERROR);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw failedCall(path, sent, response.status, payload);
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

/**
 * The error of an answer that is not a success. A refused session away from the public entry
 * pages is worth a warning (the route guard redirects), and tells the auth state to check it. A
 * workspace that no longer knows the person is forgotten (see `onWorkspaceGone`).
 */
export function failedCall(
  path: string,
  { token, workspace }: TSentSession,
  status: number,
  payload: unknown,
): ApiError {
  const error = errorOfAnswer(status, payload);
  if (error.code === 'WORKSPACE_NOT_FOUND' && workspace && workspace === getOpenWorkspace()) {
    setOpenWorkspace(null);
    workspacesGone += 1;
    for (const listener of goneListeners) listener();
  }
  if (error.code === 'UNAUTHORISED') {
    if (!isIgnoredPath(globalThis.location?.pathname ?? '/')) {
      console.warn(`Muse API answered 401 for ${path}`);
    }
    if (token && path !== '/auth/me' && token === getStoredToken()) {
      for (const listener of unauthorisedListeners) listener();
    }
  }
  return error;
}

/** The error an answer that is not a success stands for (its status only names the unexpected). */
export function errorOfAnswer(status: number, payload: unknown): ApiError {
  if (!isErrorResponse(payload))
    return new ApiError('UNEXPECTED_ANSWER', `Request failed (${status})`);
  // An answer in the error shape but without a code (not Muse's API) still shows its text.
  const code = typeof payload.code === 'string' ? payload.code : 'UNEXPECTED_ANSWER';
  const field = typeof payload.field === 'string' ? payload.field : undefined;
  return new ApiError(code, payload.error, payload.error, field);
}
