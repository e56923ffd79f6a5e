import { AUTH_TEXTS, ZForgotPasswordRequest } from '@muse/shared';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ErrorBanner,
  errorText,
  parseForm,
  type TFormError,
  Field,
  Input,
} from '../../components/ui/form';
import { Button } from '../../components/ui/button';
import { usePublicConfig } from '../../lib/public-config';
import { useRequestPasswordReset } from './api/request-password-reset';
import { AuthCard, AuthLink } from '../../components/layout/auth-card';
import { SubmitButton } from './components/submit-button';

/** How long a mailed reset link works; the server enforces it. */
const RESET_LINK_VALID_FOR = '1 hour';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [error, setError] = useState<TFormError | null>(null);
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    const parsed = parseForm(
      ZForgotPasswordRequest,
      { email: new FormData(form).get('email') },
      form,
      setError,
    );
    if (!parsed) return;
    try {
      await requestReset.mutateAsync(parsed);
      setSubmittedEmail(parsed.email);
    } catch (exception) {
      setError({ message: errorText(exception) });
    }
  }

  if (submittedEmail) return <RequestSubmitted email={submittedEmail} />;

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <AuthLink to="/login">Back to login</AuthLink>
        </>
      }
    >
      {error ? <ErrorBanner className="mb-5">{error.message}</ErrorBanner> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field label="Email" invalid={error?.field === 'email'}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
            />
          )}
        </Field>
        <div className="pt-1">
          <SubmitButton busy={requestReset.isPending} busyLabel="Sending...">
            Request Password Reset
          </SubmitButton>
        </div>
      </form>
    </AuthCard>
  );
}

/** 'Request Submitted': support by e-mail with help within 24 hours, back to login. */
function RequestSubmitted({ email }: { email: string }) {
  const config = usePublicConfig();
  const supportEmail = config.data?.supportEmail;
  return (
    <AuthCard title="Request Submitted">
      <div className="space-y-4 text-sm leading-relaxed text-zinc-300">
        <div className="flex items-start gap-3 rounded-xl border border-ink-700 bg-ink-950/50 p-4">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
          <div className="min-w-0 space-y-1">
            <p className="font-semibold wrap-anywhere text-white">{email}</p>
            <p>
              {AUTH_TEXTS.forgotPasswordAnswer} The link is valid for {RESET_LINK_VALID_FOR}.
            </p>
          </div>
        </div>
        <p className="text-zinc-400">
          No email after a few minutes? Check your spam folder, or contact our support team by email
          at{' '}
          {supportEmail ? (
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium wrap-anywhere text-brand-300 hover:text-brand-400 hover:underline"
            >
              {supportEmail}
            </a>
          ) : (
            <Link
              to="/support"
              className="font-medium text-brand-300 hover:text-brand-400 hover:underline"
            >
              Support
            </Link>
          )}
          . We will help you within 24 hours.
        </p>
        <Button asChild variant="secondary" size="lg" className="w-full">
          <Link to="/login">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to login
          </Link>
        </Button>
      </div>
    </AuthCard>
  );
}
