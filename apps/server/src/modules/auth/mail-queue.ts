import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';
import { rateLimitHit } from '../../lib/rate-limit';

/**
 * The queue task that sends account mail. Requests only enqueue a message, so none waits on
 * SMTP and forgot-password does the same work for every address
 * (docs/decisions/0022-email-verification-and-google-linking.md).
 */
export const ACCOUNT_MAIL_TASK = 'send-account-mail';

export const ZAccountMailPayload = z.discriminatedUnion('kind', [
  /** A reset link for the account of `email`, if there is one (the worker looks it up). */
  z.object({ kind: z.literal('password-reset'), email: z.string() }),
  /** A link that confirms the account's current address. */
  z.object({ kind: z.literal('verify-email'), userId: z.string() }),
  /** The notice that a Google sign-in took over an account with an unconfirmed address. */
  z.object({ kind: z.literal('google-takeover'), userId: z.string() }),
  /** A link to the new address an account asked to move to, from the session that asked. */
  z.object({
    kind: z.literal('email-change'),
    userId: z.string(),
    newEmail: z.string(),
    sessionId: z.string(),
  }),
  /** The notice to the old address once the account moved to a new one. */
  z.object({ kind: z.literal('email-changed'), userId: z.string(), oldEmail: z.string() }),
  /**
   * What became of a taken-down post's platform copies: those Muse deleted, those the creator
   * must delete by hand (platforms/takedown.ts). The worker reads them from the post.
   */
  z.object({ kind: z.literal('post-taken-down'), userId: z.string(), postId: z.string() }),
  /** The notice that Muse turned off a failing webhook endpoint (webhooks/delivery.ts). */
  z.object({
    kind: z.literal('webhook-disabled'),
    userId: z.string(),
    url: z.string(),
    failingSince: z.string(),
  }),
  /** A report's reference, to its reporter (docs/product/reports-and-takedown.md). */
  z.object({ kind: z.literal('report-received'), reportId: z.string() }),
  /** What an operator decided on a report, to its reporter or to the reported creator. */
  z.object({
    kind: z.literal('report-outcome'),
    reportId: z.string(),
    recipient: z.enum(['reporter', 'creator']),
  }),
  /** To the fan of a purchase refunded because Muse removed the post. */
  z.object({ kind: z.literal('post-removed-refund'), purchaseId: z.string() }),
  /**
   * A workspace invitation's link, to the invited address: its one-time token is made when the
   * mail is sent, so no secret waits in the queue (modules/workspaces/service.ts).
   */
  z.object({ kind: z.literal('workspace-invitation'), invitationId: z.string() }),
]);
export type TAccountMailPayload = z.infer<typeof ZAccountMailPayload>;

/** SMTP can fail for a moment: the queue retries with growing delays (about 1.5 minutes in all). */
const MAX_ATTEMPTS = 5;

const addJob = (payload: TAccountMailPayload) =>
  sql`graphile_worker.add_job(${ACCOUNT_MAIL_TASK}, ${JSON.stringify(payload)}::json, max_attempts := ${MAX_ATTEMPTS})`;

/** Queues one account mail; inside a transaction, it is sent only if the transaction commits. */
export async function queueAccountMail(db: TQueryable, payload: TAccountMailPayload) {
  await db.execute(sql`select ${addJob(payload)}`);
}

/**
 * Queues the mail only if none was queued under `key` in the last `windowSeconds`, in one
 * statement: the hit is counted and the message added together, so two requests at once queue
 * one. Says nothing of whether it queued: the caller's answer is the same either way.
 */
export async function queueAccountMailOncePer(
  db: TQueryable,
  key: string,
  windowSeconds: number,
  payload: TAccountMailPayload,
) {
  await db.execute(
    sql`with hit as (${rateLimitHit(key, windowSeconds)}) select ${addJob(payload)} from hit where hit.hits = 1`,
  );
}
