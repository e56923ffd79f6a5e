/**
 * What operators read in the console (docs/product/reports-and-takedown.md): the open reports,
 * oldest first; one report with the reported post (its originals, through signed links, and its
 * Content Credentials) and the persona's consent record; the refusals waiting for review; and
 * the audit log, newest first. Reads only: nothing here writes.
 */
import {
  OPERATOR_TEXTS,
  isUuid,
  type TAuditEntry,
  type TConsentRecord,
  type TOperatorReport,
  type TOperatorReportDetailResponse,
  type TSafetyRefusal,
} from '@muse/shared';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  galleryItems,
  influencerPages,
  influencers,
  likenessStatements,
  operatorActions,
  postItems,
  postPurchases,
  posts,
  reports,
  safetyRefusals,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TStorage, TStoredFile } from '../../lib/storage';

type TReportRow = typeof reports.$inferSelect;
type TAuditRow = typeof operatorActions.$inferSelect;

/** The longest lists the console shows at once. */
const LIST_MAX = 200;

export const reportNotFound = () => notFound(OPERATOR_TEXTS.reportNotFound, 'REPORT_NOT_FOUND');

export function toOperatorReport(row: TReportRow): TOperatorReport {
  return {
    id: row.id,
    reference: row.reference,
    reason: row.reason,
    details: row.details,
    status: row.status,
    handle: row.handle,
    postId: row.postId,
    reporterEmail: row.reporterEmail,
    reporterHasAccount: row.reporterId !== null,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    outcome: row.outcome,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function toAuditEntry(row: TAuditRow): TAuditEntry {
  return {
    id: row.id,
    operatorEmail: row.operatorEmail,
    action: row.action,
    reportId: row.reportId,
    targetType: row.targetType,
    targetId: row.targetId,
    note: row.note,
    effects: row.effects,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The open reports, oldest first: the order they are answered in. */
export async function listOpenReports(db: TDatabase): Promise<TOperatorReport[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(LIST_MAX);
  return rows.map(toOperatorReport);
}

export async function findReport(db: TDatabase, id: string): Promise<TReportRow> {
  if (!isUuid(id)) throw reportNotFound();
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  if (!row) throw reportNotFound();
  return row;
}

/** The latest likeness statement of the influencer: its consent record. */
async function latestStatement(db: TDatabase, influencerId: string | null) {
  if (!influencerId) return null;
  const [row] = await db
    .select()
    .from(likenessStatements)
    .where(
      and(
        eq(likenessStatements.influencerId, influencerId),
        eq(likenessStatements.subject, 'likeness'),
      ),
    )
    .orderBy(desc(likenessStatements.statedAt))
    .limit(1);
  return row ?? null;
}

/** The reported post with its files signed for the operator, and its items' credentials. */
async function reportedPost(db: TDatabase, files: TFileUrlSigner, postId: string | null) {
  if (!postId) return null;
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) return null;
  const [items, [sold]] = await Promise.all([
    db
      .select({ item: postItems, credentials: galleryItems.credentials })
      .from(postItems)
      .leftJoin(galleryItems, eq(galleryItems.id, postItems.galleryItemId))
      .where(eq(postItems.postId, post.id))
      .orderBy(asc(postItems.position)),
    db.select({ n: count() }).from(postPurchases).where(eq(postPurchases.postId, post.id)),
  ]);
  return {
    id: post.id,
    caption: post.caption,
    priceCents: post.priceCents,
    status: post.status,
    publishAt: post.publishAt.toISOString(),
    hidden: post.hiddenAt !== null,
    sales: sold?.n ?? 0,
    items: items.map(({ item, credentials }) => ({
      id: item.id,
      kind: item.kind,
      contentType: item.contentType,
      width: item.width,
      height: item.height,
      url: files.sign(item.key),
      thumbnailUrl: files.sign(item.thumbnailKey),
      credentials: credentials ?? null,
    })),
  };
}

/** One report, with what an operator needs to decide on it. */
export async function getReportDetail(
  db: TDatabase,
  files: TFileUrlSigner,
  id: string,
): Promise<Omit<TOperatorReportDetailResponse, 'success'>> {
  const report = await findReport(db, id);
  const [[page], [creator], post, statement] = await Promise.all([
    report.influencerId
      ? db
          .select({ page: influencerPages, name: influencers.name })
          .from(influencerPages)
          .innerJoin(influencers, eq(influencers.id, influencerPages.influencerId))
          .where(eq(influencerPages.influencerId, report.influencerId))
      : Promise.resolve([]),
    db
      .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, report.creatorId)),
    reportedPost(db, files, report.postId),
    latestStatement(db, report.influencerId),
  ]);
  const consent: TConsentRecord | null = statement
    ? {
        statement: statement.statement,
        statedAt: statement.statedAt.toISOString(),
        verified: statement.verifiedAt !== null,
        verifiedAt: statement.verifiedAt?.toISOString() ?? null,
        matchScore: statement.matchScore,
        // Served by the console's own route, behind the operator check: never a public link.
        documentUrl: statement.consentDocumentKey
          ? `/api/operator/reports/${report.id}/consent-document`
          : null,
        documentName: statement.consentDocumentName,
      }
    : null;
  return {
    report: toOperatorReport(report),
    page: {
      handle: page?.page.handle ?? report.handle,
      name: page?.name ?? null,
      published: page?.page.publishedAt != null,
      hidden: page?.page.hiddenAt != null,
    },
    creator: {
      id: report.creatorId,
      email: creator?.email ?? '',
      suspended: creator?.suspendedAt != null,
    },
    post,
    consent,
  };
}

/** The consent document of the reported persona's latest statement, for an operator. */
export async function readConsentDocument(
  db: TDatabase,
  storage: TStorage,
  reportId: string,
): Promise<{ file: TStoredFile; name: string; contentType: string }> {
  const report = await findReport(db, reportId);
  const statement = await latestStatement(db, report.influencerId);
  const key = statement?.consentDocumentKey;
  const file = key ? await storage.get(key) : null;
  if (!statement || !file) throw notFound();
  return {
    file,
    name: statement.consentDocumentName ?? 'consent-document',
    contentType: statement.consentDocumentType ?? file.contentType,
  };
}

/** Refusals not reviewed yet, oldest first, with the account's address. */
export async function listUnreviewedRefusals(db: TDatabase): Promise<TSafetyRefusal[]> {
  const rows = await db
    .select({ refusal: safetyRefusals, email: users.email })
    .from(safetyRefusals)
    .leftJoin(users, eq(users.id, safetyRefusals.userId))
    .where(isNull(safetyRefusals.reviewedAt))
    .orderBy(asc(safetyRefusals.createdAt), asc(safetyRefusals.id))
    .limit(LIST_MAX);
  return rows.map(({ refusal, email }) => ({
    id: refusal.id,
    kind: refusal.kind,
    tool: refusal.tool,
    prompt: refusal.prompt,
    estimatedAge: refusal.estimatedAge,
    userId: refusal.userId,
    accountEmail: email,
    createdAt: refusal.createdAt.toISOString(),
  }));
}

/** The audit log, newest first. */
export async function listAuditLog(db: TDatabase): Promise<TAuditEntry[]> {
  const rows = await db
    .select()
    .from(operatorActions)
    .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
    .limit(LIST_MAX);
  return rows.map(toAuditEntry);
}
