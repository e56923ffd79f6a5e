/**
 * One try of one webhook delivery (docs/product/public-api.md, 'Webhooks'): the stored body is
 * POSTed, signed the Standard Webhooks way, to the address its URL was checked to resolve to.
 * A 2xx answer delivers it; anything else is a failed try, tried again after the next pause of
 * the schedule until the schedule ends (about 3 days), then the delivery is failed. An endpoint
 * that failed every try for 5 days is turned off and its owner mailed once.
 *
 * Neither the secret nor a signature is ever logged or stored.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SECRET_PREFIX } from '@muse/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { TSecretBox } from '../../lib/secret-box';
import { queueAccountMail } from '../auth/mail-queue';
import { workspaceOwner } from '../../db/workspace-owner';
import { queueDeliveryTry, type TDeliverWebhookPayload } from './queue';
import { checkWebhookUrl, pinnedLookup, type TLookup, type TResolvedAddress } from './url-safety';

export { DELIVER_WEBHOOK_TASK, ZDeliverWebhookPayload } from './queue';

/** What a worker needs to deliver webhooks. */
export type TWebhookDeliveryContext = {
  /** Opens the endpoints' sealed signing secrets. */
  secrets: Pick<TSecretBox, 'open'>;
  /** In production only https to public addresses is tried (url-safety.ts). */
  production: boolean;
  /** The pauses in seconds after each failed try (WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: readonly number[];
  /** How long a try may take, the answer read included. */
  timeoutMs?: number;
  /** Resolves host names (tests); node's resolver otherwise. */
  lookup?: TLookup;
};

/** The delivery settings of a worker, from the configuration and the services. */
export function webhookDeliveryContext(
  config: Pick<TConfig, 'isProduction' | 'WEBHOOK_RETRY_SCHEDULE'>,
  services: { secrets: Pick<TSecretBox, 'open'> },
): TWebhookDeliveryContext {
  return {
    secrets: services.secrets,
    production: config.isProduction,
    retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
  };
}

/** A try gets this long to connect, send and be answered. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** An endpoint whose tries have all failed for this long is turned off. */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** How much of the receiver's answer is kept. */
const ANSWER_CHARS = 1000;
/** What is read of the answer at most (enough for its first characters in any UTF-8). */
const ANSWER_BYTES = ANSWER_CHARS * 4;

/**
 * The `webhook-signature` of a try (Standard Webhooks): `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed with the bytes the secret's base64 part encodes.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

type TTry =
  | { ok: true; statusCode: number; answer: string }
  | { ok: false; statusCode: number | null; answer: string };

/** Text PostgreSQL can keep: no NUL, at most ANSWER_CHARS characters. */
function keepable(text: string): string {
  return text.replaceAll('\u0000', '').slice(0, ANSWER_CHARS);
}

/** Why a request got no answer, in a few words the delivery list shows. */
function unreachable(error: unknown, timedOut: boolean): string {
  if (timedOut) return 'timed out';
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ETIMEDOUT':
      return 'timed out';
  }
  if (typeof code === 'string' && /CERT|TLS|SSL/.test(code)) return `TLS failed (${code})`;
  return typeof code === 'string' ? `could not connect (${code})` : 'could not connect';
}

/**
 * POSTs `body` to `url`, connecting to `address` when given (the one checked) rather than
 * resolving the host again; TLS still checks the certificate against the URL's host. Redirects
 * are not followed (a 3xx is a failed try, like any non-2xx).
 */
export function postWebhook(
  url: URL,
  address: TResolvedAddress | null,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<TTry> {
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (result: TTry) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A fresh connection each time: nothing pooled was resolved some other way.
        agent: false,
        ...(address ? { lookup: pinnedLookup(address) } : {}),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const answer = keepable(Buffer.concat(chunks).toString('utf8'));
          finish(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode, answer }
              : { ok: false, statusCode, answer },
          );
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      finish({ ok: false, statusCode: null, answer: 'timed out' });
    }, timeoutMs);
    request.on('error', (error) =>
      finish({ ok: false, statusCode: null, answer: unreachable(error, timedOut) }),
    );
    request.end(body);
  });
}

