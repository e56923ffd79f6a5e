import type { TUser, TWorkspaceRole } from '@muse/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { sessions, users, type TUserRow } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';

const HOUR = 60 * 60 * 1000;
/** Without 'Remember me' a session lasts a day; with it, or after sign-up or Google, 30 days. */
export const SESSION_TTL = { short: 24 * HOUR, long: 30 * 24 * HOUR } as const;

export type TSessionContext = { userAgent?: string; ip?: string };

/** Opens a session for the account and returns its token; only the token's hash is stored. */
export async function createSession(
  db: TDatabase,
  userId: string,
  lifetime: keyof typeof SESSION_TTL,
  context: TSessionContext = {},
): Promise<string> {
  const { token, row } = newSession(userId, lifetime, context);
  await db.insert(sessions).values(row);
  return token;
}

/**
 * A new session's token and the row of `sessions` that stores it, for a caller that writes it
 * in a statement of its own (sign-in writes it with its other work, in one round trip).
 */
export function newSession(
  userId: string,
  lifetime: keyof typeof SESSION_TTL,
  context: TSessionContext = {},
) {
  const token = randomToken();
  const row = {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL[lifetime]),
    userAgent: context.userAgent?.slice(0, 500) ?? null,
    ip: context.ip ?? null,
  };
  return { token, row };
}

/**
 * What a request knows of its account: every column but the password hash, which is read only
 * where a password is checked and never kept in memory with a session.
 */
/** A workspace the person belongs to, and their role in it. */
export type TMembership = { workspaceId: string; role: TWorkspaceRole };

export type TSessionUser = Omit<TUserRow, 'passwordHash'> & {
  hasPassword: boolean;
  memberships: TMembership[];
};

/** A live session: its account, and the account as the API shows it, worked out once per read. */
export type TAuthenticated = { user: TSessionUser; sessionId: string; publicUser: TUser };

/** A live session as read from the database, with the moment it ends and its last use. */
export type TSessionLookup = Omit<TAuthenticated, 'publicUser'> & {
  expiresAt: Date;
  lastUsedAt: Date;
};

/**
 * The columns of a TSessionUser, for the lookups that find who calls (a session's, an API
 * key's): every column of the account but its password hash.
 */
export const SESSION_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
  googleSubject: users.googleSubject,
  verifiedEmail: users.verifiedEmail,
  creatorSince: users.creatorSince,
  isOperator: users.isOperator,
  suspendedAt: users.suspendedAt,
  deletedAt: users.deletedAt,
  /** The workspaces the person belongs to, with their role in each (docs/product/teams.md). */
  memberships: sql<
    TMembership[]
  >`(select coalesce(json_agg(json_build_object('workspaceId', m.workspace_id, 'role', m.role) order by m.created_at), '[]'::json) from workspace_members m where m.user_id = ${users.id})`,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

function prepareLookup(db: TDatabase) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      ...SESSION_USER_COLUMNS,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        // A suspended account's sessions stop at once (docs/product/reports-and-takedown.md).
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('muse_find_session');
}

/**
 * One prepared statement per database handle: every protected request runs it, so it is planned
 * once per connection and built once per process (docs/decisions/0031-session-cache-and-hot-reads.md).
 */
const lookups = new WeakMap<TDatabase, ReturnType<typeof prepareLookup>>();

/** The live session whose token hashes to `tokenHash`, read from the database. */
export async function lookUpSession(
  db: TDatabase,
  tokenHash: string,
): Promise<TSessionLookup | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  if (!row) return null;
  const { sessionId, expiresAt, lastUsedAt, ...user } = row;
  return { user, sessionId, expiresAt, lastUsedAt };
}

/** How stale a session's `last_used_at` may get before a read from the database refreshes it. */
export const LAST_USED_PRECISION_MS = 5 * 60 * 1000;

/**
 * Notes that a session was used, when its record is older than the precision above. Only the
 * reads that reach the database call it (a session kept in memory costs nothing), and a change
 * of `last_used_at` alone announces nothing to the caches (migration 0014).
 */
export async function touchSession(db: TQueryable, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`${sessions.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_PRECISION_MS / 1000})`,
      ),
    );
}

/**
 * Called with the account's id whenever this process revokes its sessions or changes what a
 * session shows of it, before the answer goes out: the session caches of this process forget the
 * account at once, while other processes learn it from the database's notification once the
 * change commits (docs/decisions/0031-session-cache-and-hot-reads.md).
 */
const changeListeners = new Set<(userId: string) => void>();

export function onAccountChanged(listener: (userId: string) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function accountChanged(userId: string): void {
  for (const listener of changeListeners) listener(userId);
}

export async function revokeSession(db: TQueryable, sessionId: string): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  for (const { userId } of revoked) accountChanged(userId);
}

export async function revokeAllSessions(db: TQueryable, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  accountChanged(userId);
}
