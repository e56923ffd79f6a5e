import {
  ACCOUNT_DATA_TEXTS,
  FRESH_SIGN_IN_MINUTES,
  PAYOUT_MIN_CENTS,
  type TDeleteAccountRequest,
} from '@muse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  accountBalances,
  accountExports,
  apiKeys,
  earningsBalances,
  emailChangeTokens,
  emailVerificationTokens,
  galleryItems,
  idempotentRequests,
  influencers,
  jobs,
  ledgerEntries,
  likenessStatements,
  oauthLoginCodes,
  onboardingStates,
  passwordResetTokens,
  platformAccounts,
  platformFlows,
  postItems,
  postPurchases,
  postTargets,
  posts,
  products,
  sessions,
  subscriptions,
  testCheckoutSessions,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import { verifyPassword } from '../auth/passwords';
import { accountChanged, type TAuthenticated } from '../auth/sessions';
import { findLiveSubscription } from '../billing/subscriptions';
import type { TPayments } from '../payments/payments';
import type { TSubscriptionSnapshot } from '../payments/provider';
import { purchaseInForce, releaseDueSales } from '../sales/held-earnings';
import { limitAccountAction, PASSWORD_CHECKS } from '../users/service';
import { queueAccountFilesRemoval, type TRemoveAccountFilesPayload } from './queue';

/*
 * 'Delete account' (docs/product/data-rights.md): the owner proves it is them (the password, or
 * a sign-in of the last 10 minutes for an account without one), the subscription is cancelled,
 * then one transaction deletes every row of the account but what fans bought and what payments
 * and earnings need, and empties the account's own row into a tombstone; its files are removed
 * after the commit, and a queued job removes whatever that could not.
 */

export type TDeletionContext = { db: TDatabase; storage: TStorage; payments: TPayments };
type TLog = { error: (object: object, message: string) => void };

/** The password, or a fresh sign-in; counted like the settings' password checks. */
async function proveOwner(db: TDatabase, auth: TAuthenticated, password: string | undefined) {
  const userId = auth.user.id;
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (stored?.passwordHash) {
    if (!password) {
      throw new AppError(400, ACCOUNT_DATA_TEXTS.passwordRequired, 'CURRENT_PASSWORD_REQUIRED', {
        field: 'password',
      });
    }
    await limitAccountAction(db, `password-check:user:${userId}`, PASSWORD_CHECKS);
    if (!(await verifyPassword(stored.passwordHash, password))) {
      throw new AppError(403, ACCOUNT_DATA_TEXTS.passwordWrong, 'WRONG_PASSWORD', {
        field: 'password',
      });
    }
    return;
  }
  // No password to ask for: the session must come from a sign-in just now (Google's).
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  const freshSince = Date.now() - FRESH_SIGN_IN_MINUTES * 60 * 1000;
  if (!session || session.createdAt.getTime() < freshSince) {
    throw new AppError(403, ACCOUNT_DATA_TEXTS.freshSignInRequired, 'FRESH_SIGN_IN_REQUIRED');
  }
}

/**
 * Earnings that can be paid out now must be, first: nobody can sign in to the account later to
 * ask for them. Sales still in their hold, and sums under the smallest payout, cannot be paid out
 * yet; they stay in the account's earnings ledger (docs/product/data-rights.md, 'Earnings').
 */
async function refuseWhileEarningsAvailable(db: TDatabase, userId: string) {
  await releaseDueSales(db, userId);
  const [balance] = await db
    .select({ available: earningsBalances.availableCents })
    .from(earningsBalances)
    .where(eq(earningsBalances.workspaceId, userId));
  if ((balance?.available ?? 0) >= PAYOUT_MIN_CENTS) {
    throw new AppError(409, ACCOUNT_DATA_TEXTS.earningsAvailable, 'EARNINGS_AVAILABLE');
  }
}

/**
 * Deletes the signed-in account. Checks first (nothing changes if one fails), then the live
 * subscription is cancelled where it is kept (Stripe, or TEST MODE), then the rows go in one
 * transaction, then the files. A failure before the commit leaves the account whole; the files
 * left by a failure after it are removed by the queued job.
 */
