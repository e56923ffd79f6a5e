/**
 * Where the browser keeps the session token. A module of its own: the pages that hydrate without
 * the app (the landing, an influencer's public page) read it on their first visit, without the
 * API client around it (lib/api.ts, which exports both too; docs/decisions/0034-prerendered-public-pages.md).
 */
export const TOKEN_STORAGE_KEY = 'token';

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
