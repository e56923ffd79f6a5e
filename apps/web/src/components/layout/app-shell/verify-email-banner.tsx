import { AUTH_TEXTS, type TSuccessResponse, type TUser } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { api } from '../../../lib/api';
import { Button } from '../../ui/button';
import { errorText } from '../../ui/form';

/**
 * Shown by the shell above every signed-in page until the account's address is confirmed, with
 * a button that mails the link again. The account works all the same
 * (docs/decisions/0022-email-verification-and-google-linking.md).
 */
export function VerifyEmailBanner({ user }: { user: TUser }) {
  const resend = useMutation({
    mutationFn: () => api<TSuccessResponse>('/auth/verify-email/resend', { method: 'POST' }),
  });

  const answer = resend.isSuccess
    ? resend.data.message
    : resend.isError
      ? errorText(resend.error)
      : null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="wrap-anywhere">
            {AUTH_TEXTS.verifyBanner} <strong className="font-semibold">{user.email}</strong>.
          </p>
          {answer ? <p className={resend.isError ? 'text-red-200' : undefined}>{answer}</p> : null}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 self-start sm:self-auto"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending...' : AUTH_TEXTS.verifyBannerResend}
      </Button>
    </div>
  );
}
