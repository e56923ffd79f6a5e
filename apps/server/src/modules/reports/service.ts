/**
 * Reports of public pages and posts (docs/product/reports-and-takedown.md): anyone may report a
 * published page or one of its posts, with or without an account. The report keeps what was
 * reported as it was then, gets a reference the reporter is mailed, and, for an intimate image
 * shared without consent, the moment its 48 hours end.
 */
import { randomInt } from 'node:crypto';
import {
  AUTH_TEXTS,
  INTIMATE_REPORT_HOURS,
  PUBLISHING_TEXTS,
  REPORT_REFERENCE_ALPHABET,
  REPORT_TEXTS,
  type TCreateReportRequest,
  type TReportReason,
} from '@muse/shared';
import type { TDatabase } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { reports } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { queueAccountMail } from '../auth/mail-queue';
import { findPublishedPage, findPublishedPost } from '../publishing/public';

const REFERENCE_LENGTH = 8;

/** 'MR-' and 8 characters that cannot be mistaken for one another. */
export function newReference(): string {
  let reference = 'MR-';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1)
    reference += REPORT_REFERENCE_ALPHABET[randomInt(REPORT_REFERENCE_ALPHABET.length)];
  return reference;
}

/** Who reports: a signed-in account with a confirmed address, or a visitor who gave one. */
export type TReporter = { userId: string | null; email: string };

/**
 * The address a report's outcome goes to: a signed-in account's confirmed one, else the one
 * the form gave (required then).
 */
export function reporterOf(
  account: { id: string; email: string; verified: boolean } | null,
  given: string | undefined,
): TReporter {
  if (account?.verified) return { userId: account.id, email: account.email.toLowerCase() };
  const email = given?.trim().toLowerCase() ?? '';
  if (!email) throw badRequest(AUTH_TEXTS.emailRequired, 'INVALID_REQUEST', { field: 'email' });
  return { userId: account?.id ?? null, email };
}

export const dueAtOf = (reason: TReportReason, createdAt: Date): Date | null =>
  reason === 'intimate'
    ? new Date(createdAt.getTime() + INTIMATE_REPORT_HOURS * 60 * 60 * 1000)
    : null;

/**
 * Files a report of the published page `handle`, or of its published post `postId`: 404 for an
 * unknown, unpublished or hidden page, or a post not on it. The acknowledgement with the
 * reference is mailed in the same transaction.
 */
export async function createReport(
  db: TDatabase,
  input: Omit<TCreateReportRequest, 'email' | 'details' | 'postId'> & {
    details?: string;
    postId?: string | null;
  },
  reporter: TReporter,
): Promise<{ reference: string; dueAt: Date | null }> {
  const found = await findPublishedPage(db, input.handle);
  if (!found) throw notFound(PUBLISHING_TEXTS.pageNotFound, 'PAGE_NOT_FOUND');
  const postId = input.postId ?? null;
  if (postId && !(await findPublishedPost(db, found.influencer.id, postId)))
    throw notFound(REPORT_TEXTS.postNotFound, 'POST_NOT_FOUND');
  const createdAt = new Date();
  const dueAt = dueAtOf(input.reason, createdAt);
  // A reference is one of 31^8 (about 850 billion): a clash is rare, and a new one is drawn.
  for (let attempt = 0; ; attempt += 1) {
    const reference = newReference();
    try {
      await db.transaction(async (tx) => {
        const [report] = await tx
          .insert(reports)
          .values({
            reference,
            reason: input.reason,
            details: input.details ?? '',
            reporterId: reporter.userId,
            reporterEmail: reporter.email,
            creatorId: found.page.workspaceId,
            influencerId: found.influencer.id,
            handle: found.page.handle,
            postId,
            dueAt,
            createdAt,
          })
          .returning({ id: reports.id });
        await queueAccountMail(tx, { kind: 'report-received', reportId: report!.id });
      });
      return { reference, dueAt };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}
