import { AUTH_TEXTS, type TUser } from '@muse/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  emailVerificationTokens,
  oauthLoginCodes,
  passwordResetTokens,
  sessions,
  users,
  type TUserRow,
} from '../../db/schema';
import { AppError, badRequest, conflict, tooManyRequests } from '../../lib/errors';
import {
  consumeRateLimit,
  rateLimitHit,
  rateLimitRefund,
  refundRateLimit,
  type TRateLimit,
} from '../../lib/rate-limit';
import { hashToken, randomToken } from '../../lib/tokens';
import { grantWelcomeCredits } from '../billing/ledger';
import { queueAccountMail } from './mail-queue';
import {
  hashPassword,
  passwordNeedsRehash,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords';
import {
  createSession,
  newSession,
  revokeAllSessions,
  type TSessionContext,
  type TSessionUser,
} from './sessions';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const OAUTH_CODE_TTL_MS = 2 * 60 * 1000;

/** Verified while the account's address is the one its owner proved (a changed one is not). */
export function isEmailVerified(row: Pick<TUserRow, 'email' | 'verifiedEmail'>): boolean {
  return row.verifiedEmail !== null && row.verifiedEmail.toLowerCase() === row.email.toLowerCase();
}

export function toPublicUser(row: TUserRow | TSessionUser): TUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    hasPassword: 'hasPassword' in row ? row.hasPassword : row.passwordHash !== null,
    emailVerified: isEmailVerified(row),
    isCreator: row.creatorSince !== null,
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

/** An operator suspended the account after a report (docs/product/reports-and-takedown.md). */
export const accountSuspended = () =>
  new AppError(403, AUTH_TEXTS.accountSuspended, 'ACCOUNT_SUSPENDED');

export type TSignedIn = { token: string; user: TUser; isNewUser: boolean };

export async function register(
  db: TDatabase,
  input: { email: string; password: string; fullName: string; fan?: boolean },
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
          // A fan signing up to buy a post starts fan-only (docs/product/accounts.md).
          creatorSince: input.fan ? null : new Date(),
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      await grantWelcomeCredits(tx, user.id);
      // The account works at once; the link proves the address before Google may link to it.
      await queueAccountMail(tx, { kind: 'verify-email', userId: user.id });
      const token = await createSession(tx, user.id, 'long', context);
      return { token, user: toPublicUser(user), isNewUser: true };
    });
  } catch (error) {
    // The unique index on lower(email) settles races between two sign-ups with one address.
    if (isUniqueViolation(error)) throw conflict(AUTH_TEXTS.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Failed sign-ins, counted per address and IP, and per address from every IP together
 * (docs/decisions/0024-sign-in-limits.md). Neither lets a stranger lock the owner out.
 */
export const SIGN_IN_FAILURES = {
  perAddressAndIp: { max: 10, windowSeconds: 15 * 60 },
  perAddress: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, TRateLimit>;

/**
 * Replaces a hash made with older parameters (or scrypt) after the password proved right. Only
 * if it is still the hash that was checked: a password changed meanwhile stays changed.
 */
async function rehash(db: TDatabase, userId: string, checked: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checked)));
}

/**
 * Signs in with a password. One statement counts the attempt against the caller's IP
 * (`perIp`, the limit of every sign-in route) and, unless that refuses it, against the address
 * from this IP, and reads the account; then the password is checked; then one statement gives
 * the (address, IP) hit back and stores the new session. A refused or failed attempt counts
 * what it always did (docs/decisions/0024-sign-in-limits.md); a success costs two round trips
 * besides the hash (docs/decisions/0059-sign-in-speed.md).
 */
