import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorised } from '../../lib/errors';
import { findSession, type TAuthenticated } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route of the protected subtree. */
    auth: TAuthenticated;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** Makes every route registered inside `app` answer 401 without a valid, live session. */
export function requireAuth(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    // A real token is 43 characters; anything far off is not worth a database round trip.
    if (!token || token.length > 100) throw unauthorised();
    const found = await findSession(app.database.db, token);
    if (!found) throw unauthorised();
    request.auth = found;
  });
}
