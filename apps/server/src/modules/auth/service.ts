import { AUTH_TEXTS, type TUser } from '@muse/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { oauthLoginCodes, passwordResetTokens, users, type TUserRow } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { grantWelcomeCredits } from '../billing/ledger';
import type { TMailer } from '../mail/mailer';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { createSession, revokeAllSessions, type TSessionContext } from './sessions';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const OAUTH_CODE_TTL_MS = 2 * 60 * 1000;

export function toPublicUser(row: TUserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: TDatabase, email: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return row;
}

export type TSignedIn = { token: string; user: TUser; isNewUser: boolean };

export async function register(
  db: TDatabase,
  input: { email: string; password: string; fullName: string },
  context: TSessionContext,
): Promise<TSignedIn> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: normaliseEmail(input.email),
          fullName: input.fullName.trim(),
          passwordHash,
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      await grantWelcomeCredits(tx, user.id);
      const token = await createSession(tx, user.id, 'long', context);
      return { token, user: toPublicUser(user), isNewUser: true };
    });
  } catch (error) {
    // The unique index on lower(email) settles races between two sign-ups with one address.
    if (isUniqueViolation(error)) throw conflict(AUTH_TEXTS.emailTaken);
    throw error;
  }
}

export async function login(
  db: TDatabase,
  input: { email: string; password: string; rememberMe?: boolean },
  context: TSessionContext,
): Promise<TSignedIn> {
  const user = await findUserByEmail(db, input.email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid)
    throw new AppError(401, AUTH_TEXTS.invalidCredentials, 'INVALID_CREDENTIALS');
  const token = await createSession(db, user.id, input.rememberMe ? 'long' : 'short', context);
  return { token, user: toPublicUser(user), isNewUser: false };
}

/** Mails a single-use reset link when the address has an account; says nothing either way. */
export async function requestPasswordReset(
  db: TDatabase,
  mailer: TMailer,
  email: string,
  publicUrl: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  const link = `${publicUrl}/reset-password?token=${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Reset your Muse password',
    text: [
      `Hi ${user.fullName},`,
      '',
      'Someone asked to reset the password of your Muse account. To choose a new one, open this link within the next hour:',
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
      '',
      'Muse',
    ].join('\n'),
  });
}

/** Sets a new password from a reset link, spends the link, and signs every session out. */
export async function resetPassword(
  db: TDatabase,
  input: { token: string; password: string },
): Promise<void> {
  const tokenHash = hashToken(input.token);
  // A link that cannot work is refused before the costly hashing, so bad links burn no CPU.
  const [usable] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  if (!usable) throw badRequest(AUTH_TEXTS.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Marking the link used in the same statement that checks it makes a second use fail.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw badRequest(AUTH_TEXTS.resetLinkInvalid);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, spent.userId));
    // Any other link that was mailed before is no longer needed.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await revokeAllSessions(tx, spent.userId);
  });
}

/** Issues the one-time code that /oauth-callback trades for a session. */
export async function issueOAuthLoginCode(
  db: TDatabase,
  userId: string,
  isNewUser: boolean,
): Promise<string> {
  const code = randomToken();
  await db.insert(oauthLoginCodes).values({
    codeHash: hashToken(code),
    userId,
    isNewUser,
    expiresAt: new Date(Date.now() + OAUTH_CODE_TTL_MS),
  });
  return code;
}

export async function exchangeOAuthLoginCode(
  db: TDatabase,
  code: string,
  context: TSessionContext,
): Promise<TSignedIn> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oauthLoginCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oauthLoginCodes.codeHash, hashToken(code)),
          isNull(oauthLoginCodes.usedAt),
          gt(oauthLoginCodes.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!spent) throw new AppError(401, AUTH_TEXTS.oauthCodeInvalid, 'INVALID_OAUTH_CODE');
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
    if (!user) throw new AppError(401, AUTH_TEXTS.oauthCodeInvalid, 'INVALID_OAUTH_CODE');
    const token = await createSession(tx, user.id, 'long', context);
    return { token, user: toPublicUser(user), isNewUser: spent.isNewUser };
  });
}

/**
 * Finds the account for a verified Google identity: by Google's subject id, else by e-mail
 * (linking Google to it), else a new account without a password.
 */
export async function findOrCreateGoogleUser(
  db: TDatabase,
  identity: { subject: string; email: string; fullName: string },
): Promise<{ user: TUserRow; isNewUser: boolean }> {
  return db.transaction(async (tx) => {
    const [bySubject] = await tx
      .select()
      .from(users)
      .where(eq(users.googleSubject, identity.subject));
    if (bySubject) return { user: bySubject, isNewUser: false };
    const byEmail = await findUserByEmail(tx, identity.email);
    if (byEmail) {
      const [linked] = await tx
        .update(users)
        .set({ googleSubject: identity.subject, updatedAt: new Date() })
        .where(eq(users.id, byEmail.id))
        .returning();
      return { user: linked ?? byEmail, isNewUser: false };
    }
    const [created] = await tx
      .insert(users)
      .values({
        email: normaliseEmail(identity.email),
        fullName: identity.fullName.trim() || identity.email.split('@')[0] || 'Muse creator',
        googleSubject: identity.subject,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await grantWelcomeCredits(tx, created.id);
    return { user: created, isNewUser: true };
  });
}