export async function login(
  db: TDatabase,
  input: { email: string; password: string; rememberMe?: boolean },
  context: TSessionContext,
  perIp: TRateLimit,
): Promise<TSignedIn> {
  const statements = signInStatements(db);
  const email = normaliseEmail(input.email);
  const pairKey = `login:email-ip:${email}:${context.ip ?? ''}`;
  // Counted before the costly check, so an IP past either limit is refused without hashing,
  // and concurrent guesses cannot all slip in; a success gives its (address, IP) hit back.
  const [counted] = await statements.countAndFindUser.execute({
    ipKey: `login:ip:${context.ip ?? ''}`,
    ipWindowSeconds: perIp.windowSeconds,
    ipMax: perIp.max,
    pairKey,
    email,
  });
  if (!counted) throw new Error('the rate-limit upsert returned no row');
  const { user, ipHits, pairHits } = counted;
  if (ipHits > perIp.max || (pairHits ?? 0) > SIGN_IN_FAILURES.perAddressAndIp.max) {
    throw tooManyRequests();
  }
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    // Past the address's limit a wrong password answers 429 instead of 401; the right one
    // still gets in, so guesses from many IPs never lock the owner out.
    await consumeRateLimit(db, `login:failed:email:${email}`, SIGN_IN_FAILURES.perAddress);
    throw new AppError(401, AUTH_TEXTS.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  // Said only to whoever knows the password: a guess learns nothing of the account.
  if (user.suspendedAt) {
    await refundRateLimit(db, pairKey);
    throw accountSuspended();
  }
  if (user.passwordHash && passwordNeedsRehash(user.passwordHash)) {
    await rehash(db, user.id, user.passwordHash, input.password);
  }
  const { token, row } = newSession(user.id, input.rememberMe ? 'long' : 'short', context);
  await statements.refundAndOpenSession.execute({ ...row, refundKey: pairKey });
  return { token, user: toPublicUser(user), isNewUser: false };
}

/**
 * Sign-in's two statements, prepared: each is parsed and planned once per connection, not on
 * every sign-in, like the session lookup (docs/decisions/0031-session-cache-and-hot-reads.md).
 *
 * `countAndFindUser`: a hit on the per-IP limit; a hit on the (address, IP) failure limit only
 * if the per-IP one still allows the attempt (`pairHits` is null otherwise), as when these were
 * two statements one after the other; and the account with that address, if any.
 *
 * It commits without waiting for the disk (`synchronous_commit` off, for this transaction only):
 * its hits are visible to every other sign-in at once, as before, so concurrent guesses are
 * counted as they were; only their durability waits. Every answer that follows a password check
 * (200, 401, the address's 429, 403) is sent after a statement that does wait, and PostgreSQL's
 * log is written in order, so that wait makes these hits durable too: no answer about a password
 * goes out before its hits would survive a crash of the database, as before. An attempt refused
 * here is answered at once; it checked no password, and what a crash could lose of its hit
 * cannot bring a counter below the hits of the attempts that did. Waiting for the disk once, not
 * twice, saves 0.5 ms of a sign-in, and about 1.7 ms on a busy disk
 * (docs/decisions/0059-sign-in-speed.md).
 *
 * `refundAndOpenSession`: gives back the (address, IP) hit and stores the new session, waiting
 * for the disk as every statement does by default.
 */
function prepareSignIn(db: TDatabase) {
  const ipHit = db
    .$with('ip_hit', { hits: sql<number>`hits`.as('hits') })
    .as(rateLimitHit(sql.placeholder('ipKey'), sql.placeholder('ipWindowSeconds')));
  const pairHit = db
    .$with('pair_hit', { hits: sql<number>`hits`.as('hits') })
    .as(
      rateLimitHit(
        sql.placeholder('pairKey'),
        SIGN_IN_FAILURES.perAddressAndIp.windowSeconds,
        1,
        sql`(select hits from ip_hit) <= ${sql.placeholder('ipMax')}`,
      ),
    );
  const countAndFindUser = db
    .with(ipHit, pairHit)
    .select({
      ipHits: sql<number>`ip_hit.hits`.mapWith(Number),
      pairHits: sql<number | null>`(select hits from pair_hit)`.mapWith(Number),
      user: users,
      // Set for this statement's own transaction; read by its commit (see above).
      asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
    })
    .from(ipHit)
    .leftJoin(users, sql`lower(${users.email}) = ${sql.placeholder('email')}`)
    .limit(1)
    .prepare('muse_sign_in_count');
  const refund = db
    .$with('refund', { key: sql<string>`key`.as('key') })
    .as(sql`${rateLimitRefund(sql.placeholder('refundKey'))} returning key`);
  const refundAndOpenSession = db
    .with(refund)
    .insert(sessions)
    .values({
      userId: sql.placeholder('userId'),
      tokenHash: sql.placeholder('tokenHash'),
      expiresAt: sql.placeholder('expiresAt'),
      userAgent: sql.placeholder('userAgent'),
      ip: sql.placeholder('ip'),
    })
    .prepare('muse_sign_in_session');
  return { countAndFindUser, refundAndOpenSession };
}

const signInStatementsByDb = new WeakMap<TDatabase, ReturnType<typeof prepareSignIn>>();

function signInStatements(db: TDatabase): ReturnType<typeof prepareSignIn> {
  let statements = signInStatementsByDb.get(db);
  if (!statements) {
    statements = prepareSignIn(db);
    signInStatementsByDb.set(db, statements);
  }
  return statements;
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
  if (!usable) throw badRequest(AUTH_TEXTS.resetLinkInvalid, 'RESET_LINK_INVALID');
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
    if (!spent) throw badRequest(AUTH_TEXTS.resetLinkInvalid, 'RESET_LINK_INVALID');
    // The link reached the account's address (a new address voids links), which proves it.
    await tx
      .update(users)
      .set({ passwordHash, verifiedEmail: sql`lower(${users.email})`, updatedAt: new Date() })
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
    if (!spent) throw new AppError(401, AUTH_TEXTS.oauthCodeInvalid, 'OAUTH_CODE_INVALID');
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
    if (!user) throw new AppError(401, AUTH_TEXTS.oauthCodeInvalid, 'OAUTH_CODE_INVALID');
    if (user.suspendedAt) throw accountSuspended();
    const token = await createSession(tx, user.id, 'long', context);
    return { token, user: toPublicUser(user), isNewUser: spent.isNewUser };
  });
}

