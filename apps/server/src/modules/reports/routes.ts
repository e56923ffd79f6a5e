import { ZCreateReportRequest, ZCreateReportResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumeRateLimit } from '../../lib/rate-limit';
import { bearerToken } from '../../lib/tokens';
import { isEmailVerified } from '../auth/service';
import { createReport, reporterOf } from './service';

/** Reports per IP address in each window, as for the other writes open to visitors. */
const WINDOW_SECONDS = 15 * 60;

/**
 * 'Report' on a public page or post (docs/product/reports-and-takedown.md): open to everyone. A
 * live session, when sent, files it as the account's (its confirmed address gets the mails); a
 * visitor gives an address. A bad or expired token is a visitor, never a 401.
 */
export const reportPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const perIp = { max: app.config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: WINDOW_SECONDS };

  app.post(
    '/reports',
    { schema: { body: ZCreateReportRequest, response: { 201: ZCreateReportResponse } } },
    async (request, reply) => {
      await consumeRateLimit(db, `report:ip:${request.ip}`, perIp);
      const token = bearerToken(request.headers.authorization);
      const session = token ? await app.sessionCache.find(token) : null;
      const account = session
        ? {
            id: session.user.id,
            email: session.user.email,
            verified: isEmailVerified(session.user),
          }
        : null;
      const { email, ...report } = request.body;
      const filed = await createReport(db, report, reporterOf(account, email));
      return reply.status(201).send({
        success: true as const,
        reference: filed.reference,
        dueAt: filed.dueAt?.toISOString() ?? null,
      });
    },
  );
};
