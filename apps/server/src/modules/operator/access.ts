import type { FastifyInstance } from 'fastify';
import { API_KEY_PREFIX } from '@muse/shared';
import { notFound } from '../../lib/errors';
import { bearerToken } from '../../lib/tokens';

/** The operator who calls, as the audit log names them. */
export type TOperator = { id: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator calling; set on every route of the operators' scope. */
    operator: TOperator;
  }
}

/**
 * Makes `scope` the operators' scope (docs/product/reports-and-takedown.md): every route inside
 * answers exactly as an unknown address does (404 `NOT_FOUND`) to anyone but a signed-in
 * operator, with or without a session, before its body is read, so nothing tells a visitor or a
 * creator that the console exists. API keys never reach it.
 */
export function registerOperatorAccess(scope: FastifyInstance): void {
  scope.decorateRequest('operator', null as unknown as TOperator);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token || token.startsWith(API_KEY_PREFIX)) throw notFound();
    const found = await scope.sessionCache.find(token);
    if (!found?.user.isOperator) throw notFound();
    request.operator = { id: found.user.id, email: found.user.email };
  });
}