/**
 * Finds the account for a Google identity whose e-mail Google verified: by Google's subject id;
 * else by e-mail, linking Google to it only when its owner has confirmed that address, and
 * otherwise taking it over (`takeOverForGoogle`); else a new account without a password.
 */
export async function findOrCreateGoogleUser(
  db: TDatabase,
  identity: { subject: string; email: string; fullName: string; fan?: boolean },
): Promise<{ user: TUserRow; isNewUser: boolean }> {
  return db.transaction(async (tx) => {
    const [bySubject] = await tx
      .select()
      .from(users)
      .where(eq(users.googleSubject, identity.subject));
    if (bySubject) return { user: bySubject, isNewUser: false };
    // Locked, so a confirmation or a second Google sign-in cannot change it under this one.
    const [byEmail] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${normaliseEmail(identity.email)}`)
      .for('update');
    if (byEmail && isEmailVerified(byEmail)) {
      const [linked] = await tx
        .update(users)
        .set({ googleSubject: identity.subject, updatedAt: new Date() })
        .where(eq(users.id, byEmail.id))
        .returning();
      return { user: linked ?? byEmail, isNewUser: false };
    }
    if (byEmail) return { user: await takeOverForGoogle(tx, byEmail, identity), isNewUser: false };
    const email = normaliseEmail(identity.email);
    const [created] = await tx
      .insert(users)
      .values({
        email,
        fullName: identity.fullName.trim() || identity.email.split('@')[0] || 'Muse creator',
        googleSubject: identity.subject,
        verifiedEmail: email,
        creatorSince: identity.fan ? null : new Date(),
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await grantWelcomeCredits(tx, created.id);
    return { user: created, isNewUser: true };
  });
}

/**
 * Google proved that this person owns the address; whoever registered it with a password never
 * did, and may be someone else waiting for the owner to move in. So the account becomes the
 * Google owner's alone, keeping its id: every session is signed out, the unconfirmed password
 * removed, outstanding links voided, and the owner told by e-mail (the notice is queued in the
 * same transaction).
 */
async function takeOverForGoogle(
  tx: TTransaction,
  user: TUserRow,
  identity: { subject: string },
): Promise<TUserRow> {
  const now = new Date();
  const [taken] = await tx
    .update(users)
    .set({
      passwordHash: null,
      googleSubject: identity.subject,
      verifiedEmail: sql`lower(${users.email})`,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!taken) throw new Error('update returned no row');
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)),
    );
  await revokeAllSessions(tx, user.id);
  await queueAccountMail(tx, { kind: 'google-takeover', userId: user.id });
  return taken;
}
