import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth-texts';

/*
 * A creator's data rights (docs/product/data-rights.md): a ZIP of everything Muse holds about the
 * account, built by a job and mailed as an expiring link, and the account deleted by its owner.
 */

/** How long an export's link works, and its file is kept, once it is ready. */
export const EXPORT_LINK_DAYS = 7;
/**
 * How recent the sign-in of an account without a password must be for it to delete itself: it
 * has no password to prove it is its owner, so it signs in again instead.
 */
export const FRESH_SIGN_IN_MINUTES = 10;

export const ACCOUNT_DATA_TEXTS = {
  exportStarted: 'We are putting your data together. We will e-mail you a link when it is ready.',
  exportFailed: 'Your data could not be put together. Please try again.',
  exportStopped: 'Putting your data together stopped before it finished. Please try again.',
  exportNotFound: 'This export does not exist.',
  exportExpired:
    'This download link has expired and the file is deleted. Ask for a new copy of your data in Settings.',
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'Your password is not correct',
  freshSignInRequired:
    'For your safety, sign in again (within the last 10 minutes) before you delete your account.',
  earningsAvailable:
    'You have earnings you can pay out. Pay them out on the Earnings page before you delete your account.',
  accountDeleted: 'Your account is deleted.',
} as const;

export const ZAccountExportStatus = z.enum(['queued', 'running', 'ready', 'failed']);
export type TAccountExportStatus = z.infer<typeof ZAccountExportStatus>;

/** An export as its owner sees it. `downloadUrl` only while it is ready and not expired. */
export const ZAccountExport = z.object({
  id: z.string(),
  status: ZAccountExportStatus,
  progress: z.number().int().min(0).max(100),
  sizeBytes: z.number().int().nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  downloadUrl: z.string().nullable(),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

/** POST /api/account/exports, GET /api/account/exports/:id. */
export const ZAccountExportResponse = z.object({
  success: z.literal(true),
  export: ZAccountExport,
});
export type TAccountExportResponse = z.infer<typeof ZAccountExportResponse>;

/** GET /api/account/exports: the latest export, if any. */
export const ZLatestAccountExportResponse = z.object({
  success: z.literal(true),
  export: ZAccountExport.nullable(),
});
export type TLatestAccountExportResponse = z.infer<typeof ZLatestAccountExportResponse>;

/** GET /api/account/exports/:id/download: the mailed token, or the owner's signed link. */
export const ZAccountExportDownloadQuery = z.object({
  token: z.string().max(100).optional(),
  expires: z.coerce.number().int().optional().catch(undefined),
  signature: z.string().max(100).optional(),
});

/** DELETE /api/account: the password, for an account that has one. */
export const ZDeleteAccountRequest = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH, ACCOUNT_DATA_TEXTS.passwordWrong).optional(),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
