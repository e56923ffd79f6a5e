import { GENERIC_ERRORS, safeText } from '@muse/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailbox } from '../../db/schema';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** Whether a connection comes from this machine (IPv4, IPv6 or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * The local mailbox, for developers and tests: mail that would have been sent, newest first,
 * with its plain text, its HTML (null for a text-only mail) and the links of its text.
 * Registered only when no SMTP server is configured, and never in production. It holds every
 * account's reset links, so it answers only connections from this machine (the socket's own
 * address: a forwarded-for header could be forged); anyone else gets the 404 of a missing route.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    { schema: { querystring: z.object({ to: safeText().optional() }) } },
    async (request, reply) => {
      if (!isLoopback(request.raw.socket.remoteAddress))
        return reply
          .status(404)
          .send({ success: false, error: GENERIC_ERRORS.notFound, code: 'NOT_FOUND' });
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
          html: row.html,
          // Each once, in the order the text names them: a mail's action link comes first.
          links: [...new Set(row.text.match(LINK) ?? [])],
          sentAt: row.sentAt.toISOString(),
        })),
      };
    },
  );
};
