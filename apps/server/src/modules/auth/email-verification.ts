import { AUTH_TEXTS } from '@muse/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { accountChanged } from './sessions';

/** How long a mailed confirmation link works. */
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A new confirmation link's token for the account's current address; only its hash is kept. */
export async function issueVerificationToken(
  db: TQueryable,
  user: { id: string; email: string },
): Promise<string> {
  const token = randomToken();
  await db.insert(emailVerificationTokens).values({
    userId: user.id,
    email: user.email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_LINK_TTL_MS),
  });
  return token;
}

/**
 * Confirms the address a link was mailed to, once. A link for an address the account no longer
 * has confirms nothing: the new address needs a link of its own.
 */
export async function verifyEmail(db: TDatabase, token: string): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    // Spending the link in the statement that checks it makes a second use fail.
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!spent) throw badRequest(AUTH_TEXTS.verifyLinkInvalid, 'VERIFY_LINK_INVALID');
    const [verified] = await tx
      .update(users)
      .set({ verifiedEmail: spent.email, updatedAt: new Date() })
      .where(and(eq(users.id, spent.userId), sql`lower(${users.email}) = ${spent.email}`))
      .returning({ id: users.id });
    if (!verified) throw badRequest(AUTH_TEXTS.verifyLinkInvalid, 'VERIFY_LINK_INVALID');
    // The other links mailed for this account are no longer needed.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.userId, spent.userId),
          isNull(emailVerificationTokens.usedAt),
        ),
      );
    return spent.userId;
  });
  // The account's open pages show it confirmed from their next request (docs/decisions/0031-session-cache-and-hot-reads.md).
  accountChanged(userId);
}
