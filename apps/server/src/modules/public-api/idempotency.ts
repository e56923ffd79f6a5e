import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { idempotentRequests } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { sleep } from '../../lib/sleep';

/** How long a key's first answer is given again (docs/decisions/0050-public-api.md). */
export const IDEMPOTENCY_HOURS = 24;
/** A claim whose request never finished (its instance died) may be taken over after this. */
const ABANDONED_SECONDS = 300;
/** How long a repeat waits for the first request's answer before it is told to retry. */
const WAIT_MS = 30_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export type TIdempotentClaim =
  { kind: 'claimed'; id: string } | { kind: 'replay'; status: number; body: string };

/**
 * What makes two requests the same: the method, the path with its query, and the body. Text
 * fields and files of a form count by their bytes, in the order they came.
 */
export function fingerprint(
  method: string,
  url: string,
  body: unknown,
  files: { field: string; fileName: string; data: Buffer }[] = [],
): string {
  const hash = createHash('sha256').update(`${method} ${url}\n`);
  hash.update(JSON.stringify(body ?? null));
  for (const file of files)
    hash.update(`\n${file.field}:${JSON.stringify(file.fileName)}:`).update(file.data);
  return hash.digest('hex');
}

export function checkIdempotencyKey(value: string): string {
  if (!IDEMPOTENCY_KEY.test(value))
    throw badRequest('The Idempotency-Key header must be 1 to 255 visible characters');
  return value;
}

/**
 * Claims `key` for this request, or finds what the first request with it answered. The same
 * key with another body is refused (422). Twenty copies sent at once: one claims, the others
 * wait for its answer and give it back, so the work runs, and is paid for, once.
 */
export async function claimIdempotencyKey(
  db: TDatabase,
  request: { workspaceId: string; owner: string; key: string; fingerprint: string },
): Promise<TIdempotentClaim> {
  const started = Date.now();
  for (;;) {
    // A row older than 24 hours, or abandoned mid-request, is claimed again as new.
    const [claimed] = await db
      .insert(idempotentRequests)
      .values({
        workspaceId: request.workspaceId,
        owner: request.owner,
        key: request.key,
        fingerprint: request.fingerprint,
      })
      .onConflictDoUpdate({
        target: [idempotentRequests.owner, idempotentRequests.key],
        set: {
          workspaceId: request.workspaceId,
          fingerprint: request.fingerprint,
          createdAt: sql`now()`,
          completedAt: null,
          responseStatus: null,
          responseBody: null,
        },
        setWhere: sql`${idempotentRequests.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
          or (${idempotentRequests.completedAt} is null
            and ${idempotentRequests.createdAt} < now() - make_interval(secs => ${ABANDONED_SECONDS}))`,
      })
      .returning({ id: idempotentRequests.id });
    if (claimed) return { kind: 'claimed', id: claimed.id };

    const [first] = await db
      .select()
      .from(idempotentRequests)
      .where(
        and(eq(idempotentRequests.owner, request.owner), eq(idempotentRequests.key, request.key)),
      );
    // The first request failed on Muse's side and gave its key back: try to claim it again.
    if (!first) continue;
    if (first.fingerprint !== request.fingerprint)
      throw new AppError(
        422,
        'This Idempotency-Key was used with another request: send a new key for a new request',
        'IDEMPOTENCY_KEY_REUSED',
      );
    if (first.completedAt && first.responseStatus !== null && first.responseBody !== null)
      return { kind: 'replay', status: first.responseStatus, body: first.responseBody };
    if (Date.now() - started > WAIT_MS)
      throw conflict(
        'The first request with this Idempotency-Key is still running: retry in a moment',
        'IDEMPOTENCY_IN_PROGRESS',
      );
    await sleep(25);
  }
}

/**
 * Keeps the first request's answer for its repeats. An answer of a failure on Muse's side
 * (5xx) is not kept: the key is given back, so a retry runs the request again.
 */
export async function completeIdempotencyKey(
  db: TDatabase,
  id: string,
  status: number,
  body: string,
): Promise<void> {
  if (status >= 500) {
    await db.delete(idempotentRequests).where(eq(idempotentRequests.id, id));
    return;
  }
  await db
    .update(idempotentRequests)
    .set({ responseStatus: status, responseBody: body, completedAt: sql`now()` })
    .where(eq(idempotentRequests.id, id));
}

/** Forgets answers older than 24 hours (the hourly purge). */
export async function purgeIdempotentRequests(db: TDatabase): Promise<void> {
  await db
    .delete(idempotentRequests)
    .where(
      sql`${idempotentRequests.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
    );
}
