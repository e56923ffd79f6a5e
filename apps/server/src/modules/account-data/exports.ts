import { timingSafeEqual } from 'node:crypto';
import { ACCOUNT_DATA_TEXTS, EXPORT_LINK_DAYS, isUuid, type TAccountExport } from '@muse/shared';
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { accountExports, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TStorage, TStoredFile } from '../../lib/storage';
import { hashToken, randomToken } from '../../lib/tokens';
import type { TAccountMailContext } from '../auth/account-mails';
import { exportEntries } from './export-contents';
import { exportReadyMail } from './export-mail';
import { writeExportZip } from './export-zip';
import { queueExportBuild, queueExportMail } from './queue';

/*
 * 'Download my data' (docs/product/data-rights.md): one export at a time per account, built by
 * the job workers into a ZIP in storage, its link mailed to the owner (only the token's hash is
 * kept) and working for 7 days, signed in or not; then the hourly purge deletes the file and the
 * link answers 410.
 */

type TExportRow = typeof accountExports.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** An export still queued or running after this long was lost with its worker: it failed. */
const STALE_AFTER_MS = 60 * 60 * 1000;
/** Progress is written at most this often while a ZIP is written. */
const PROGRESS_EVERY_MS = 250;

const notFound = () => new AppError(404, ACCOUNT_DATA_TEXTS.exportNotFound, 'EXPORT_NOT_FOUND');
const expired = () => new AppError(410, ACCOUNT_DATA_TEXTS.exportExpired, 'EXPORT_EXPIRED');

/** Where an export's ZIP is stored: in the account's folder, so deleting the account takes it. */
const zipKey = (row: Pick<TExportRow, 'id' | 'userId'>) =>
  `users/${row.userId}/exports/${row.id}.zip`;
/** What the owner's signed download link signs: the export, never a file path. */
const signedName = (id: string) => `account-exports/${id}`;

const isExpired = (row: TExportRow, now: Date) =>
  row.status === 'ready' && (!row.storageKey || !row.expiresAt || row.expiresAt <= now);

/** The export as its owner sees it: a download link of its own while it is ready. */
export function toPublicExport(
  row: TExportRow,
  files: TFileUrlSigner,
  now = new Date(),
): TAccountExport {
  const gone = isExpired(row, now);
  let downloadUrl: string | null = null;
  if (row.status === 'ready' && !gone) {
    const signed = new URL(files.sign(signedName(row.id), now), 'http://muse.invalid');
    downloadUrl = `/api/account/exports/${row.id}/download${signed.search}`;
  }
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    sizeBytes: row.sizeBytes,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: gone,
    downloadUrl,
  };
}

/**
 * Starts an export of the account, or answers the one already queued or running (one at a time).
 * An account's requests wait for each other (an advisory lock), so two at once start one.
 */
export async function requestExport(db: TDatabase, userId: string): Promise<TExportRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-export:${userId}`}))`);
    const now = new Date();
    // One lost with its worker would hold the account's turn for good.
    await tx
      .update(accountExports)
      .set({ status: 'failed', failure: ACCOUNT_DATA_TEXTS.exportStopped, finishedAt: now })
      .where(
        and(
          eq(accountExports.userId, userId),
          inArray(accountExports.status, ['queued', 'running']),
          lt(accountExports.createdAt, new Date(now.getTime() - STALE_AFTER_MS)),
        ),
      );
    const [busy] = await tx
      .select()
      .from(accountExports)
      .where(
        and(
          eq(accountExports.userId, userId),
          inArray(accountExports.status, ['queued', 'running']),
        ),
      )
      .limit(1);
    if (busy) return busy;
    const [created] = await tx.insert(accountExports).values({ userId }).returning();
    await queueExportBuild(tx, created!.id);
    return created!;
  });
}

