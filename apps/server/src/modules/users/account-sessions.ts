import { ACCOUNT_TEXTS, type TSession } from '@muse/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { accountChanged } from '../auth/sessions';

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** 'Chrome on Windows' from a browser's user agent: enough to tell one's own devices apart. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

const live = (userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The account's live sessions, the one asking first, then by last use. */
export async function listSessions(
  db: TDatabase,
  userId: string,
  currentSessionId: string,
): Promise<TSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(live(userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one of the account's sessions, at once on every instance (docs/decisions/0031-session-cache-and-hot-reads.md). */
export async function revokeOwnSession(
  db: TDatabase,
  userId: string,
  sessionId: string,
): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), live(userId)))
    .returning({ id: sessions.id });
  if (revoked.length === 0)
    throw new AppError(404, ACCOUNT_TEXTS.sessionNotFound, 'SESSION_NOT_FOUND');
  accountChanged(userId);
}

/** Signs out every session of the account but the one asking; answers how many. */
export async function revokeOtherSessions(
  db: TDatabase,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(live(userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  accountChanged(userId);
  return revoked.length;
}
