import { AUTH_TEXTS, ZResetPasswordForm } from '@muse/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBanner, errorText, parseForm, type TFormError } from '../../components/ui/form';
import { Button } from '../../components/ui/button';
import { hasErrorCode, type ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useResetPassword } from './api/reset-password';
import { AuthCard, AuthLink } from '../../components/layout/auth-card';
import { PasswordField } from '../../components/ui/form/password-field';
import { SubmitButton } from './components/submit-button';

/** The server refused the link: used, expired or never issued, or not a token at all. */
function isLinkRefused(error: unknown): error is ApiError {
  return (
    hasErrorCode(error, 'RESET_LINK_INVALID') ||
    (hasErrorCode(error, 'INVALID_REQUEST') && error.field === 'token')
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const { forgetSession } = useAuth();
  const [error, setError] = useState<TFormError | null>(null);
  // The server refused the token: used, expired or never issued.
  const [linkRefused, setLinkRefused] = useState<string | null>(null);

  if (!token || linkRefused) {
    return <InvalidLink message={linkRefused ?? AUTH_TEXTS.resetLinkInvalid} />;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    const parsed = parseForm(
      ZResetPasswordForm,
      {
        password: data.get('password'),
        confirmPassword: data.get('confirmPassword'),
      },
      form,
      setError,
    );
    if (!parsed) return;
    try {
      await resetPassword.mutateAsync({ token, password: parsed.password });
      // The reset signed every session out, this browser's too: it forgets its token, and so
      // does every other tab of it (lib/auth.tsx), before the sign-in page asks for the new one.
      forgetSession();
      navigate('/login?reset=success', { replace: true });
    } catch (exception) {
      if (isLinkRefused(exception)) {
        setLinkRefused(exception.serverError ?? AUTH_TEXTS.resetLinkInvalid);
        return;
      }
      setError({ message: errorText(exception) });
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password of at least 6 characters that you do not use anywhere else."
      footer={
        <>
          Remembered it? <AuthLink to="/login">Back to login</AuthLink>
        </>
      }
    >
      {error ? <ErrorBanner className="mb-5">{error.message}</ErrorBanner> : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          invalid={error?.field === 'password'}
        />
        <PasswordField
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          invalid={error?.field === 'confirmPassword'}
        />
        <div className="pt-1">
          <SubmitButton busy={resetPassword.isPending} busyLabel="Saving...">
            Set New Password
          </SubmitButton>
        </div>
      </form>
    </AuthCard>
  );
}

/** A reset link that cannot be used: say so, and offer a new one. */
function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <>
          Remembered it? <AuthLink to="/login">Back to login</AuthLink>
        </>
      }
    >
      <ErrorBanner className="mb-5">{message}</ErrorBanner>
      <Button asChild size="lg" className="w-full">
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </AuthCard>
  );
}
