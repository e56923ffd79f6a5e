import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailbox } from '../../db/schema';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * The local mailbox, for developers and tests: mail that would have been sent, newest first.
 * Registered only when no SMTP server is configured, and never in production.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    { schema: { querystring: z.object({ to: z.string().optional() }) } },
    async (request) => {
      const rows = await app.database.db
        .select()
        .from(devMailbox)
        .where(request.query.to ? eq(devMailbox.to, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(devMailbox.sentAt))
        .limit(50);
      return {
        success: true,
        messages: rows.map((row) => ({
          to: row.to,
          subject: row.subject,
          text: row.text,
          links: row.text.match(LINK) ?? [],
          sentAt: row.sentAt.toISOString(),
        })),
      };
    },
  );
};
