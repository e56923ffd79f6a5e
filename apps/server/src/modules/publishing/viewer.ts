import type { FastifyRequest } from 'fastify';

/**
 * Who looks at a public page: the account behind a bearer token when one is sent and live, else
 * nobody. A bad or expired token is a visitor without an account, never a 401: the page is open
 * to all, the token only unlocks what its account made or bought. Sessions are found as the
 * protected routes find them, through this instance's session cache.
 */
export async function viewerOf(request: FastifyRequest): Promise<string | null> {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  // A real token is 43 characters; anything far off is not worth a database round trip.
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 100) return null;
  const found = await request.server.sessionCache.find(token.trim());
  return found?.user.id ?? null;
}
