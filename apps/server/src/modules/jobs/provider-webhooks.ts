/**
 * fal's webhooks (docs/decisions/0021-generation-engines.md). A delivery is believed only when
 * its Ed25519 signature verifies against fal's published keys and it is fresh; anything else is
 * answered 401 and changes nothing. A verified delivery only wakes the worker waiting on that
 * request, wherever it runs: the worker reads the result from fal itself, so a repeated or late
 * delivery changes nothing either.
 */
import { and, eq, like, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { jobs } from '../../db/schema';
import { falConnection, rewriteFalUrl } from '../../engines/fal/client';
import { createFalWebhookVerifier, FAL_JWKS_URL } from '../../engines/fal/webhooks';
import { unauthorised } from '../../lib/errors';
import { announceProviderDone } from './provider-wakeups';

const ZDelivery = z.object({ request_id: z.string().min(1).max(200) });

export const providerWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { config } = app;
  // Only when a fal engine can be configured at all: no key, no route.
  if (!falConnection(config)) return;
  const verifier = createFalWebhookVerifier({
    jwksUrl: rewriteFalUrl(FAL_JWKS_URL, config.FAL_API_URL),
  });

  // The signature covers the exact bytes fal sent, so this route keeps the raw body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/webhooks/fal', async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verified = await verifier.verify(body, request.headers);
    if (!verified) throw unauthorised('Invalid fal webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
    let delivery;
    try {
      delivery = ZDelivery.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      delivery = null;
    }
    // The signed header names the request; a body that disagrees is not believed.
    if (!delivery?.success || delivery.data.request_id !== verified.requestId)
      throw unauthorised('Invalid fal webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
    // Announced whether or not a job is seen waiting yet: fal may answer before the worker has
    // saved the request id, and the worker keeps an early announcement until it waits.
    const [waiting] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          // A job of several steps saves each one's request as `<step>:<request id>`.
          or(
            eq(jobs.providerRequestId, verified.requestId),
            like(jobs.providerRequestId, `%:${verified.requestId}`),
          ),
          eq(jobs.status, 'running'),
        ),
      );
    await announceProviderDone(db, verified.requestId);
    request.log.info({ requestId: verified.requestId, jobId: waiting?.id ?? null }, 'fal webhook');
    return { received: true };
  });
};
