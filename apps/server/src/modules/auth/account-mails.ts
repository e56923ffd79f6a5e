import {
  formatCents,
  PUBLISH_PLATFORMS,
  publicPagePath,
  WORKSPACE_ROLE_LABELS,
  workspaceDisplayName,
} from '@muse/shared';
import { and, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  emailChangeTokens,
  passwordResetTokens,
  postPurchases,
  posts,
  postTargets,
  reports,
  sessions,
  users,
  workspaceInvitations,
  workspaces,
} from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import type { TMailer } from '../mail/mailer';
import {
  postRemovedRefundMail,
  reportOutcomeForCreatorMail,
  reportOutcomeForReporterMail,
  reportReceivedMail,
} from '../mail/report-mails';
import {
  emailChangedMail,
  emailChangeMail,
  googleTakeoverMail,
  passwordResetMail,
  postTakenDownMail,
  verifyEmailMail,
  webhookDisabledMail,
  workspaceInvitationMail,
} from './account-mail-templates';
import { issueVerificationToken } from './email-verification';
import type { TAccountMailPayload } from './mail-queue';
import { findUserByEmail, isEmailVerified, RESET_LINK_TTL_MS } from './service';

/** How long the link mailed to a new address works. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;

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
    case 'email-change':
      return sendEmailChangeLink(db, mail, payload);
    case 'email-changed':
      return sendEmailChangedNotice(db, mail, payload);
    case 'webhook-disabled':
      return sendWebhookDisabledNotice(db, mail, payload);
    case 'post-taken-down':
      return sendTakedownNotice(db, mail, payload);
    case 'report-received':
      return sendReportReceived(db, mail, payload.reportId);
    case 'report-outcome':
      return sendReportOutcome(db, mail, payload);
    case 'post-removed-refund':
      return sendPostRemovedRefund(db, mail, payload.purchaseId);
    case 'workspace-invitation':
      return sendWorkspaceInvitation(db, mail, payload.invitationId);
  }
}

/**
 * An invitation's link, with a token made now: the invitation keeps only its hash, so a mail
 * sent again (a retry) carries a new link and the one before stops working.
 */
async function sendWorkspaceInvitation(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  invitationId: string,
) {
  const token = randomToken();
  const [invitation] = await db
    .update(workspaceInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(
      and(
        eq(workspaceInvitations.id, invitationId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!invitation) return;
  // Named as its members see it: another person's personal workspace after its owner.
  const nameOf = (id: SQL) =>
    sql<string | null>`(select u.full_name from users u where u.id = ${id})`;
  const [workspace] = await db
    .select({
      name: workspaces.name,
      personal: workspaces.personal,
      // Written out: a select of one table leaves its own columns unqualified.
      ownerName: nameOf(sql`"workspaces"."id"`),
      inviter: nameOf(sql`${invitation.invitedBy}::uuid`),
    })
    .from(workspaces)
    .where(eq(workspaces.id, invitation.workspaceId));
  if (!workspace) return;
  await mailer.send({
    to: invitation.email,
    ...(await workspaceInvitationMail({
      inviter: workspace.inviter ?? 'A Muse member',
      workspace: workspaceDisplayName(workspace),
      role: `${WORKSPACE_ROLE_LABELS[invitation.role].toLowerCase()}`,
      link: `${publicUrl}/invitations/${token}`,
      expiresAt: invitation.expiresAt,
    })),
  });
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
    ...(await passwordResetMail({ fullName: user.fullName, link })),
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
  const link = `${publicUrl}/verify-email?token=${token}`;
  await mailer.send({
    to: user.email,
    ...(await verifyEmailMail({ fullName: user.fullName, link })),
  });
}

/** Tells the owner that a Google sign-in secured the account and removed the old password. */
async function sendTakeoverNotice(db: TDatabase, { mailer }: TAccountMailContext, userId: string) {
  const user = await findUser(db, userId);
  if (!user) return;
  await mailer.send({ to: user.email, ...(await googleTakeoverMail({ fullName: user.fullName })) });
}

/**
 * A link to the new address an account asked for, voiding any link asked for before (one change
 * waits at a time). Only its hash is kept, with the address and the session that asked.
 */
async function sendEmailChangeLink(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  payload: { userId: string; newEmail: string; sessionId: string },
) {
  const user = await findUser(db, payload.userId);
  if (!user) return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailChangeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeTokens.userId, user.id), isNull(emailChangeTokens.usedAt)));
    const [asking] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, payload.sessionId));
    await tx.insert(emailChangeTokens).values({
      userId: user.id,
      sessionId: asking?.id ?? null,
      newEmail: payload.newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
    });
  });
  const link = `${publicUrl}/confirm-email?token=${token}`;
  await mailer.send({
    to: payload.newEmail,
    ...(await emailChangeMail({ fullName: user.fullName, newEmail: payload.newEmail, link })),
  });
}