/** The try itself: the URL checked again (it may resolve elsewhere now), signed, sent. */
async function send(
  context: TWebhookDeliveryContext,
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: typeof webhookDeliveries.$inferSelect,
): Promise<TTry> {
  const check = await checkWebhookUrl(endpoint.url, {
    production: context.production,
    lookup: context.lookup,
  });
  if (!check.ok)
    return {
      ok: false,
      statusCode: null,
      answer: check.reason === 'unresolvable' ? 'host not found' : 'URL not allowed',
    };
  let secret: string;
  try {
    secret = context.secrets.open(endpoint.secretCiphertext);
  } catch {
    // Sealed under another ENCRYPTION_KEY: the endpoint must be added again.
    return { ok: false, statusCode: null, answer: 'The signing secret cannot be read' };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  return postWebhook(
    check.url,
    check.address,
    {
      'content-type': 'application/json',
      'user-agent': 'Muse-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, delivery.id, timestamp, delivery.payload),
    },
    delivery.payload,
    context.timeoutMs ?? DELIVERY_TIMEOUT_MS,
  );
}

/**
 * Runs one try (the `deliver-webhook` task). A message for a try the delivery is already past
 * (a resend and a retry both queued, a deleted endpoint) does nothing.
 */
export async function deliverWebhook(
  db: TDatabase,
  context: TWebhookDeliveryContext,
  payload: TDeliverWebhookPayload,
): Promise<void> {
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, payload.deliveryId));
  if (!found) return;
  const { delivery, endpoint } = found;
  if (delivery.status !== 'pending' || delivery.attempts !== payload.attempt - 1) return;

  // Nothing is sent to an endpoint Muse turned off: its waiting deliveries end here.
  const result: TTry = endpoint.disabledAt
    ? { ok: false, statusCode: null, answer: 'The endpoint is turned off' }
    : await send(context, endpoint, delivery);
  const now = new Date();
  const attempts = delivery.attempts + 1;
  const sameTry = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, 'pending'),
    eq(webhookDeliveries.attempts, delivery.attempts),
  );

  await db.transaction(async (tx) => {
    if (result.ok) {
      const [delivered] = await tx
        .update(webhookDeliveries)
        .set({
          status: 'succeeded',
          attempts,
          lastStatusCode: result.statusCode,
          lastResponse: result.answer,
          nextAttemptAt: null,
          deliveredAt: now,
        })
        .where(sameTry)
        .returning({ id: webhookDeliveries.id });
      if (delivered)
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }

    // The pause after the n-th failed try is the schedule's n-th; past its end, the delivery
    // has failed. A resend is one try.
    const pause =
      payload.resend || endpoint.disabledAt ? undefined : context.retrySchedule[delivery.attempts];
    const nextAttemptAt = pause === undefined ? null : new Date(now.getTime() + pause * 1000);
    const [failed] = await tx
      .update(webhookDeliveries)
      .set({
        status: nextAttemptAt ? 'pending' : 'failed',
        attempts,
        lastStatusCode: result.statusCode,
        lastResponse: result.answer,
        nextAttemptAt,
      })
      .where(sameTry)
      .returning({ id: webhookDeliveries.id });
    if (!failed) return;
    if (nextAttemptAt)
      await queueDeliveryTry(tx, { deliveryId: delivery.id, attempt: attempts + 1 }, nextAttemptAt);
    if (endpoint.disabledAt) return;

    // Failing since the first failure in a row; turned off once that is 5 days ago.
    const [marked] = await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    const since = marked?.failingSince;
    if (!since || now.getTime() - since.getTime() < DISABLE_AFTER_MS) return;
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    const owner = disabled && (await workspaceOwner(tx, endpoint.workspaceId));
    if (owner)
      await queueAccountMail(tx, {
        kind: 'webhook-disabled',
        userId: owner,
        url: endpoint.url,
        failingSince: since.toISOString(),
      });
  });
}