/** One of the account's exports; another account's, or none, is 404. */
export async function findExport(db: TDatabase, userId: string, id: string): Promise<TExportRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.id, id), eq(accountExports.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** The account's newest export, if any. */
export async function latestExport(db: TDatabase, userId: string): Promise<TExportRow | null> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return row ?? null;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The ZIP of a ready export, for whoever holds its mailed link (`token`) or the owner's signed
 * link from the settings (`expires`, `signature`): no session needed. A wrong or missing token
 * is 404, as for an export that does not exist; a right one after the 7 days is 410.
 */
export async function openExportDownload(
  deps: { db: TDatabase; storage: TStorage; files: TFileUrlSigner },
  id: string,
  proof: { token?: string; expires?: number; signature?: string },
  now = new Date(),
): Promise<{ file: TStoredFile; fileName: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.db.select().from(accountExports).where(eq(accountExports.id, id));
  if (!row || row.status !== 'ready') throw notFound();
  const byToken =
    !!proof.token && !!row.tokenHash && sameHash(hashToken(proof.token), row.tokenHash);
  const bySignature =
    proof.expires !== undefined &&
    !!proof.signature &&
    deps.files.verify(signedName(row.id), proof.expires, proof.signature, now);
  if (!byToken && !bySignature) throw notFound();
  if (isExpired(row, now)) throw expired();
  const file = await deps.storage.get(row.storageKey!);
  if (!file) throw expired();
  const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  return { file, fileName: `muse-data-${day}.zip` };
}

type TLog = { error: (object: object, message: string) => void };

/**
 * Builds an export (the job workers' task): claims it, writes the ZIP with its progress, then in
 * one transaction marks it ready for 7 days and queues the mail with its link. A failure marks it
 * failed, with nothing left in storage. An export gone meanwhile (the account deleted) keeps no
 * file either.
 */
export async function buildExport(
  deps: { db: TDatabase; storage: TStorage },
  exportId: string,
  log: TLog,
): Promise<void> {
  const { db, storage } = deps;
  const [claimed] = await db
    .update(accountExports)
    .set({ status: 'running', progress: 0 })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, 'queued')))
    .returning();
  if (!claimed) return;
  const key = zipKey(claimed);
  try {
    const entries = await exportEntries(db, claimed.userId);
    let shown = 0;
    let shownAt = 0;
    const size = await writeExportZip(storage, key, entries, async (written) => {
      // 99 at most until the file is whole and recorded.
      const progress = Math.min(99, Math.floor((written / entries.length) * 100));
      if (progress === shown || Date.now() - shownAt < PROGRESS_EVERY_MS) return;
      shown = progress;
      shownAt = Date.now();
      await db
        .update(accountExports)
        .set({ progress })
        .where(and(eq(accountExports.id, exportId), eq(accountExports.status, 'running')));
    });
    const finished = await db.transaction(async (tx) => {
      const now = new Date();
      const [ready] = await tx
        .update(accountExports)
        .set({
          status: 'ready',
          progress: 100,
          storageKey: key,
          sizeBytes: size,
          finishedAt: now,
          expiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS),
        })
        .where(and(eq(accountExports.id, exportId), eq(accountExports.status, 'running')))
        .returning({ id: accountExports.id });
      if (ready) await queueExportMail(tx, exportId);
      return !!ready;
    });
    if (!finished) await storage.delete(key);
  } catch (error) {
    log.error({ err: error, exportId }, 'An account export failed');
    await storage.delete(key).catch(() => {});
    await db
      .update(accountExports)
      .set({ status: 'failed', failure: ACCOUNT_DATA_TEXTS.exportFailed, finishedAt: new Date() })
      .where(eq(accountExports.id, exportId));
  }
}

/**
 * Mails the owner the link to a ready export. The token is made here and only its hash kept; a
 * retried mail makes a new one (the earlier never went out). Nothing for an export expired or gone.
 */
export async function sendExportMail(
  db: TDatabase,
  mail: TAccountMailContext,
  exportId: string,
): Promise<void> {
  const [found] = await db
    .select({ row: accountExports, email: users.email, fullName: users.fullName })
    .from(accountExports)
    .innerJoin(users, eq(users.id, accountExports.userId))
    .where(eq(accountExports.id, exportId));
  if (!found || found.row.status !== 'ready' || isExpired(found.row, new Date())) return;
  const token = randomToken();
  await db
    .update(accountExports)
    .set({ tokenHash: hashToken(token) })
    .where(eq(accountExports.id, exportId));
  const link = `${mail.publicUrl}/api/account/exports/${exportId}/download?token=${token}`;
  await mail.mailer.send({
    to: found.email,
    ...(await exportReadyMail({
      fullName: found.fullName,
      link,
      expiresAt: found.row.expiresAt!,
    })),
  });
}

/**
 * Deletes the files of exports whose 7 days are over (the hourly `purge-expired` task). The row
 * stays without its file, so its link answers 410 rather than 404.
 */
export async function purgeExpiredExports(
  db: TDatabase,
  storage: TStorage,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: accountExports.id, storageKey: accountExports.storageKey })
    .from(accountExports)
    .where(and(isNotNull(accountExports.storageKey), lt(accountExports.expiresAt, now)));
  for (const row of due) {
    await storage.delete(row.storageKey!);
    await db.update(accountExports).set({ storageKey: null }).where(eq(accountExports.id, row.id));
  }
  return due.length;
}
