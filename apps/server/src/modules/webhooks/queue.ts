/**
 * The queue messages of webhook deliveries (docs/product/public-api.md, 'Webhooks'): one message
 * per try, naming the delivery and the try. The delivery row is the truth; a message that finds
 * its delivery already past that try does nothing.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';

/** The queue task that makes one try of one delivery (run by the scheduled tasks' runner). */
export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';

export const ZDeliverWebhookPayload = z.object({
  deliveryId: z.string(),
  /** Which try this is (1 for the first): the delivery's attempts before it, plus one. */
  attempt: z.number().int().min(1),
  /** A try its owner asked for ('Send again'): one try, no retries after it. */
  resend: z.boolean().optional(),
});
export type TDeliverWebhookPayload = z.infer<typeof ZDeliverWebhookPayload>;

/**
 * Queues a try of a delivery at `at` (now when omitted), inside the caller's transaction: the
 * message exists only if the rows that asked for it commit. Keyed by the delivery, so a resend
 * replaces a retry that waits for its time, and a delivery has one waiting message.
 */
export async function queueDeliveryTry(
  tx: TQueryable,
  payload: TDeliverWebhookPayload,
  at?: Date,
): Promise<void> {
  // A failing handler (the database away) is tried again by the queue; the receiver's failures
  // are counted by the delivery itself.
  await tx.execute(
    sql`select graphile_worker.add_job(${DELIVER_WEBHOOK_TASK}, ${JSON.stringify(payload)}::json, run_at := ${at?.toISOString() ?? null}::timestamptz, max_attempts := 3, job_key := ${`webhook:${payload.deliveryId}`}, job_key_mode := 'replace')`,
  );
}
