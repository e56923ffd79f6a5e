import { AUTH_TEXTS } from '@muse/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { passwordResetTokens, sessions, users, type TUserRow } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { consumeRateLimit, type TRateLimit } from '../../lib/rate-limit';
import { verifyPassword } from '../auth/passwords';
import { findUserByEmail, normaliseEmail } from '../auth/service';
import type { TAuthenticated, TSessionUser } from '../auth/sessions';

/**
 * Guesses of the current password on the profile, per account, like sign-in's per address: a
 * stolen session cannot try passwords without end.
 */
export const PASSWORD_CHECKS: TRateLimit = { max: 10, windowSeconds: 15 * 60 };

/**
 * Updates the full name, and the e-mail only when the current password confirms it. A new
 * address voids every reset link mailed to the old one and signs out every other session, in the
 * same transaction as the change (docs/product/accounts.md).
 */
export async function updateProfile(
  db: TDatabase,
  auth: TAuthenticated,
  changes: { fullName?: string; email?: string; currentPassword?: string },
): Promise<TUserRow | TSessionUser> {
  const { user } = auth;
  const update: Partial<typeof users.$inferInsert> = {};
  if (changes.fullName !== undefined) update.fullName = changes.fullName.trim();
  if (changes.email !== undefined && normaliseEmail(changes.email) !== user.email) {
    // The session never carries the password hash: it is read only here, where it is checked.
    const [stored] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    const passwordHash = stored?.passwordHash;
    if (!passwordHash) {
      throw badRequest('This account signs in with Google; its email follows your Google account.');
    }
    if (!changes.currentPassword) throw badRequest(AUTH_TEXTS.currentPasswordRequired);
    await consumeRateLimit(db, `password-check:user:${user.id}`, PASSWORD_CHECKS);
    if (!(await verifyPassword(passwordHash, changes.currentPassword))) {
      throw new AppError(403, AUTH_TEXTS.currentPasswordWrong, 'WRONG_PASSWORD');
    }
    if (await findUserByEmail(db, changes.email)) throw conflict(AUTH_TEXTS.emailTaken);
    update.email = normaliseEmail(changes.email);
  }
  if (Object.keys(update).length === 0) return user;
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ ...update, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (update.email) {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, user.id),
              isNull(sessions.revokedAt),
              ne(sessions.id, auth.sessionId),
            ),
          );
      }
      return updated ?? user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_TEXTS.emailTaken);
    throw error;
  }
}
