import {
  AUTH_TEXTS,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXTS,
  ZCreateReportRequest,
  type TCreateReportResponse,
  type TReportReason,
} from '@muse/shared';
import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import {
  ErrorBanner,
  errorText,
  Field,
  Input,
  parseForm,
  Textarea,
  type TFormError,
} from '../../../components/ui/form';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useCreateReport } from '../api/create-report';

/**
 * The report dialog (docs/product/reports-and-takedown.md): what is wrong (one of five reasons),
 * details if any, and the visitor's e-mail address (a signed-in account with a confirmed address
 * is answered at it). Once sent, it shows the reference number that was also mailed.
 */
export function ReportDialog({
  handle,
  postId,
  onClose,
}: {
  handle: string;
  postId?: string;
  onClose: () => void;
}) {
  const [sent, setSent] = useState<TCreateReportResponse | null>(null);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={
          sent ? REPORT_TEXTS.sent : postId ? REPORT_TEXTS.reportPost : REPORT_TEXTS.reportPage
        }
      >
        {sent ? (
          <ReportSent sent={sent} onClose={onClose} />
        ) : (
          <ReportForm handle={handle} postId={postId} onSent={setSent} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  handle,
  postId,
  onSent,
}: {
  handle: string;
  postId?: string;
  onSent: (sent: TCreateReportResponse) => void;
}) {
  const { user } = useAuth();
  const askEmail = !user?.emailVerified;
  const create = useCreateReport();
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [error, setError] = useState<TFormError | null>(null);
  const legendId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    const email = String(data.get('email') ?? '').trim();
    const request = parseForm(
      ZCreateReportRequest,
      {
        handle,
        postId: postId ?? null,
        reason: reason ?? undefined,
        details: String(data.get('details') ?? ''),
        ...(askEmail ? { email } : {}),
      },
      form,
      setError,
    );
    if (!request) return;
    if (askEmail && !email) {
      setError({ message: AUTH_TEXTS.emailRequired, field: 'email' });
      form.querySelector<HTMLElement>('[name="email"]')?.focus();
      return;
    }
    try {
      onSent(await create.mutateAsync(request));
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.field : undefined;
      setError({ message: errorText(failure, REPORT_TEXTS.failed), field });
    }
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  return (
    <form
      noValidate
      onSubmit={submit}
      // Editing the field an error is about clears it.
      onChange={(event) => {
        const { name } = event.target as EventTarget & { name?: string };
        if (error?.field && name === error.field) setError(null);
      }}
      className="mt-4 space-y-5"
    >
      {error && !error.field ? <ErrorBanner>{error.message}</ErrorBanner> : null}
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-medium text-zinc-300">
          {REPORT_TEXTS.reasonLegend}
        </legend>
        <div className="grid gap-2">
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm text-zinc-100 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400',
                reason === value
                  ? 'border-brand-400 bg-brand-500/10'
                  : 'border-ink-700 hover:border-ink-500',
              )}
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-pink-500"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
        {fieldError('reason') ? (
          <p role="alert" className="text-sm text-red-400">
            {fieldError('reason')}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={REPORT_TEXTS.details}
        hint={REPORT_TEXTS.detailsHint}
        error={fieldError('details')}
      >
        {(control) => (
          <Textarea {...control} name="details" rows={3} maxLength={REPORT_DETAILS_MAX} />
        )}
      </Field>
      {askEmail ? (
        <Field label={REPORT_TEXTS.email} hint={REPORT_TEXTS.emailHint} error={fieldError('email')}>
          {(control) => (
            <Input {...control} name="email" type="email" autoComplete="email" required />
          )}
        </Field>
      ) : null}
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Sending...' : REPORT_TEXTS.submit}
      </Button>
    </form>
  );
}

function ReportSent({ sent, onClose }: { sent: TCreateReportResponse; onClose: () => void }) {
  return (
    <div className="mt-4 space-y-4 text-sm text-zinc-300">
      <p className="flex items-start gap-2">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-300" />
        <span>
          {REPORT_TEXTS.referenceIntro}{' '}
          <strong className="font-mono text-base tracking-wide text-white">{sent.reference}</strong>
        </span>
      </p>
      <p>{REPORT_TEXTS.sentDetail}</p>
      {sent.dueAt ? <p>{REPORT_TEXTS.intimateDetail}</p> : null}
      <Button variant="outline" className="w-full" onClick={onClose}>
        Done
      </Button>
    </div>
  );
}