export async function deleteAccount(
  context: TDeletionContext,
  auth: TAuthenticated,
  request: TDeleteAccountRequest,
  log: TLog,
): Promise<void> {
  const { db } = context;
  const userId = auth.user.id;
  await proveOwner(db, auth, request.password);
  await refuseWhileEarningsAvailable(db, userId);

  const live = await findLiveSubscription(db, userId);
  const cancelled: TSubscriptionSnapshot | null = live
    ? await context.payments.of(live.provider).cancelNow(live)
    : null;

  const removal = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) return null;
    const now = new Date();
    if (cancelled) {
      await tx
        .update(subscriptions)
        .set({
          status: cancelled.status,
          canceledAt: cancelled.canceledAt ?? now,
          cancelAtPeriodEnd: cancelled.cancelAtPeriodEnd,
          updatedAt: now,
        })
        .where(eq(subscriptions.providerSubscriptionId, cancelled.providerSubscriptionId));
    }

    // Posts fans bought stay for them; a purchase keeps its post's row even once revoked.
    const postRows = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.workspaceId, userId))
      .for('update');
    const postIds = postRows.map((row) => row.id);
    const soldRows = postIds.length
      ? await tx
          .select({
            postId: postPurchases.postId,
            inForce: sql<boolean>`bool_or(${purchaseInForce()})`,
          })
          .from(postPurchases)
          .where(inArray(postPurchases.postId, postIds))
          .groupBy(postPurchases.postId)
      : [];
    const sold = new Set(soldRows.map((row) => row.postId));
    const bought = soldRows.filter((row) => row.inForce).map((row) => row.postId);
    const revokedOnly = soldRows.filter((row) => !row.inForce).map((row) => row.postId);
    const deletedPosts = postIds.filter((id) => !sold.has(id));

    // Files kept outside the account's folder: the consent documents of its personas.
    const consentRows = await tx
      .select({ key: likenessStatements.consentDocumentKey })
      .from(likenessStatements)
      .where(eq(likenessStatements.userId, userId));
    const keys = consentRows
      .map((row) => row.key)
      .filter((key): key is string => !!key && !key.startsWith(`users/${userId}/`));

    await tx.delete(postTargets).where(eq(postTargets.workspaceId, userId));
    if (deletedPosts.length) await tx.delete(posts).where(inArray(posts.id, deletedPosts));
    if (revokedOnly.length) {
      await tx.delete(postItems).where(inArray(postItems.postId, revokedOnly));
    }
    if (bought.length || revokedOnly.length) {
      // Off every page (the page itself goes with its influencer); buyers still open them.
      await tx
        .update(posts)
        .set({ onPage: false, updatedAt: now })
        .where(and(eq(posts.workspaceId, userId), inArray(posts.id, [...bought, ...revokedOnly])));
    }
    await tx.delete(galleryItems).where(eq(galleryItems.workspaceId, userId));
    await tx.delete(jobs).where(eq(jobs.workspaceId, userId));
    // Its photos, page, platform connections and likeness statements go with each persona.
    await tx.delete(influencers).where(eq(influencers.workspaceId, userId));
    await tx.delete(platformAccounts).where(eq(platformAccounts.workspaceId, userId));
    await tx.delete(platformFlows).where(eq(platformFlows.workspaceId, userId));
    await tx.delete(products).where(eq(products.workspaceId, userId));
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, userId));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, userId));
    await tx.delete(apiKeys).where(eq(apiKeys.workspaceId, userId));
    await tx.delete(idempotentRequests).where(eq(idempotentRequests.workspaceId, userId));
    await tx.delete(accountExports).where(eq(accountExports.userId, userId));
    await tx.delete(onboardingStates).where(eq(onboardingStates.userId, userId));
    await tx.delete(testCheckoutSessions).where(eq(testCheckoutSessions.userId, userId));
    await tx.delete(ledgerEntries).where(eq(ledgerEntries.workspaceId, userId));
    await tx.delete(accountBalances).where(eq(accountBalances.workspaceId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(oauthLoginCodes).where(eq(oauthLoginCodes.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // The tombstone: no address (a unique non-address, so the address is free), name, password
    // or Google link; kept only because purchases, earnings and payments name it.
    await tx
      .update(users)
      .set({
        email: `deleted:${userId}`,
        fullName: '',
        passwordHash: null,
        googleSubject: null,
        verifiedEmail: null,
        creatorSince: null,
        isOperator: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    const payload: TRemoveAccountFilesPayload = { userId, postIds: deletedPosts, keys };
    await queueAccountFilesRemoval(tx, payload);
    return payload;
  });
  accountChanged(userId);
  if (!removal) return;
  // Most often everything goes now; the queued job is there for what did not.
  await removeAccountFiles(context, removal).catch((error: unknown) =>
    log.error({ err: error, userId }, 'Removing a deleted account’s files failed; retried later'),
  );
}

/** Deletes `keys`, a few at a time. */
async function deleteAll(storage: TStorage, keys: string[]) {
  for (let at = 0; at < keys.length; at += 8) {
    await Promise.all(keys.slice(at, at + 8).map((key) => storage.delete(key)));
  }
}

/**
 * Removes a deleted account's files, read from the storage itself: everything in its folder, the
 * folders of its deleted posts, and in the folders of the posts fans bought everything but those
 * posts' pictures and videos (and their previews), which stay for the buyers. Safe to run again.
 */
export async function removeAccountFiles(
  context: Pick<TDeletionContext, 'db' | 'storage'>,
  payload: TRemoveAccountFilesPayload,
): Promise<void> {
  const { db, storage } = context;
  const { userId } = payload;
  await deleteAll(storage, await storage.list(`users/${userId}/`));
  for (const postId of payload.postIds) {
    await deleteAll(storage, await storage.list(`posts/${postId}/`));
  }
  await deleteAll(storage, payload.keys);
  const kept = await db
    .select({
      postId: posts.id,
      key: postItems.key,
      thumbnailKey: postItems.thumbnailKey,
      blurredKey: postItems.blurredKey,
    })
    .from(posts)
    .leftJoin(postItems, eq(postItems.postId, posts.id))
    .where(eq(posts.workspaceId, userId));
  const keep = new Set(
    kept.flatMap((row) => [row.key, row.thumbnailKey, row.blurredKey]).filter(Boolean),
  );
  for (const postId of new Set(kept.map((row) => row.postId))) {
    const stored = await storage.list(`posts/${postId}/`);
    await deleteAll(
      storage,
      stored.filter((key) => !keep.has(key)),
    );
  }
}
