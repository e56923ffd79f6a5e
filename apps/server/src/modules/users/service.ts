import { AUTH_TEXTS } from '@muse/shared';
import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users, type TUserRow } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { verifyPassword } from '../auth/passwords';
import { findUserByEmail, normaliseEmail } from '../auth/service';

/** Updates the full name, and the e-mail only when the current password confirms it. */
export async function updateProfile(
  db: TDatabase,
  user: TUserRow,
  changes: { fullName?: string; email?: string; currentPassword?: string },
): Promise<TUserRow> {
  const update: Partial<typeof users.$inferInsert> = {};
  if (changes.fullName !== undefined) update.fullName = changes.fullName.trim();
  if (changes.email !== undefined && normaliseEmail(changes.email) !== user.email) {
    if (!user.passwordHash) {
      throw badRequest('This account signs in with Google; its email follows your Google account.');
    }
    if (!changes.currentPassword) throw badRequest(AUTH_TEXTS.currentPasswordRequired);
    if (!(await verifyPassword(user.passwordHash, changes.currentPassword))) {
      throw new AppError(403, AUTH_TEXTS.currentPasswordWrong, 'WRONG_PASSWORD');
    }
    if (await findUserByEmail(db, changes.email)) throw conflict(AUTH_TEXTS.emailTaken);
    update.email = normaliseEmail(changes.email);
  }
  if (Object.keys(update).length === 0) return user;
  try {
    const [updated] = await db
      .update(users)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return updated ?? user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_TEXTS.emailTaken);
    throw error;
  }
}
