import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { sessions, users, type TUserRow } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';

const HOUR = 60 * 60 * 1000;
/** Without 'Remember me' a session lasts a day; with it, or after sign-up or Google, 30 days. */
export const SESSION_TTL = { short: 24 * HOUR, long: 30 * 24 * HOUR } as const;

export type TSessionContext = { userAgent?: string; ip?: string };

export async function createSession(
  db: TDatabase,
  userId: string,
  lifetime: keyof typeof SESSION_TTL,
  context: TSessionContext = {},
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL[lifetime]),
    userAgent: context.userAgent?.slice(0, 500),
    ip: context.ip,
  });
  return token;
}

export type TAuthenticated = { user: TUserRow; sessionId: string };

/** The user behind a bearer token, if the session exists, is not revoked and has not expired. */
export async function findSession(db: TDatabase, token: string): Promise<TAuthenticated | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: TDatabase, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: TDatabase, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
