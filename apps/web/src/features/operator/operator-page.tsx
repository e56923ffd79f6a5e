import {
  OPERATOR_TEXTS,
  REPORT_REASON_LABELS,
  formatCents,
  publicPagePath,
  reportClock,
  type TAuditEntry,
  type TConsentRecord,
  type TOperatorReport,
  type TOperatorReportDetailResponse,
  type TSafetyRefusal,
} from '@muse/shared';
import { Clock3, ExternalLink, FileDown, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Logo } from '../../components/layout/logo';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { ErrorBanner, errorText, Field, Textarea } from '../../components/ui/form';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { ContentCredentialsSection } from '../../components/workspace/content-credentials';
import { hasErrorCode } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { formatWhen } from '../../lib/media-format';
import {
  downloadConsentDocument,
  useAuditLog,
  useOpenReports,
  useRefusals,
  useReportAction,
  useReportDetail,
  useReviewRefusal,
  type TReportAction,
} from './api/operator';

const STATEMENT_LABELS: Record<TConsentRecord['statement'], string> = {
  self: 'These photos are of me',
  consent: 'I have the written consent of the person shown',
  synthetic: 'These photos are of a synthetic person',
};

const ACTION_LABELS: Record<TAuditEntry['action'], string> = {
  hide_post: OPERATOR_TEXTS.hidePost,
  hide_page: OPERATOR_TEXTS.hidePage,
  suspend_account: OPERATOR_TEXTS.suspend,
  dismiss: OPERATOR_TEXTS.dismiss,
  review_refusal: OPERATOR_TEXTS.markReviewed,
};

/** The clock of an intimate-image report, read again every minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The operators' console, `/operator` (docs/product/reports-and-takedown.md): the open reports
 * oldest first, with the 48-hour clock of intimate-image reports; a report's post, Content
 * Credentials and consent record, and the actions; the refusals to review; the audit log. To
 * anyone but an operator it is what an unknown address is: the app sends them to `/`.
 */
export function OperatorPage() {
  const { user, loading } = useAuth();
  const reports = useOpenReports();
  if (loading || (user && reports.isPending)) return <PageSpinner label="Loading..." />;
  if (!user || hasErrorCode(reports.error, 'NOT_FOUND')) return <Navigate to="/" replace />;
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/[0.06] bg-ink-950/80">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Logo />
          <span className="text-sm font-medium text-zinc-400">{OPERATOR_TEXTS.title}</span>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
        <PageHeading title={OPERATOR_TEXTS.title}>
          Reports are answered oldest first; intimate images shared without consent within 48 hours.
          Every action is kept in the audit log.
        </PageHeading>
        {reports.isError ? (
          <ErrorBanner>{errorText(reports.error, 'The reports could not be loaded')}</ErrorBanner>
        ) : (
          <ReportsSection reports={reports.data ?? []} />
        )}
        <RefusalsSection />
        <AuditSection />
      </main>
    </div>
  );
}

