import { REGISTER_NAVIGATION_DELAY_MS } from '@muse/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  ErrorBanner,
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
  leadsToPost,
  leadsToPublicPage,
  rememberReturnPath,
  returnPathFrom,
  withReturnPath,
} from '../../lib/return-path';

const legalLinkClass = 'font-medium text-brand-300 hover:text-brand-400 hover:underline';

/** The form's schema, loaded when it is first used (docs/decisions/0036-schemas-on-first-use.md). */
const loadSchema = async () => (await import('../../lib/lazy-schemas')).ZRegisterForm;

export function RegisterPage() {
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A fan sent here to unlock a post goes back to it, not into the creator onboarding.
  const returnPath = returnPathFrom(searchParams, null);
  const destination = returnPath ?? '/onboarding';
  const [error, setError] = useState<TFormError | null>(null);
  const [busy, setBusy] = useState(false);
  const navigationTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(navigationTimer.current), []);

  // Already signed in (and not this page's own sign-up, which navigates after its delay).
  if (user && !busy) return <Navigate to={destination} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    setBusy(true);
    const parsed = await parseFormWith(
      loadSchema,
      {
        fullName: data.get('fullName'),
        email: data.get('email'),
        password: data.get('password'),
        confirmPassword: data.get('confirmPassword'),
        acceptTerms: data.get('acceptTerms') === 'on',
      },
      form,
      setError,
    );
    if (!parsed) {
      setBusy(false);
      return;
    }
    try {
      const { email, password, fullName } = parsed;
      // Signing up on the way to a post makes a fan-only account.
      const fan = leadsToPublicPage(returnPath) || undefined;
      const result = await signUp({ email, password, fullName, fan });
      if (result.success) {
        // Success navigates to /onboarding (or the return path) after 100 ms.
        navigationTimer.current = window.setTimeout(
          () => navigate(destination, { replace: true }),
          REGISTER_NAVIGATION_DELAY_MS,
        );
        return;
      }
      setError({ message: result.error ?? 'Registration failed' });
    } catch {
      setError({ message: UNEXPECTED_ERROR });
    }
    setBusy(false);
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);

  return (
    <AuthCard
      title="Create your account"
      description={
        leadsToPost(returnPath)
          ? 'Create a free account to unlock the post. You come straight back to it.'
          : 'Start creating and monetising your own AI influencers.'
      }
      footer={
        <>
          Already have an account?{' '}
          <AuthLink to={withReturnPath('/login', returnPath)}>Sign in</AuthLink>
        </>
      }
    >
      {error ? <ErrorBanner className="mb-5">{error.message}</ErrorBanner> : null}

      <AuthForm onSubmit={submit} loadSchema={loadSchema}>
        <Field label="Full Name" invalid={error?.field === 'fullName'}>
          {(control) => (
            <Input
              {...control}
              name="fullName"
              autoComplete="name"
              placeholder="Ava Creator"
              required
            />
          )}
        </Field>
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
          autoComplete="new-password"
          invalid={invalid('password')}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          invalid={invalid('confirmPassword')}
        />
        <label className="flex cursor-pointer items-start gap-2.5 text-sm text-zinc-300">
          <input
            type="checkbox"
            name="acceptTerms"
            required
            aria-invalid={invalid('acceptTerms')}
            className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-500"
          />
          <span>
            I agree to the{' '}
            <Link to="/terms" target="_blank" className={legalLinkClass}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" target="_blank" className={legalLinkClass}>
              Privacy Policy
            </Link>
          </span>
        </label>
        <div className="pt-1">
          <SubmitButton busy={busy} busyLabel="Creating Account...">
            Create Account
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
        describeException={() => UNEXPECTED_ERROR}
      />
    </AuthCard>
  );
}
