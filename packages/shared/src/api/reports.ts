/**
 * Reports of public pages and posts, and the operators' console that acts on them
 * (docs/product/reports-and-takedown.md): anyone may report a page or one of its posts; an
 * operator hides the post, hides the page, suspends the account or dismisses the report, and
 * every action is written to an audit log no one can change.
 */
import { z } from 'zod';
import { AUTH_TEXTS } from './auth-texts';
import { ZContentCredentials } from './gallery';
import { safeText } from './input';
import { PUBLIC_PAGE_TEXTS } from './public-page-texts';

/** Why a page or a post is reported, in the order the dialog lists them. */
export const REPORT_REASONS = ['impersonation', 'minor', 'intimate', 'copyright', 'other'] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<TReportReason, string> = {
  impersonation: 'Impersonation of a real person',
  minor: 'A minor',
  intimate: 'Intimate image shared without consent',
  copyright: 'Copyright',
  other: 'Other',
};

/** An intimate image shared without consent is acted on within this many hours of its report. */
export const INTIMATE_REPORT_HOURS = 48;
export const REPORT_DETAILS_MAX = 2000;
export const OPERATOR_NOTE_MAX = 2000;

/**
 * A report's reference: 'MR-' and 8 characters of an alphabet without look-alikes (no 0, O, 1,
 * I or L), so a reporter can read it out or type it back.
 */
export const REPORT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REPORT_REFERENCE_PATTERN = /^MR-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

export const REPORT_TEXTS = {
  report: PUBLIC_PAGE_TEXTS.report,
  reportPage: PUBLIC_PAGE_TEXTS.reportPage,
  reportPost: PUBLIC_PAGE_TEXTS.reportPost,
  reasonLegend: 'What is wrong?',
  reasonRequired: 'Choose what is wrong',
  details: 'Details (optional)',
  detailsHint: 'Anything that helps us check it: who is shown, where the original is.',
  detailsTooLong: `Keep the details under ${REPORT_DETAILS_MAX} characters`,
  email: 'Your e-mail address',
  emailHint: 'We write to you once we have looked at it.',
  submit: 'Send report',
  sent: 'Report sent',
  referenceIntro: 'Your reference number is',
  sentDetail: 'We have e-mailed you a copy. We tell you by e-mail what we decide.',
  intimateDetail: `Reports of intimate images shared without consent are dealt with within ${INTIMATE_REPORT_HOURS} hours.`,
  failed: 'The report could not be sent',
  /** 404 for a post that is not (or no longer) on the page. */
  postNotFound: 'Post not found',
} as const;

/** POST /api/reports: a report of a public page (`postId` null) or of one of its posts. */
export const ZCreateReportRequest = z.object({
  handle: safeText({ error: 'Choose the page to report' }).trim().min(1).max(64),
  postId: z.uuid({ error: REPORT_TEXTS.postNotFound }).nullable().default(null),
  reason: z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired }),
  details: safeText().trim().max(REPORT_DETAILS_MAX, REPORT_TEXTS.detailsTooLong).default(''),
  /** A visitor's address, for the reference and the outcome; a signed-in account's is its own. */
  email: safeText({ error: AUTH_TEXTS.emailRequired })
    .trim()
    .max(254, AUTH_TEXTS.emailInvalid)
    .pipe(z.union([z.literal(''), z.email(AUTH_TEXTS.emailInvalid)]))
    .optional(),
});
export type TCreateReportRequest = z.input<typeof ZCreateReportRequest>;

export const ZCreateReportResponse = z.object({
  success: z.literal(true),
  reference: z.string(),
  /** Intimate-image reports only: when the 48 hours end, as `Date.toISOString()` writes it. */
  dueAt: z.string().nullable(),
});
export type TCreateReportResponse = z.infer<typeof ZCreateReportResponse>;

// The operators' console.

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export const OPERATOR_ACTIONS = [
  'hide_post',
  'hide_page',
  'suspend_account',
  'dismiss',
  'review_refusal',
] as const;
export type TOperatorActionName = (typeof OPERATOR_ACTIONS)[number];

export const OPERATOR_TEXTS = {
  title: 'Operator console',
  openReports: 'Open reports',
  noOpenReports: 'No open reports',
  refusals: 'Refusals to review',
  noRefusals: 'Nothing to review',
  auditLog: 'Audit log',
  noAudit: 'No actions yet',
  hidePost: 'Hide the post',
  hidePage: 'Hide the page',
  suspend: 'Suspend the account',
  dismiss: 'Dismiss',
  markReviewed: 'Mark reviewed',
  note: 'Note',
  noStatement: 'No statement',
  /** 409 `REPORT_CLOSED`. */
  reportClosed: 'This report was already acted on or dismissed',
  reportNotFound: 'Report not found',
  refusalNotFound: 'This refusal is not waiting for review',
  /** 400 on Hide the post for a report of a page. */
  noPost: 'This report is about the page, not one of its posts',
} as const;