function ReportsSection({ reports }: { reports: TOperatorReport[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const now = useNow();
  const selected = chosen && reports.some((report) => report.id === chosen) ? chosen : null;
  return (
    <section aria-labelledby="open-reports" className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <div className="space-y-3">
        <h2 id="open-reports" className="text-lg font-semibold text-white">
          {OPERATOR_TEXTS.openReports} ({reports.length})
        </h2>
        {reports.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-400">
            {OPERATOR_TEXTS.noOpenReports}
          </p>
        ) : (
          <ul className="space-y-2">
            {reports.map((report) => (
              <li key={report.id}>
                <button
                  type="button"
                  onClick={() => setChosen(report.id)}
                  aria-current={selected === report.id ? 'true' : undefined}
                  className={cn(
                    'w-full space-y-1 rounded-xl border px-3 py-2.5 text-left text-sm transition-colors',
                    selected === report.id
                      ? 'border-brand-400 bg-brand-500/10'
                      : 'border-ink-700 bg-ink-900/70 hover:border-ink-500',
                  )}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium text-white">
                      {REPORT_REASON_LABELS[report.reason]}
                    </span>
                    {report.dueAt ? <ReportClock dueAt={report.dueAt} now={now} /> : null}
                  </span>
                  <span className="block text-zinc-400">
                    @{report.handle} · {report.postId ? 'a post' : 'the page'}
                  </span>
                  <span className="block text-xs text-zinc-400">
                    <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time> ·{' '}
                    <span className="font-mono">{report.reference}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="min-w-0">
        {selected ? (
          <ReportDetail reportId={selected} onDone={() => setChosen(null)} />
        ) : reports.length ? (
          <p className="rounded-2xl border border-dashed border-ink-700 px-4 py-12 text-center text-sm text-zinc-400">
            Choose a report to see the post, its Content Credentials and the consent record.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** '31 h left', or 'Overdue by 2 h' in red. */
function ReportClock({ dueAt, now }: { dueAt: string; now: number }) {
  const text = reportClock(dueAt, now);
  const overdue = text.startsWith('Overdue');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        overdue ? 'bg-red-500/15 text-red-300' : 'bg-amber-500/15 text-amber-200',
      )}
    >
      <Clock3 aria-hidden="true" className="size-3.5" />
      {text}
    </span>
  );
}

function ReportDetail({ reportId, onDone }: { reportId: string; onDone: () => void }) {
  const detail = useReportDetail(reportId);
  if (detail.isPending) return <Spinner label="Loading report..." className="py-12" />;
  if (detail.isError)
    return <ErrorBanner>{errorText(detail.error, 'The report could not be loaded')}</ErrorBanner>;
  return <ReportDetailBody detail={detail.data} onDone={onDone} />;
}

function ReportDetailBody({
  detail,
  onDone,
}: {
  detail: TOperatorReportDetailResponse;
  onDone: () => void;
}) {
  const { report, page, creator, post, consent } = detail;
  return (
    <article
      aria-labelledby="report-heading"
      className="space-y-6 rounded-2xl border border-ink-700 bg-ink-900/70 p-4 sm:p-6"
    >
      <header className="space-y-1">
        <h2 id="report-heading" className="text-xl font-semibold text-white">
          {REPORT_REASON_LABELS[report.reason]} ·{' '}
          <span className="font-mono">{report.reference}</span>
        </h2>
        <p className="text-sm text-zinc-400">
          Reported <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time> by{' '}
          {report.reporterEmail}
          {report.reporterHasAccount ? ' (signed in)' : ''}
        </p>
        {report.details ? (
          <blockquote className="mt-2 border-l-2 border-ink-600 pl-3 text-sm whitespace-pre-line text-zinc-200 wrap-anywhere">
            {report.details}
          </blockquote>
        ) : null}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-400">Page</dt>
        <dd className="text-zinc-100">
          {page.name ? `${page.name} ` : ''}
          <a
            href={publicPagePath(page.handle, report.postId ?? undefined)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-brand-300 hover:underline"
          >
            @{page.handle}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
          {page.hidden ? ' · hidden' : page.published ? '' : ' · not published'}
        </dd>
        <dt className="text-zinc-400">Account</dt>
        <dd className="text-zinc-100 wrap-anywhere">
          {creator.email}
          {creator.suspended ? ' · suspended' : ''}
        </dd>
      </dl>
      {post ? (
        <section aria-labelledby="post-heading" className="space-y-3">
          <h3 id="post-heading" className="font-semibold text-white">
            The reported post{post.hidden ? ' (hidden)' : ''}
          </h3>
          <p className="text-sm text-zinc-400">
            {post.priceCents ? formatCents(post.priceCents) : 'Free'} · {post.sales}{' '}
            {post.sales === 1 ? 'sale' : 'sales'} · {post.status}
          </p>
          {post.caption ? (
            <p className="text-sm whitespace-pre-line text-zinc-200 wrap-anywhere">
              {post.caption}
            </p>
          ) : null}
          <ul className="grid gap-4 sm:grid-cols-2">
            {post.items.map((item) => (
              <li key={item.id} className="space-y-3 rounded-xl border border-ink-700 p-3 text-sm">
                {item.kind === 'video' ? (
                  <video
                    src={item.url}
                    poster={item.thumbnailUrl}
                    controls
                    className="w-full rounded-lg bg-black"
                  />
                ) : (
                  <a href={item.url} target="_blank" rel="noreferrer">
                    <img
                      src={item.url}
                      alt="The reported picture, as its creator made it"
                      className="w-full rounded-lg bg-ink-800 object-contain"
                    />
                  </a>
                )}
                <ContentCredentialsSection item={{ id: item.id, credentials: item.credentials }} />
              </li>
            ))}
          </ul>
        </section>
      ) : report.postId ? (
        <p className="text-sm text-zinc-400">The reported post was deleted since.</p>
      ) : null}
      <ConsentSection reportId={report.id} consent={consent} />
      <ActionsSection detail={detail} onDone={onDone} />
    </article>
  );
}

function ConsentSection({
  reportId,
  consent,
}: {
  reportId: string;
  consent: TConsentRecord | null;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <section aria-labelledby={`consent-${reportId}`} className="space-y-2 text-sm">
      <h3 id={`consent-${reportId}`} className="font-semibold text-white">
        Consent record
      </h3>
      {consent ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-zinc-400">Stated</dt>
          <dd className="text-zinc-100">{STATEMENT_LABELS[consent.statement]}</dd>
          <dt className="text-zinc-400">When</dt>
          <dd className="text-zinc-100">
            <time dateTime={consent.statedAt}>{formatWhen(consent.statedAt)}</time>
          </dd>
          <dt className="text-zinc-400">Verified</dt>
          <dd className="text-zinc-100">
            {consent.verified ? 'Yes' : 'No'}
            {consent.matchScore !== null ? ` · match score ${Math.round(consent.matchScore)}` : ''}
          </dd>
          {consent.documentUrl ? (
            <>
              <dt className="text-zinc-400">Document</dt>
              <dd>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    downloadConsentDocument(
                      consent.documentUrl!,
                      consent.documentName ?? 'consent-document',
                    ).catch(() => setFailed(true))
                  }
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  {consent.documentName ?? 'Download'}
                </Button>
                {failed ? (
                  <p className="mt-1 text-red-400">The document could not be downloaded.</p>
                ) : null}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-zinc-400">{OPERATOR_TEXTS.noStatement}</p>
      )}
    </section>
  );
}

function ActionsSection({
  detail,
  onDone,
}: {
  detail: TOperatorReportDetailResponse;
  onDone: () => void;
}) {
  const act = useReportAction();
  const [note, setNote] = useState('');
  const run = async (action: TReportAction) => {
    try {
      await act.mutateAsync({ reportId: detail.report.id, action, note });
      toast.success(`Done: ${detail.report.reference}`);
      onDone();
    } catch {
      // The banner below says what went wrong.
    }
  };
  const buttons: {
    action: TReportAction;
    label: string;
    variant: 'danger' | 'outline';
    show: boolean;
  }[] = [
    {
      action: 'hide-post',
      label: OPERATOR_TEXTS.hidePost,
      variant: 'danger',
      show: detail.post !== null,
    },
    { action: 'hide-page', label: OPERATOR_TEXTS.hidePage, variant: 'danger', show: true },
    { action: 'suspend', label: OPERATOR_TEXTS.suspend, variant: 'danger', show: true },
    { action: 'dismiss', label: OPERATOR_TEXTS.dismiss, variant: 'outline', show: true },
  ];
  return (
    <section aria-labelledby="actions-heading" className="space-y-3 border-t border-ink-700 pt-5">
      <h3 id="actions-heading" className="flex items-center gap-2 font-semibold text-white">
        <ShieldAlert aria-hidden="true" className="size-4 text-brand-300" />
        Decide
      </h3>
      {act.isError ? <ErrorBanner>{errorText(act.error)}</ErrorBanner> : null}
      <Field label={OPERATOR_TEXTS.note} hint="Kept in the audit log; never mailed.">
        {(control) => (
          <Textarea
            {...control}
            name="note"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        {buttons
          .filter((button) => button.show)
          .map((button) => (
            <Button
              key={button.action}
              variant={button.variant}
              size="sm"
              disabled={act.isPending}
              onClick={() => void run(button.action)}
            >
              {button.label}
            </Button>
          ))}
      </div>
    </section>
  );
}

function RefusalsSection() {
  const refusals = useRefusals();
  const review = useReviewRefusal();
  return (
    <section aria-labelledby="refusals-heading" className="space-y-3">
      <h2 id="refusals-heading" className="text-lg font-semibold text-white">
        {OPERATOR_TEXTS.refusals}
      </h2>
      {refusals.isPending ? (
        <Spinner className="py-6" />
      ) : refusals.isError ? (
        <ErrorBanner>{errorText(refusals.error)}</ErrorBanner>
      ) : refusals.data.length === 0 ? (
        <p className="text-sm text-zinc-400">{OPERATOR_TEXTS.noRefusals}</p>
      ) : (
        <ul className="divide-y divide-ink-700 rounded-2xl border border-ink-700">
          {refusals.data.map((refusal) => (
            <RefusalRow
              key={refusal.id}
              refusal={refusal}
              busy={review.isPending}
              onReview={() => review.mutate(refusal.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RefusalRow({
  refusal,
  busy,
  onReview,
}: {
  refusal: TSafetyRefusal;
  busy: boolean;
  onReview: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium text-white">
          {refusal.kind} · {refusal.tool}
        </p>
        <p className="text-zinc-300 wrap-anywhere">
          {refusal.prompt
            ? `“${refusal.prompt}”`
            : refusal.estimatedAge !== null
              ? `Estimated age ${Math.round(refusal.estimatedAge)}`
              : ''}
        </p>
        <p className="text-xs text-zinc-400">
          {refusal.accountEmail ?? 'deleted account'} ·{' '}
          <time dateTime={refusal.createdAt}>{formatWhen(refusal.createdAt)}</time>
        </p>
      </div>
      <Button variant="outline" size="sm" disabled={busy} onClick={onReview}>
        {OPERATOR_TEXTS.markReviewed}
      </Button>
    </li>
  );
}

function AuditSection() {
  const log = useAuditLog();
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-semibold text-white">
        {OPERATOR_TEXTS.auditLog}
      </h2>
      {log.isPending ? (
        <Spinner className="py-6" />
      ) : log.isError ? (
        <ErrorBanner>{errorText(log.error)}</ErrorBanner>
      ) : log.data.length === 0 ? (
        <p className="text-sm text-zinc-400">{OPERATOR_TEXTS.noAudit}</p>
      ) : (
        <ol
          aria-label={OPERATOR_TEXTS.auditLog}
          className="divide-y divide-ink-700 rounded-2xl border border-ink-700"
        >
          {log.data.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[12rem_1fr]">
              <time dateTime={entry.createdAt} className="text-zinc-400">
                {formatWhen(entry.createdAt)}
              </time>
              <div className="min-w-0 space-y-0.5">
                <p className="text-zinc-100">
                  <span className="font-medium">{ACTION_LABELS[entry.action]}</span> ·{' '}
                  {entry.targetType} <span className="font-mono text-xs">{entry.targetId}</span>
                </p>
                <p className="text-xs text-zinc-400 wrap-anywhere">
                  {entry.operatorEmail}
                  {entry.note ? ` · ${entry.note}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
