/**
 * The events an account's webhook endpoints receive (docs/product/public-api.md, 'Webhooks').
 * Each is emitted inside the transaction that makes it true, so an event is never sent for a
 * change that rolled back: one delivery row per subscribed endpoint and its first try's queue
 * message are written with the change, and sent once it commits.
 *
 * This module imports none of the modules that emit (jobs, publishing, sales): they hand it what
 * the event says, already in its public shape.
 */
import type { TJob, TWebhookEventType } from '@muse/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, type posts } from '../../db/schema';
import { queueDeliveryTry } from './queue';

/** A post as its events tell it: what it is and when it went out, not its files. */
export type TWebhookPost = {
  id: string;
  influencerId: string | null;
  influencerName: string;
  caption: string;
  priceCents: number;
  /** When it went out, ISO 8601. */
  publishAt: string;
  /** Whether it went out from the calendar (true) or at once (false). */
  scheduled: boolean;
};

/** What each event's `data` holds. */
export type TWebhookEventData = {
  /** The job as GET /api/jobs/{id} answers it (its file URLs expire like that answer's). */
  'job.succeeded': { job: TJob };
  /** The failed job, and the credits given back (0 when it cost none). */
  'job.failed': { job: TJob; refundedCredits: number };
  'persona.trained': { influencerId: string; jobId: string };
  /** `reason` is the job's failure reason; the model token comes back (`refundedModelTokens`). */
  'persona.training_failed': {
    influencerId: string;
    jobId: string;
    reason: string;
    refundedModelTokens: number;
  };
  'post.published': { post: TWebhookPost };
  /** What the fan paid, in the currency's smallest unit. */
  'post.sold': { postId: string; amountCents: number; currency: 'usd' };
};

/**
 * Sends `type` to every live endpoint of the account that asked for it: inside the caller's
 * transaction, a delivery row (its `payload` the exact body every try sends) and the queue
 * message of its first try, per endpoint. Nothing is written when no endpoint listens.
 */
export async function emitWebhookEvent<T extends TWebhookEventType>(
  tx: TQueryable,
  workspaceId: string,
  type: T,
  data: TWebhookEventData[T],
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (!endpoints.length) return;
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, workspaceId, type, payload })))
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await queueDeliveryTry(tx, { deliveryId: row.id, attempt: 1 });
}

/** The influencer a training job trains (its stored options name it). */
function trainedInfluencer(job: TJob): string | null {
  const id = job.options.influencerId;
  return job.tool === 'train-persona' && typeof id === 'string' ? id : null;
}

/**
 * The events of a job that just finished, in the transaction that marked it so: `job.succeeded`
 * or `job.failed` (with what was refunded), and for a persona's training also
 * `persona.trained` or `persona.training_failed`.
 */
export async function emitJobFinished(
  tx: TQueryable,
  workspaceId: string,
  job: TJob,
  refunded: { credits: number; modelTokens: number } = { credits: 0, modelTokens: 0 },
): Promise<void> {
  const influencerId = trainedInfluencer(job);
  if (job.status === 'succeeded') {
    await emitWebhookEvent(tx, workspaceId, 'job.succeeded', { job });
    if (influencerId)
      await emitWebhookEvent(tx, workspaceId, 'persona.trained', { influencerId, jobId: job.id });
    return;
  }
  await emitWebhookEvent(tx, workspaceId, 'job.failed', { job, refundedCredits: refunded.credits });
  if (influencerId)
    await emitWebhookEvent(tx, workspaceId, 'persona.training_failed', {
      influencerId,
      jobId: job.id,
      reason: job.failureReason ?? '',
      refundedModelTokens: refunded.modelTokens,
    });
}

/** `post.published` for a post that just went out (at once, or at its time from the calendar). */
export async function emitPostPublished(
  tx: TQueryable,
  post: typeof posts.$inferSelect,
): Promise<void> {
  await emitWebhookEvent(tx, post.workspaceId, 'post.published', {
    post: {
      id: post.id,
      influencerId: post.influencerId,
      influencerName: post.influencerName,
      caption: post.caption,
      priceCents: post.priceCents,
      publishAt: post.publishAt.toISOString(),
      scheduled: post.scheduled,
    },
  });
}