/** An open report as the queue lists it. */
export const ZOperatorReport = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  handle: z.string(),
  postId: z.string().nullable(),
  reporterEmail: z.string(),
  /** Whether the reporter was signed in. */
  reporterHasAccount: z.boolean(),
  createdAt: z.string(),
  /** Intimate-image reports: when the 48 hours end. */
  dueAt: z.string().nullable(),
  outcome: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type TOperatorReport = z.infer<typeof ZOperatorReport>;

/** GET /api/operator/reports: the open reports, oldest first. */
export const ZOperatorReportsResponse = z.object({
  success: z.literal(true),
  reports: z.array(ZOperatorReport),
});

/** A picture or video of the reported post, with its original behind a signed link. */
export const ZOperatorPostItem = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  thumbnailUrl: z.string(),
  /** Its gallery item's Content Credentials; null when it had none or the item is gone. */
  credentials: ZContentCredentials.nullable(),
});

export const ZOperatorPost = z.object({
  id: z.string(),
  caption: z.string(),
  priceCents: z.number(),
  status: z.string(),
  publishAt: z.string(),
  hidden: z.boolean(),
  sales: z.number(),
  items: z.array(ZOperatorPostItem),
});

/** The persona's latest likeness statement, as its creator made it. */
export const ZConsentRecord = z.object({
  statement: z.enum(['self', 'consent', 'synthetic']),
  statedAt: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  matchScore: z.number().nullable(),
  /** A signed link to the consent document, for operators only; null without one. */
  documentUrl: z.string().nullable(),
  documentName: z.string().nullable(),
});
export type TConsentRecord = z.infer<typeof ZConsentRecord>;

/** GET /api/operator/reports/:id */
export const ZOperatorReportDetailResponse = z.object({
  success: z.literal(true),
  report: ZOperatorReport,
  page: z.object({
    handle: z.string(),
    name: z.string().nullable(),
    published: z.boolean(),
    hidden: z.boolean(),
  }),
  creator: z.object({
    id: z.string(),
    email: z.string(),
    suspended: z.boolean(),
  }),
  /** The reported post; null for a report of the page, or a post deleted since. */
  post: ZOperatorPost.nullable(),
  /** Null: no statement (or the influencer is gone). */
  consent: ZConsentRecord.nullable(),
});
export type TOperatorReportDetailResponse = z.infer<typeof ZOperatorReportDetailResponse>;

/** POST /api/operator/reports/:id/<action>: the operator's note, kept in the audit log. */
export const ZOperatorActionRequest = z.object({
  note: safeText()
    .trim()
    .max(OPERATOR_NOTE_MAX, `Keep the note under ${OPERATOR_NOTE_MAX} characters`)
    .default(''),
});
export type TOperatorActionRequest = z.input<typeof ZOperatorActionRequest>;

/** One row of the audit log. */
export const ZAuditEntry = z.object({
  id: z.number(),
  operatorEmail: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  reportId: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  note: z.string(),
  effects: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZOperatorActionResponse = z.object({
  success: z.literal(true),
  report: ZOperatorReport.nullable(),
  entry: ZAuditEntry,
});

/** GET /api/operator/audit: the latest actions, newest first. */
export const ZAuditLogResponse = z.object({
  success: z.literal(true),
  entries: z.array(ZAuditEntry),
});

/** A refusal waiting for an operator's review. */
export const ZSafetyRefusal = z.object({
  id: z.string(),
  kind: z.enum(['prompt', 'photo', 'output']),
  tool: z.string(),
  prompt: z.string().nullable(),
  estimatedAge: z.number().nullable(),
  userId: z.string().nullable(),
  accountEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type TSafetyRefusal = z.infer<typeof ZSafetyRefusal>;

/** GET /api/operator/refusals: those not reviewed yet, oldest first. */
export const ZSafetyRefusalsResponse = z.object({
  success: z.literal(true),
  refusals: z.array(ZSafetyRefusal),
});

/**
 * 'Overdue by 2 h', '31 h left': what is left of an intimate-image report's 48 hours at `now`,
 * in whole hours (less than an hour left reads '0 h left').
 */
export function reportClock(dueAt: string, now: number = Date.now()): string {
  const hours = (new Date(dueAt).getTime() - now) / 3_600_000;
  if (hours < 0) return `Overdue by ${Math.max(1, Math.floor(-hours))} h`;
  return `${Math.floor(hours)} h left`;
}
