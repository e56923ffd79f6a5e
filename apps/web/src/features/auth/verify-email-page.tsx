import { AUTH_TEXTS } from '@muse/shared';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ErrorBanner, errorText, NoticeBanner } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useVerifyEmail } from './api/verify-email';
import { AuthCard } from '../../components/layout/auth-card';

/**
 * The page of the link mailed to confirm an address (/verify-email?token=…): sends the token
 * once and says whether it worked. Signed in or not, the link works.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user } = useAuth();
  const verifyEmail = useVerifyEmail();
  const { mutate } = verifyEmail;
  // The link is single use: send it once, also when StrictMode runs effects twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const next = user
    ? { to: '/dashboard', label: 'Go to your dashboard' }
    : { to: '/login', label: 'Sign in' };
  const failure = !token
    ? AUTH_TEXTS.verifyLinkInvalid
    : verifyEmail.isError
      ? errorText(verifyEmail.error)
      : null;

  return (
    <AuthCard title="Confirm your e-mail address">
      {failure ? (
        <ErrorBanner className="mb-5">{failure}</ErrorBanner>
      ) : verifyEmail.isSuccess ? (
        <NoticeBanner className="mb-5">
          {verifyEmail.data.message ?? AUTH_TEXTS.emailVerified}
        </NoticeBanner>
      ) : (
        <div className="flex min-h-24 items-center justify-center">
          <Spinner label="Confirming your e-mail address..." />
        </div>
      )}
      {failure || verifyEmail.isSuccess ? (
        <Button asChild size="lg" className="w-full">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      ) : null}
    </AuthCard>
  );
}
