import { ACCOUNT_TEXTS } from '@muse/shared';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ErrorBanner, errorText, NoticeBanner } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from '../../components/layout/auth-card';
import { useConfirmEmailChange } from './api';

/**
 * The page of the link mailed to a new address (/confirm-email?token=…): sends the token once
 * and says whether the address changed. Signed in or not, the link works.
 */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your new e-mail address');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user } = useAuth();
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  // The link is single use: send it once, also when StrictMode runs effects twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = user
    ? { to: '/settings', label: 'Back to your settings' }
    : { to: '/login', label: 'Sign in' };
  const failure = !token
    ? ACCOUNT_TEXTS.emailChangeLinkInvalid
    : confirm.isError
      ? errorText(confirm.error)
      : null;

  return (
    <AuthCard title="Confirm your new e-mail address">
      {failure ? (
        <ErrorBanner className="mb-5">{failure}</ErrorBanner>
      ) : confirm.isSuccess ? (
        <NoticeBanner className="mb-5">
          {confirm.data.message ?? ACCOUNT_TEXTS.emailChanged}
        </NoticeBanner>
      ) : (
        <div className="flex min-h-24 items-center justify-center">
          <Spinner label="Changing your e-mail address..." />
        </div>
      )}
      {failure || confirm.isSuccess ? (
        <Button asChild size="lg" className="w-full">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      ) : null}
    </AuthCard>
  );
}
