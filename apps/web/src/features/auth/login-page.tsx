import type { TUser } from '@muse/shared';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  ErrorBanner,
  NoticeBanner,
  UNEXPECTED_ERROR,
  parseFormWith,
  type TFormError,
  Field,
  Input,
} from '../../components/ui/form';
import { useAuth } from '../../lib/auth';
import { AuthCard, AuthLink } from '../../components/layout/auth-card';
import { AuthForm } from './components/auth-form';
import { ContinueWithGoogle } from './components/continue-with-google';
import { PasswordField } from '../../components/ui/form/password-field';
import { SubmitButton } from './components/submit-button';
import {
  homeOf,
  leadsToPost,
  rememberReturnPath,
  returnPathFrom,
  withReturnPath,
} from '../../lib/return-path';

/** The form's schema, loaded when it is first used (docs/decisions/0036-schemas-on-first-use.md). */
const loadSchema = async () => (await import('../../lib/lazy-schemas')).ZLoginRequest;

export function LoginPage() {
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState<TFormError | null>(null);
  const [busy, setBusy] = useState(false);
  const returnPath = returnPathFrom(searchParams, location.state);
  // Where to go once signed in: the return path the page was opened with (`?next=`, e.g. a post
  // to unlock, or the page the route guard sent the visitor away from), else the user's home.
  const destination = (signedIn: TUser) => returnPath ?? homeOf(signedIn);
  // Registering instead keeps only an explicit return path (a fan's post): a new account sent
  // here by the route guard still starts with the onboarding (docs/product/accounts.md).
  const registerPath = withReturnPath('/register', returnPathFrom(searchParams, null));

  // Already signed in (and not in the middle of this page's own sign-in, which navigates itself).
  if (user && !busy) return <Navigate to={destination(user)} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    setBusy(true);
    const parsed = await parseFormWith(
      loadSchema,
      {
        email: data.get('email'),
        password: data.get('password'),
        rememberMe: data.get('rememberMe') === 'on',
      },
      form,
      setError,
    );
    if (!parsed) {
      setBusy(false);
      return;
    }
    try {
      const result = await signIn(parsed);
      if (result.success) {
        navigate(destination(result.user), { replace: true });
        return;
      }
      setError({ message: result.error ?? 'Login failed' });
    } catch {
      setError({ message: UNEXPECTED_ERROR });
    }
    setBusy(false);
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);

  return (
    <AuthCard
      title="Sign In"
      description={
        leadsToPost(returnPath)
          ? 'Sign in to unlock the post. You come straight back to it.'
          : 'Welcome back. Sign in to manage your AI influencers.'
      }
      footer={
        <>
          Don&apos;t have an account? <AuthLink to={registerPath}>Create an account</AuthLink>
        </>
      }
    >
      {searchParams.get('reset') === 'success' && !error ? (
        <NoticeBanner className="mb-5">
          Your password has been changed. Sign in with your new password.
        </NoticeBanner>
      ) : null}
      {error ? <ErrorBanner className="mb-5">{error.message}</ErrorBanner> : null}

      <AuthForm onSubmit={submit} loadSchema={loadSchema}>
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
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          invalid={invalid('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          <label className="flex cursor-pointer items-center gap-2 text-zinc-300">
            <input
              type="checkbox"
              name="rememberMe"
              className="size-4 cursor-pointer rounded accent-brand-500"
            />
            Remember me
          </label>
          <Link
            to="/forgot-password"
            className="font-medium text-brand-300 hover:text-brand-400 hover:underline"
          >
            Forgot your password?
          </Link>
        </div>
        <div className="pt-1">
          <SubmitButton busy={busy} busyLabel="Signing In...">
            Sign In
          </SubmitButton>
        </div>
      </AuthForm>

      <ContinueWithGoogle
        returnTo={returnPath}
        disabled={busy}
        onStart={() => {
          setError(null);
          // Google's round-trip leaves the app: the return path waits in this tab's storage.
          rememberReturnPath(returnPath);
        }}
        onError={(message) => setError({ message })}
        describeException={(exception) =>
          `${UNEXPECTED_ERROR}: ${exception instanceof Error ? exception.message : String(exception)}`
        }
      />
    </AuthCard>
  );
}
