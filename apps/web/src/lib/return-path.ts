/**
 * Where a visitor goes once signed in or registered: the page they came from, such as a locked
 * post they want to unlock (docs/product/publishing.md, 'Buying'), instead of the creator
 * onboarding. The path travels in the address (`?next=`) between the sign-in pages, so a reload
 * keeps it; Google's round-trip leaves the app, so it is also kept in `sessionStorage` (this tab
 * only) while that runs, and the callback takes it from there.
 */
import { PUBLIC_PAGE_PREFIX, type TUser } from '@muse/shared';

export const RETURN_PATH_PARAM = 'next';
export const RETURN_PATH_STORAGE_KEY = 'muse.returnPath';

/** The sign-in pages themselves: returning to one of them would go round in a circle. */
const AUTH_PATHS = ['/login', '/register', '/oauth-callback'];
const MAX_LENGTH = 2048;
const ORIGIN = 'https://muse.invalid';

/**
 * The value as a path of this site (with its query and hash), or null for anything else: not a
 * string, not starting with a single '/', another host ('//host', '/\host'), control characters,
 * a sign-in page, or absurdly long.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (AUTH_PATHS.includes(pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** `/register` or `/login` carrying a return path, e.g. `/register?next=%2Fi%2Fava`. */
export function withReturnPath(page: '/login' | '/register', returnPath: string | null): string {
  const safe = safeReturnPath(returnPath);
  return safe ? `${page}?${new URLSearchParams({ [RETURN_PATH_PARAM]: safe }).toString()}` : page;
}

/** The return path a sign-in page was opened with: `?next=`, else the route guard's `state.from`. */
export function returnPathFrom(search: URLSearchParams, state: unknown): string | null {
  const fromQuery = safeReturnPath(search.get(RETURN_PATH_PARAM));
  if (fromQuery) return fromQuery;
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safeReturnPath(from.pathname + (typeof from.search === 'string' ? from.search : ''));
}

/**
 * Keeps the return path for Google's round-trip, or forgets an older one when there is none (an
 * abandoned round-trip must not send a later sign-in somewhere else).
 */
export function rememberReturnPath(path: string | null): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) sessionStorage.setItem(RETURN_PATH_STORAGE_KEY, safe);
    else sessionStorage.removeItem(RETURN_PATH_STORAGE_KEY);
  } catch {
    // Storage turned off: the visitor lands on the default page instead.
  }
}

/** The kept return path, if any, still checked: storage is not trusted more than the address. */
export function peekReturnPath(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(RETURN_PATH_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The kept return path, forgotten as it is taken (it is used once). */
export function takeReturnPath(): string | null {
  const path = peekReturnPath();
  rememberReturnPath(null);
  return path;
}

/** Whether the return path is a post of a public page (`/i/<handle>/posts/<id>`): a fan buying. */
export function leadsToPost(path: string | null): boolean {
  if (!path) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return new RegExp(`^${PUBLIC_PAGE_PREFIX}/[^/]+/posts/[^/]+$`).test(pathname);
}

/**
 * Whether the path is an influencer's public page or one of its posts: a visitor signing up on
 * the way there is a fan, and the account starts fan-only (docs/product/accounts.md).
 */
export function leadsToPublicPage(path: string | null): boolean {
  if (!path) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.startsWith(`${PUBLIC_PAGE_PREFIX}/`);
}

/**
 * Where a signed-in user goes without a return path (docs/product/accounts.md): a creator to
 * /onboarding (which forwards a finished one to /dashboard), a fan-only account to its purchases.
 */
export function homeOf(user: Pick<TUser, 'isCreator'>): '/onboarding' | '/purchases' {
  return user.isCreator ? '/onboarding' : '/purchases';
}
