/**
 * What an operator does about a report, and about a refusal (docs/product/reports-and-takedown.md).
 * Each action is one transaction: its effects, its row in the append-only audit log
 * (`operator_actions`), the report resolved, and the mails to the reporter and the creator
 * queued, so a failed step leaves nothing done and a mail that fails later undoes nothing.
 */
import { OPERATOR_TEXTS, PUBLISHING_TEXTS, isUuid, type TOperatorActionName } from '@muse/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TTransaction } from '../../db/client';
import {
  influencerPages,
  jobs,
  operatorActions,
  postPurchases,
  posts,
  postTargets,
  reports,
  safetyRefusals,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import { queueAccountMail } from '../auth/mail-queue';
import { revokeAllSessions } from '../auth/sessions';
import { failJobIn } from '../jobs/service';
import { queueTakedown } from '../platforms/takedown-queue';
import { unqueueTargets } from '../platforms/targets';
import { unqueuePublish } from '../publishing/queue';
import { purchaseInForce } from '../sales/held-earnings';
import { queueRemovalRefund } from '../sales/removal-refunds';
import type { TOperator } from './access';
import { reportNotFound, toAuditEntry, toOperatorReport } from './queue';

type TReportRow = typeof reports.$inferSelect;
type TReportAction = Exclude<TOperatorActionName, 'review_refusal'>;

/** The outcome of each action, in the words mailed to the reporter and the creator. */
export const REPORT_OUTCOMES: Record<TReportAction, string> = {
  hide_post:
    'We removed the reported post. It is no longer shown on Muse, it is taken off the platforms it was published to, and every fan who bought it is refunded in full.',
  hide_page: 'We hid the reported page. It is no longer shown on Muse.',
  suspend_account:
    'We suspended the account behind the reported page. Its pages are hidden, and it can no longer sign in, make or publish anything.',
  dismiss: 'We found nothing in it that breaks the rules of Muse, so nothing was changed.',
};

/** Why a job of a suspended account failed, as its owner's job list says. */
export const SUSPENDED_JOB_REASON = 'Cancelled: the account was suspended';

type TEffects = { targetType: string; targetId: string; effects: Record<string, unknown> };

/** Accounts whose cached answers the action changed (their calendars, dashboards, sessions). */
export type TActionResult = {
  report: ReturnType<typeof toOperatorReport> | null;
  entry: ReturnType<typeof toAuditEntry>;
  changedAccounts: string[];
};

async function lockOpenReport(tx: TTransaction, reportId: string): Promise<TReportRow> {
  if (!isUuid(reportId)) throw reportNotFound();
  const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
  if (!report) throw reportNotFound();
  if (report.status !== 'open') throw conflict(OPERATOR_TEXTS.reportClosed, 'REPORT_CLOSED');
  return report;
}

/**
 * Runs `work` on an open report (locked, so two operators cannot both act on it), then writes
 * the audit row, resolves the report and queues its two mails, all in one transaction.
 */
async function actOnReport(
  db: TDatabase,
  operator: TOperator,
  reportId: string,
  action: TReportAction,
  note: string,
  work: (tx: TTransaction, report: TReportRow) => Promise<TEffects>,
): Promise<TActionResult> {
  return db.transaction(async (tx) => {
    const report = await lockOpenReport(tx, reportId);
    const done = await work(tx, report);
    const [resolved] = await tx
      .update(reports)
      .set({
        status: action === 'dismiss' ? 'dismissed' : 'actioned',
        outcome: REPORT_OUTCOMES[action],
        resolvedAt: new Date(),
        resolvedBy: operator.id,
      })
      .where(eq(reports.id, report.id))
      .returning();
    const [entry] = await tx
      .insert(operatorActions)
      .values({
        operatorId: operator.id,
        operatorEmail: operator.email,
        action,
        reportId: report.id,
        targetType: done.targetType,
        targetId: done.targetId,
        note,
        effects: done.effects,
      })
      .returning();
    await queueAccountMail(tx, {
      kind: 'report-outcome',
      reportId: report.id,
      recipient: 'reporter',
    });
    await queueAccountMail(tx, {
      kind: 'report-outcome',
      reportId: report.id,
      recipient: 'creator',
    });
    return {
      report: toOperatorReport(resolved!),
      entry: toAuditEntry(entry!),
      changedAccounts: [report.creatorId],
    };
  });
}

/**
 * Takes a post off the page for good: hidden at once for everyone, its scheduled publication and
 * platform copies unqueued, the removal of its published copies queued, and each purchase in
 * force queued for a full refund. Hiding a hidden post changes nothing more.
 */
async function hidePostIn(tx: TTransaction, postId: string) {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  if (!post) throw notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');
  const alreadyHidden = post.hiddenAt !== null;
  if (!alreadyHidden)
    await tx
      .update(posts)
      .set({ hiddenAt: new Date(), updatedAt: new Date() })
      .where(eq(posts.id, post.id));
  if (post.status === 'scheduled') await unqueuePublish(tx, post.id);
  await unqueueTargets(tx, post.id);
  await queueTakedown(tx, post.id);
  const bought = await tx
    .select({ id: postPurchases.id })
    .from(postPurchases)
    .where(and(eq(postPurchases.postId, post.id), purchaseInForce()));
  for (const { id } of bought) await queueRemovalRefund(tx, id);
  return {
    alreadyHidden,
    unscheduled: post.status === 'scheduled',
    takedownQueued: true,
    refundsQueued: bought.length,
    purchaseIds: bought.map((row) => row.id),
  };
}

export function hidePost(
  db: TDatabase,
  operator: TOperator,
  reportId: string,
  note: string,
): Promise<TActionResult> {
  return actOnReport(db, operator, reportId, 'hide_post', note, async (tx, report) => {
    if (!report.postId) throw badRequest(OPERATOR_TEXTS.noPost, 'INVALID_REQUEST');
    const effects = await hidePostIn(tx, report.postId);
    return { targetType: 'post', targetId: report.postId, effects };
  });
}

/** Hides the reported page: `/i/<handle>` answers as an unpublished page from now on. */
export function hidePage(
  db: TDatabase,
  operator: TOperator,
  reportId: string,
  note: string,
): Promise<TActionResult> {
  return actOnReport(db, operator, reportId, 'hide_page', note, async (tx, report) => {
    const hidden = report.influencerId
      ? await tx
          .update(influencerPages)
          .set({ hiddenAt: new Date(), updatedAt: new Date() })
          .where(
            and(
              eq(influencerPages.influencerId, report.influencerId),
              isNull(influencerPages.hiddenAt),
            ),
          )
          .returning({ handle: influencerPages.handle })
      : [];
    return {
      targetType: 'page',
      targetId: report.influencerId ?? report.handle,
      effects: { handle: report.handle, alreadyHidden: hidden.length === 0 },
    };
  });
}

/**
 * Suspends the reported account: no sign-in, its sessions and API keys refused at once on every
 * instance (the account's row change is announced to every session cache), its queued and
 * running jobs failed with their credits refunded, its scheduled posts and platform copies
 * unqueued, and every page of it hidden.
 */
export function suspendAccount(
  db: TDatabase,
  files: TFileUrlSigner,
  operator: TOperator,
  reportId: string,
  note: string,
): Promise<TActionResult> {
  return actOnReport(db, operator, reportId, 'suspend_account', note, async (tx, report) => {
    const userId = report.creatorId;
    const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!account) throw notFound();
    if (!account.suspendedAt)
      await tx
        .update(users)
        .set({ suspendedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    const running = await tx
      .select({ id: jobs.id, workspaceId: jobs.workspaceId })
      .from(jobs)
      .where(and(eq(jobs.workspaceId, userId), inArray(jobs.status, ['queued', 'running'])));
    let creditsRefunded = 0;
    let jobsCancelled = 0;
    for (const job of running) {
      const refunded = await failJobIn(tx, job, SUSPENDED_JOB_REASON, files);
      if (!refunded) continue;
      jobsCancelled += 1;
      creditsRefunded += refunded.credits;
    }
    const scheduled = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.workspaceId, userId), eq(posts.status, 'scheduled')));
    for (const post of scheduled) await unqueuePublish(tx, post.id);
    const waitingCopies = await tx
      .selectDistinct({ postId: postTargets.postId })
      .from(postTargets)
      .where(and(eq(postTargets.workspaceId, userId), eq(postTargets.state, 'scheduled')));
    for (const { postId } of waitingCopies) await unqueueTargets(tx, postId);
    const pages = await tx
      .update(influencerPages)
      .set({ hiddenAt: new Date(), updatedAt: new Date() })
      .where(and(eq(influencerPages.workspaceId, userId), isNull(influencerPages.hiddenAt)))
      .returning({ handle: influencerPages.handle });
    return {
      targetType: 'account',
      targetId: userId,
      effects: {
        alreadySuspended: account.suspendedAt !== null,
        jobsCancelled,
        creditsRefunded,
        scheduledPostsStopped: scheduled.length,
        platformCopiesStopped: waitingCopies.length,
        pagesHidden: pages.map((page) => page.handle),
      },
    };
  });
}

