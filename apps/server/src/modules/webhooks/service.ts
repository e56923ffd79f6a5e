/**
 * An account's webhook endpoints and their deliveries (docs/product/public-api.md, 'Webhooks').
 * Every query names the owner: another account's endpoint or delivery is a 404, like one that
 * does not exist.
 */
import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEXTS,
  isUuid,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@muse/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, workspaces } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TSecretBox } from '../../lib/secret-box';
import { queueDeliveryTry } from './queue';
import { checkWebhookUrl, type TLookup } from './url-safety';

type TEndpointRow = typeof webhookEndpoints.$inferSelect;
type TDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How many deliveries the list shows, newest first. */
export const DELIVERIES_SHOWN = 50;

const endpointNotFound = () => notFound(WEBHOOK_TEXTS.notFound, 'WEBHOOK_ENDPOINT_NOT_FOUND');
const deliveryNotFound = () =>
  notFound(WEBHOOK_TEXTS.deliveryNotFound, 'WEBHOOK_DELIVERY_NOT_FOUND');

/**
 * A new signing secret in the Standard Webhooks form: `whsec_` and the base64 of 24 random
 * bytes, which are the HMAC key.
 */
function newSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

export function toPublicEndpoint(row: TEndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

export function toPublicDelivery(row: TDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastResponse: row.lastResponse,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * Adds an endpoint; its secret is returned this once (Muse keeps it sealed, to sign with). The
 * URL is checked first (url-safety.ts): in production, https to a public address only.
 */
export async function createEndpoint(
  db: TDatabase,
  secrets: Pick<TSecretBox, 'seal'>,
  config: { isProduction: boolean },
  workspaceId: string,
  request: { url: string; events: TWebhookEventType[] },
  lookup?: TLookup,
): Promise<{ secret: string; row: TEndpointRow }> {
  const check = await checkWebhookUrl(request.url, { production: config.isProduction, lookup });
  if (!check.ok) {
    const text =
      check.reason === 'https'
        ? WEBHOOK_TEXTS.urlHttps
        : check.reason === 'invalid'
          ? WEBHOOK_TEXTS.urlInvalid
          : WEBHOOK_TEXTS.urlPrivate;
    throw badRequest(text, 'WEBHOOK_URL_NOT_ALLOWED', { field: 'url' });
  }
  const secret = newSecret();
  return db.transaction(async (tx) => {
    // The workspace's row is locked so two additions at once cannot both take the last place.
    await tx.execute(
      sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)),
      );
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS)
      throw conflict(WEBHOOK_TEXTS.tooMany, 'WEBHOOK_ENDPOINT_LIMIT');
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId,
        url: check.url.href,
        events: request.events,
        secretCiphertext: secrets.seal(secret),
      })
      .returning();
    return { secret, row: row! };
  });
}

/** The account's endpoints, newest first, the ones Muse turned off included. */
export function listEndpoints(db: TDatabase, workspaceId: string): Promise<TEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

async function findEndpoint(db: TDatabase, workspaceId: string, id: string): Promise<TEndpointRow> {
  if (!isUuid(id)) throw endpointNotFound();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!row) throw endpointNotFound();
  return row;
}

/** Removes an endpoint and its deliveries; a try already queued finds nothing and stops. */
export async function deleteEndpoint(
  db: TDatabase,
  workspaceId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw endpointNotFound();
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted) throw endpointNotFound();
}

/** The endpoint's newest deliveries (read by webhook_deliveries_endpoint_created_idx). */
export async function listDeliveries(
  db: TDatabase,
  workspaceId: string,
  endpointId: string,
): Promise<TDeliveryRow[]> {
  const endpoint = await findEndpoint(db, workspaceId, endpointId);
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        eq(webhookDeliveries.workspaceId, workspaceId),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
}

/**
 * Queues one more try of a delivery, now: the same `webhook-id` and the same body, so a
 * receiver that kept it can tell the repeat. It replaces a retry still waiting for its time,
 * and no retries follow it.
 */
export async function resendDelivery(
  db: TDatabase,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<TDeliveryRow> {
  const endpoint = await findEndpoint(db, workspaceId, endpointId);
  if (!isUuid(deliveryId)) throw deliveryNotFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.workspaceId, workspaceId),
        ),
      )
      .returning();
    if (!row) throw deliveryNotFound();
    await queueDeliveryTry(tx, { deliveryId: row.id, attempt: row.attempts + 1, resend: true });
    return row;
  });
}
