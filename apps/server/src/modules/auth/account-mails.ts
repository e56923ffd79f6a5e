import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import type { TMailer } from '../mail/mailer';
import { issueVerificationToken } from './email-verification';
import type { TAccountMailPayload } from './mail-queue';
import { findUserByEmail, isEmailVerified, RESET_LINK_TTL_MS } from './service';

/** What a worker needs to send account mail: the mailer and the address links point to. */
export type TAccountMailContext = { mailer: TMailer; publicUrl: string };

/**
 * Runs one message of the account mail task (mail-queue.ts). Looking the account up here, not
 * in the request, is what keeps forgot-password the same for every address.
 */
export async function sendAccountMail(
  db: TDatabase,
  mail: TAccountMailContext,
  payload: TAccountMailPayload,
): Promise<void> {
  switch (payload.kind) {
    case 'password-reset':
      return sendPasswordReset(db, mail, payload.email);
    case 'verify-email':
      return sendVerification(db, mail, payload.userId);
    case 'google-takeover':
      return sendTakeoverNotice(db, mail, payload.userId);
  }
}

async function findUser(db: TDatabase, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A single-use reset link when the address has an account; nothing otherwise. */
async function sendPasswordReset(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  email: string,
) {
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

/** A confirmation link for the account's current address, unless it is confirmed already. */
async function sendVerification(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  userId: string,
) {
  const user = await findUser(db, userId);
  if (!user || isEmailVerified(user)) return;
  const token = await issueVerificationToken(db, user);
  await mailer.send({
    to: user.email,
    subject: 'Confirm your e-mail address for Muse',
    text: [
      `Hi ${user.fullName},`,
      '',
      'Please confirm that this is the e-mail address of your Muse account by opening this link within the next 24 hours:',
      '',
      `${publicUrl}/verify-email?token=${token}`,
      '',
      'If you did not sign up for Muse, ignore this e-mail and do not open the link: someone may have typed your address by mistake.',
      '',
      'Muse',
    ].join('\n'),
  });
}

/** Tells the owner that a Google sign-in secured the account and removed the old password. */
async function sendTakeoverNotice(db: TDatabase, { mailer }: TAccountMailContext, userId: string) {
  const user = await findUser(db, userId);
  if (!user) return;
  await mailer.send({
    to: user.email,
    subject: 'Your Muse account is now secured by Google sign-in',
    text: [
      `Hi ${user.fullName},`,
      '',
      'You signed in to Muse with Google. This e-mail address had an account whose address was never confirmed, so to keep it yours we secured it with your Google sign-in: the password it had was removed and every other session was signed out.',
      '',
      'From now on, sign in with Google. If you want a password as well, choose one with "Forgot your password?" on the login page.',
      '',
      'Muse',
    ].join('\n'),
  });
}
