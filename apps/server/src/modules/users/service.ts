import { ACCOUNT_TEXTS, AUTH_TEXTS, type TProfile } from '@muse/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { emailChangeTokens, passwordResetTokens, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeRateLimit, type TRateLimit } from '../../lib/rate-limit';
import { hashToken } from '../../lib/tokens';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { queueAccountMail } from '../auth/mail-queue';
import { findUserByEmail, normaliseEmail, toPublicUser } from '../auth/service';
import { accountChanged, type TAuthenticated, type TSessionUser } from '../auth/sessions';
import type { TUserRow } from '../../db/schema';

/**
 * Guesses of the current password in the settings (the e-mail and password changes together),
 * per account, like sign-in's per address: a stolen session cannot try passwords without end.
 */
export const PASSWORD_CHECKS: TRateLimit = { max: 10, windowSeconds: 15 * 60 };

/** Confirmation links mailed to new addresses, per account, like reset links per address. */
export const EMAIL_CHANGES: TRateLimit = { max: 5, windowSeconds: 60 * 60 };

/**
 * Counts a rate limit and answers past it with the usual 429, carrying its code (the settings'
 * failures all do, docs/product/api.md).
 */
export async function limitAccountAction(db: TDatabase, key: string, limit: TRateLimit) {
  try {
    await consumeRateLimit(db, key, limit);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      throw new AppError(429, error.message, 'RATE_LIMITED');
    }
    throw error;
  }
}

/** The new address waiting for its link to be opened, if any. */
async function pendingEmailOf(db: TQueryable, userId: string): Promise<string | null> {
  const [pending] = await db
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return pending?.newEmail ?? null;
}

/** The account as the settings show it. */
export async function getProfile(
  db: TQueryable,
  user: TUserRow | TSessionUser,
  pendingEmail?: string | null,
): Promise<TProfile> {
  return {
    ...toPublicUser(user),
    pendingEmail: pendingEmail === undefined ? await pendingEmailOf(db, user.id) : pendingEmail,
  };
}

/** Checks the current password (counted, see PASSWORD_CHECKS); the hash is read only here. */
async function checkCurrentPassword(
  db: TDatabase,
  userId: string,
  passwordHash: string,
  given: string | undefined,
  required: string,
) {
  if (!given) throw new AppError(400, required, 'CURRENT_PASSWORD_REQUIRED');
  await limitAccountAction(db, `password-check:user:${userId}`, PASSWORD_CHECKS);
  if (!(await verifyPassword(passwordHash, given))) {
    throw new AppError(403, ACCOUNT_TEXTS.currentPasswordWrong, 'WRONG_PASSWORD');
  }
}

async function storedPasswordHash(db: TDatabase, userId: string): Promise<string | null> {
  // The session never carries the password hash: it is read only where it is checked.
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return stored?.passwordHash ?? null;
}

/**
 * Updates the full name at once. A new e-mail needs the current password and changes only when
 * the link mailed to it is opened (`confirmEmailChange`); asking mails that link and answers
 * the address as pending (docs/product/accounts.md, 'Account settings').
 */
export async function updateProfile(
  db: TDatabase,
  auth: TAuthenticated,
  changes: { fullName?: string; email?: string; currentPassword?: string },
): Promise<{ profile: TProfile; message?: string }> {
  let user: TUserRow | TSessionUser = auth.user;
  let emailRequested: string | null = null;
  if (changes.email !== undefined && normaliseEmail(changes.email) !== user.email) {
    const passwordHash = await storedPasswordHash(db, user.id);
    if (!passwordHash) {
      throw new AppError(400, ACCOUNT_TEXTS.googleManagedEmail, 'GOOGLE_MANAGED_EMAIL');
    }
    await checkCurrentPassword(
      db,
      user.id,
      passwordHash,
      changes.currentPassword,
      AUTH_TEXTS.currentPasswordRequired,
    );
    if (await findUserByEmail(db, changes.email)) {
      throw new AppError(409, AUTH_TEXTS.emailTaken, 'EMAIL_TAKEN');
    }
    await limitAccountAction(db, `email-change:user:${user.id}`, EMAIL_CHANGES);
    emailRequested = normaliseEmail(changes.email);
  }
  const fullName = changes.fullName?.trim();
  if (fullName !== undefined && fullName !== user.fullName) {
    const [updated] = await db
      .update(users)
      .set({ fullName, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (updated) user = updated;
  }
  if (emailRequested) {
    // The worker mails the link to the new address, voiding any link asked for before.
    await queueAccountMail(db, {
      kind: 'email-change',
      userId: user.id,
      newEmail: emailRequested,
      sessionId: auth.sessionId,
    });
    return {
      profile: await getProfile(db, user, emailRequested),
      message: ACCOUNT_TEXTS.emailChangeSent,
    };
  }
  return { profile: await getProfile(db, user) };
}

/**
 * Makes the change a link mailed to a new address asked for: once, within its 24 hours, if the
 * address is still free. The link proves the new address; reset links mailed to the old one are
 * voided, every session but the one that asked is signed out, and the old address is told.
 */
export async function confirmEmailChange(db: TDatabase, token: string): Promise<void> {
  const invalid = () =>
    new AppError(400, ACCOUNT_TEXTS.emailChangeLinkInvalid, 'EMAIL_CHANGE_LINK_INVALID');
  let userId: string;
  try {
    userId = await db.transaction(async (tx) => {
      const now = new Date();
      const [spent] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, hashToken(token)),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!spent) throw invalid();
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, spent.userId))
        .for('update');
      if (!before) throw invalid();
      await tx
        .update(users)
        .set({ email: spent.newEmail, verifiedEmail: spent.newEmail, updatedAt: now })
        .where(eq(users.id, spent.userId));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)),
        );
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, spent.userId),
            isNull(sessions.revokedAt),
            spent.sessionId ? ne(sessions.id, spent.sessionId) : sql`true`,
          ),
        );
      await queueAccountMail(tx, {
        kind: 'email-changed',
        userId: spent.userId,
        oldEmail: before.email,
      });
      return spent.userId;
    });
  } catch (error) {
    // Someone took the address since the link was mailed.
    if (isUniqueViolation(error)) throw new AppError(409, AUTH_TEXTS.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }
  accountChanged(userId);
}

/**
 * Sets a new password. An account with one needs it (counted like the e-mail change's); an
 * account that signs in with Google alone sets its first. Every other session is signed out and
 * outstanding reset links are voided; the session that changed it stays.
 */
export async function changePassword(
  db: TDatabase,
  auth: TAuthenticated,
  input: { currentPassword?: string; newPassword: string },
): Promise<{ profile: TProfile; message: string }> {
  const { user } = auth;
  const passwordHash = await storedPasswordHash(db, user.id);
  if (passwordHash) {
    await checkCurrentPassword(
      db,
      user.id,
      passwordHash,
      input.currentPassword,
      ACCOUNT_TEXTS.currentPasswordRequired,
    );
  }
  const newHash = await hashPassword(input.newPassword);
  const updated = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, user.id),
          isNull(sessions.revokedAt),
          ne(sessions.id, auth.sessionId),
        ),
      );
    return row;
  });
  accountChanged(user.id);
  return {
    profile: await getProfile(db, updated ?? user),
    message: passwordHash ? ACCOUNT_TEXTS.passwordChanged : ACCOUNT_TEXTS.passwordSet,
  };
}
