import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';

/*
 * The queue's side of an account's data rights (docs/product/data-rights.md): building an
 * export, mailing its link, and removing a deleted account's files (again, until none is left).
 */

export const BUILD_EXPORT_TASK = 'build-account-export';
export const EXPORT_MAIL_TASK = 'send-export-mail';
export const REMOVE_ACCOUNT_FILES_TASK = 'remove-account-files';

export const ZExportPayload = z.object({ exportId: z.uuid() });
export const ZRemoveAccountFilesPayload = z.object({
  userId: z.uuid(),
  /** The account's posts that were deleted: their folders go with them. */
  postIds: z.array(z.uuid()),
  /** Its files kept outside its folder (a persona's consent document). */
  keys: z.array(z.string()),
});
export type TRemoveAccountFilesPayload = z.infer<typeof ZRemoveAccountFilesPayload>;

/** Queues the build of an export; once per export. */
export async function queueExportBuild(tx: TQueryable, exportId: string): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${BUILD_EXPORT_TASK}, ${JSON.stringify({ exportId })}::json, job_key := ${`export:${exportId}`}, max_attempts := 1)`,
  );
}

/** Queues the mail with an export's link; SMTP can fail for a moment, so it is retried. */
export async function queueExportMail(tx: TQueryable, exportId: string): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${EXPORT_MAIL_TASK}, ${JSON.stringify({ exportId })}::json, job_key := ${`export-mail:${exportId}`}, max_attempts := 5)`,
  );
}

/**
 * Queues the removal of a deleted account's files, in the transaction that deletes its rows. It
 * runs a minute later, after the request removed them itself: it is what removes whatever that
 * could not (a storage outage, a job that wrote a file meanwhile), retried with growing delays
 * until storage holds nothing of the account but what fans bought.
 */
export async function queueAccountFilesRemoval(
  tx: TQueryable,
  payload: TRemoveAccountFilesPayload,
): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${REMOVE_ACCOUNT_FILES_TASK}, ${JSON.stringify(payload)}::json, run_at := now() + interval '1 minute', job_key := ${`remove-account-files:${payload.userId}`}, max_attempts := 25)`,
  );
}
