import type { FastifyRequest } from 'fastify';
import type { TDatabase } from '../../db/client';
import { findSession } from '../auth/sessions';

/**
 * Who looks at a public page: the account behind a bearer token when one is sent and live, else
 * nobody. A bad or expired token is a visitor without an account, never a 401: the page is open
 * to all, the token only unlocks what its account made or bought.
 */
export async function viewerOf(db: TDatabase, request: FastifyRequest): Promise<string | null> {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  // A real token is 43 characters; anything far off is not worth a database round trip.
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 100) return null;
  const found = await findSession(db, token.trim());
  return found?.user.id ?? null;
}