/** Tells the old address that the account moved to its current one. */
async function sendEmailChangedNotice(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  payload: { userId: string; oldEmail: string },
) {
  const user = await findUser(db, payload.userId);
  if (!user) return;
  await mailer.send({
    to: payload.oldEmail,
    ...(await emailChangedMail({
      fullName: user.fullName,
      newEmail: user.email,
      supportLink: `${publicUrl}/support`,
    })),
  });
}

/** Tells the owner that Muse turned off a webhook endpoint, and how to turn it on again. */
async function sendWebhookDisabledNotice(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  payload: { userId: string; url: string; failingSince: string },
) {
  const user = await findUser(db, payload.userId);
  if (!user) return;
  await mailer.send({
    to: user.email,
    ...(await webhookDisabledMail({
      fullName: user.fullName,
      url: payload.url,
      failingSince: new Date(payload.failingSince),
      settingsLink: `${publicUrl}/settings/webhooks`,
    })),
  });
}

/**
 * Tells the creator which copies of a post Muse took down were deleted from the platforms and
 * which they must delete there themselves, with each one's link (docs/product/platform-publishing.md,
 * 'Takedown'). Read from the post's copies as the takedown left them.
 */
async function sendTakedownNotice(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  payload: { userId: string; postId: string },
) {
  const user = await findUser(db, payload.userId);
  if (!user || user.deletedAt) return;
  const [post] = await db
    .select({ influencerName: posts.influencerName, caption: posts.caption })
    .from(posts)
    .where(and(eq(posts.id, payload.postId), eq(posts.workspaceId, user.id)));
  if (!post) return;
  const copies = await db
    .select({
      platform: postTargets.platform,
      removal: postTargets.removal,
      message: postTargets.removalMessage,
      url: postTargets.url,
    })
    .from(postTargets)
    .where(and(eq(postTargets.postId, payload.postId), isNotNull(postTargets.removal)));
  if (!copies.length) return;
  copies.sort(
    (a, b) => PUBLISH_PLATFORMS.indexOf(a.platform) - PUBLISH_PLATFORMS.indexOf(b.platform),
  );
  await mailer.send({
    to: user.email,
    ...(await postTakenDownMail({
      fullName: user.fullName,
      influencerName: post.influencerName,
      caption: post.caption,
      removed: copies.filter((copy) => copy.removal === 'removed'),
      byHand: copies
        .filter((copy) => copy.removal !== 'removed')
        .map((copy) => ({ platform: copy.platform, message: copy.message, url: copy.url })),
      calendarLink: `${publicUrl}/calendar`,
    })),
  });
}

async function findReport(db: TDatabase, reportId: string) {
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
  return report;
}

/** The reporter's copy of the reference (docs/product/reports-and-takedown.md). */
async function sendReportReceived(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  reportId: string,
) {
  const report = await findReport(db, reportId);
  if (!report) return;
  await mailer.send({
    to: report.reporterEmail,
    ...(await reportReceivedMail({
      reference: report.reference,
      reason: report.reason,
      handle: report.handle,
      postId: report.postId,
      link: `${publicUrl}${publicPagePath(report.handle, report.postId ?? undefined)}`,
    })),
  });
}

/** The outcome an operator decided, to the reporter or to the creator of what was reported. */
async function sendReportOutcome(
  db: TDatabase,
  { mailer, publicUrl }: TAccountMailContext,
  payload: { reportId: string; recipient: 'reporter' | 'creator' },
) {
  const report = await findReport(db, payload.reportId);
  if (!report?.outcome) return;
  if (payload.recipient === 'reporter') {
    await mailer.send({
      to: report.reporterEmail,
      ...(await reportOutcomeForReporterMail({
        reference: report.reference,
        handle: report.handle,
        postId: report.postId,
        outcome: report.outcome,
      })),
    });
    return;
  }
  const creator = await findUser(db, report.creatorId);
  if (!creator || creator.deletedAt) return;
  await mailer.send({
    to: creator.email,
    ...(await reportOutcomeForCreatorMail({
      fullName: creator.fullName,
      reason: report.reason,
      handle: report.handle,
      postId: report.postId,
      outcome: report.outcome,
      supportLink: `${publicUrl}/support`,
    })),
  });
}

/** Tells a fan that a post they bought was removed by Muse and refunded in full. */
async function sendPostRemovedRefund(
  db: TDatabase,
  { mailer }: TAccountMailContext,
  purchaseId: string,
) {
  const [row] = await db
    .select({ purchase: postPurchases, influencerName: posts.influencerName, buyer: users })
    .from(postPurchases)
    .innerJoin(posts, eq(posts.id, postPurchases.postId))
    .innerJoin(users, eq(users.id, postPurchases.buyerId))
    .where(eq(postPurchases.id, purchaseId));
  if (!row || row.buyer.deletedAt) return;
  await mailer.send({
    to: row.buyer.email,
    ...(await postRemovedRefundMail({
      fullName: row.buyer.fullName,
      influencerName: row.influencerName,
      amount: formatCents(row.purchase.amountCents),
      testMode: row.purchase.provider === 'test',
    })),
  });
}