/** Closes the report with the operator's note; nothing else changes. */
export function dismissReport(
  db: TDatabase,
  operator: TOperator,
  reportId: string,
  note: string,
): Promise<TActionResult> {
  return actOnReport(db, operator, reportId, 'dismiss', note, async (_tx, report) => ({
    targetType: report.postId ? 'post' : 'page',
    targetId: report.postId ?? report.influencerId ?? report.handle,
    effects: {},
  }));
}

/** Marks a refusal reviewed, with its audit row, in one transaction. */
export async function reviewRefusal(
  db: TDatabase,
  operator: TOperator,
  refusalId: string,
  note: string,
): Promise<TActionResult> {
  const refusalNotFound = () => notFound(OPERATOR_TEXTS.refusalNotFound, 'REFUSAL_NOT_FOUND');
  if (!isUuid(refusalId)) throw refusalNotFound();
  return db.transaction(async (tx) => {
    const [refusal] = await tx
      .update(safetyRefusals)
      .set({ reviewedAt: sql`now()`, reviewedBy: operator.id })
      .where(and(eq(safetyRefusals.id, refusalId), isNull(safetyRefusals.reviewedAt)))
      .returning();
    if (!refusal) throw refusalNotFound();
    const [entry] = await tx
      .insert(operatorActions)
      .values({
        operatorId: operator.id,
        operatorEmail: operator.email,
        action: 'review_refusal',
        targetType: 'refusal',
        targetId: refusal.id,
        note,
        effects: { kind: refusal.kind, tool: refusal.tool, userId: refusal.userId },
      })
      .returning();
    return { report: null, entry: toAuditEntry(entry!), changedAccounts: [] };
  });
}
