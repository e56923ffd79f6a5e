import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  API_KEY_TEXTS,
  MAX_API_KEYS,
  isUuid,
  type TApiKey,
  type TApiScope,
} from '@muse/shared';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { apiKeys, users, workspaces } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { accountChanged } from '../auth/sessions';

type TApiKeyRow = typeof apiKeys.$inferSelect;

/** Who a key is, as the routes and the credit history see it. */
/** A key as it calls: the workspace it acts for, and the scopes it may use there. */
export type TApiKeyActor = {
  id: string;
  name: string;
  workspaceId: string;
  scopes: readonly TApiScope[];
};

/**
 * A new secret: the prefix, then 256 random bits in base64url. Secret scanners find a leaked key
 * by its prefix; the length makes guessing hopeless, so a fast hash is the right one to keep.
 */
function newSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Whether a bearer token is an API key (and not a session's token). */
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export function toPublicApiKey(row: TApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const live = () =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)));

/**
 * Makes a key of `workspaceId`, by the member `createdBy`; the secret is returned this once and
 * only its hash is kept.
 */
export async function createApiKey(
  db: TDatabase,
  workspaceId: string,
  createdBy: string,
  request: { name: string; scopes: TApiScope[]; expiresAt?: string | null },
): Promise<{ key: string; row: TApiKeyRow }> {
  const key = newSecret();
  return db.transaction(async (tx) => {
    // The workspace's row is locked so two creations at once cannot both take the last place.
    await tx.execute(
      sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), live()));
    if ((held?.n ?? 0) >= MAX_API_KEYS) throw conflict(API_KEY_TEXTS.tooMany, 'API_KEY_LIMIT');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId,
        createdBy,
        name: request.name,
        prefix: key.slice(0, API_KEY_SHOWN_CHARS),
        tokenHash: hashToken(key),
        scopes: request.scopes,
        expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
      })
      .returning();
    return { key, row: row! };
  });
}

/** The workspace's live keys, newest first. */
export async function listApiKeys(db: TDatabase, workspaceId: string): Promise<TApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), live()))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Revokes a key at once: this instance forgets it before answering, the others when the
 * database announces the change (migration 0019).
 */
export async function revokeApiKey(db: TDatabase, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(API_KEY_TEXTS.notFound, 'API_KEY_NOT_FOUND');
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!revoked) throw notFound(API_KEY_TEXTS.notFound, 'API_KEY_NOT_FOUND');
  accountChanged(workspaceId);
}

/** A live key found by the hash of its secret. */
export type TApiKeyLookup = {
  apiKey: TApiKeyActor;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

function prepareLookup(db: TDatabase) {
  return (
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        workspaceId: apiKeys.workspaceId,
        scopes: apiKeys.scopes,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
      })
      .from(apiKeys)
      // The keys of a suspended account's personal workspace stop with its sessions
      // (docs/product/reports-and-takedown.md).
      .leftJoin(users, eq(users.id, apiKeys.workspaceId))
      .where(
        and(eq(apiKeys.tokenHash, sql.placeholder('tokenHash')), live(), isNull(users.suspendedAt)),
      )
      .limit(1)
      .prepare('muse_find_api_key')
  );
}

const lookups = new WeakMap<TDatabase, ReturnType<typeof prepareLookup>>();

/**
 * The live key whose secret hashes to `tokenHash`. The comparison is PostgreSQL's index lookup
 * of a SHA-256: what is compared is a hash of the secret, never the secret, so its timing tells
 * an attacker nothing about any key.
 */
export async function lookUpApiKey(
  db: TDatabase,
  tokenHash: string,
): Promise<TApiKeyLookup | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  if (!row) return null;
  const { expiresAt, lastUsedAt, ...apiKey } = row;
  return { apiKey, expiresAt, lastUsedAt };
}

/** Notes a key's use, as `touchSession` does for a session: at most every few minutes. */
export async function touchApiKey(db: TQueryable, id: string, precisionMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          sql`${apiKeys.lastUsedAt} < now() - make_interval(secs => ${precisionMs / 1000})`,
        ),
      ),
    );
}

/** The refusal of a call outside the key's scopes, naming the scope it needs and where to get it. */
export const scopeMissing = (scope: TApiScope) =>
  new AppError(
    403,
    `This API key lacks the scope ${scope}: make a key with it in Settings → API keys`,
    'SCOPE_MISSING',
  );
