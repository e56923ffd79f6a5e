import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../lib/tokens';

/**
 * Who looks at a public page: the account behind a bearer token when one is sent and live, else
 * nobody. A bad or expired token is a visitor without an account, never a 401: the page is open
 * to all, the token only unlocks what its account made or bought. Sessions are found as the
 * protected routes find them, through this instance's session cache.
 */
export async function viewerOf(request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const found = await request.server.sessionCache.find(token);
  return found?.user.id ?? null;
}
