import {
  ACCOUNT_TEXTS,
  API_KEY_TEXTS,
  AUTH_TEXTS,
  WEBHOOK_TEXTS,
  ZChangePasswordForm,
  ZUpdateProfileRequest,
  type TProfile,
  type TSession,
} from '@muse/shared';
import {
  BookOpen,
  ChevronRight,
  CodeXml,
  KeyRound,
  Laptop,
  LogOut,
  MailCheck,
  ShieldCheck,
  Smartphone,
  UserRound,
  Webhook,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import {
  ErrorBanner,
  errorText,
  Field,
  focusField,
  Input,
  NoticeBanner,
  parseForm,
  type TFormError,
} from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/workspaces';
import { PasswordField } from '../../components/ui/form/password-field';
import {
  useChangePassword,
  useProfile,
  useRevokeSessions,
  useSessions,
  useUpdateProfile,
} from './api';
import { DeleteAccountSection, ExportSection } from './data-section';
import { Section } from './settings-section';
import { TeamSection } from './team-section';

/**
 * Account settings (/settings, docs/product/accounts.md 'Account settings'): the name, the
 * e-mail (changed once the link mailed to the new address is opened), the password, the
 * signed-in sessions, for a creator the open workspace's team (team-section.tsx) and, for a role
 * that manages them, the way to the developer pages (API keys, webhooks, the API reference), the
 * copy of one's data and the account's deletion (data-section.tsx).
 */
export function SettingsPage() {
  const profile = useProfile();
  const { user } = useAuth();
  // Keys and webhooks are the open workspace's, managed by its owners and admins.
  const developers = useCan('developers');
  return (
    <>
      <PageHeading title="Settings">Your account: how you sign in, and where.</PageHeading>
      {profile.isPending ? (
        <Spinner label="Loading your settings..." className="py-20" />
      ) : profile.isError ? (
        <QueryError
          query={profile}
          title="Your settings could not be loaded"
          detail={errorText(profile.error, 'Please try again in a moment.')}
        />
      ) : (
        <div className="grid max-w-3xl gap-6">
          <NameSection profile={profile.data} />
          <EmailSection profile={profile.data} />
          <PasswordSection profile={profile.data} />
          <SessionsSection />
          {/* A fan-only account has no studio to share, nor one for a program to drive. */}
          {user?.isCreator ? <TeamSection /> : null}
          {user?.isCreator && developers ? <DevelopersSection /> : null}
          <ExportSection />
          <DeleteAccountSection profile={profile.data} />
        </div>
      )}
    </>
  );
}

/** What a form says after it was sent: an error in red, or what was done in green. */
type TOutcome = { error?: TFormError; notice?: string } | null;

function Outcome({ outcome }: { outcome: TOutcome }) {
  if (outcome?.error) return <ErrorBanner className="mb-4">{outcome.error.message}</ErrorBanner>;
  if (outcome?.notice) return <NoticeBanner className="mb-4">{outcome.notice}</NoticeBanner>;
  return null;
}

function NameSection({ profile }: { profile: TProfile }) {
  const update = useUpdateProfile();
  const [outcome, setOutcome] = useState<TOutcome>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    const parsed = parseForm(
      ZUpdateProfileRequest.pick({ fullName: true }).required(),
      { fullName: new FormData(form).get('fullName') },
      form,
      (error) => setOutcome({ error }),
    );
    if (!parsed) return;
    try {
      await update.mutateAsync(parsed);
      setOutcome({ notice: ACCOUNT_TEXTS.nameSaved });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  return (
    <Section id="name" title="Name" icon={<UserRound aria-hidden="true" className="size-5" />}>
      <Outcome outcome={outcome} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label="Full Name" invalid={outcome?.error?.field === 'fullName'}>
            {(control) => (
              <Input
                {...control}
                name="fullName"
                autoComplete="name"
                defaultValue={profile.fullName}
                maxLength={100}
                required
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </form>
    </Section>
  );
}

function EmailSection({ profile }: { profile: TProfile }) {
  const update = useUpdateProfile();
  const [outcome, setOutcome] = useState<TOutcome>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setOutcome(null);
    const parsed = parseForm(
      ZUpdateProfileRequest.pick({ email: true, currentPassword: true }).required({ email: true }),
      { email: data.get('email'), currentPassword: data.get('currentPassword') || undefined },
      form,
      (error) => setOutcome({ error }),
    );
    if (!parsed) return;
    if (parsed.email === profile.email) {
      setOutcome({ error: { message: ACCOUNT_TEXTS.sameEmail, field: 'email' } });
      return;
    }
    if (!parsed.currentPassword) {
      setOutcome({
        error: { message: AUTH_TEXTS.currentPasswordRequired, field: 'currentPassword' },
      });
      focusField(form, 'currentPassword');
      return;
    }
    try {
      const answer = await update.mutateAsync(parsed);
      setOutcome({ notice: answer.message ?? ACCOUNT_TEXTS.emailChangeSent });
      form.reset();
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  return (
    <Section
      id="email"
      title="Email"
      icon={<MailCheck aria-hidden="true" className="size-5" />}
      description={
        <>
          You sign in with <span className="font-medium text-zinc-200">{profile.email}</span>
          {profile.emailVerified ? ' (confirmed).' : ' (not confirmed yet).'}
        </>
      }
    >
      {profile.pendingEmail ? (
        <p className="mb-4 rounded-xl border border-brand-400/30 bg-brand-500/10 px-4 py-3 text-sm text-brand-100 wrap-anywhere">
          Waiting for confirmation: <strong>{profile.pendingEmail}</strong>. Open the link we sent
          there; until then your address stays as it is.
        </p>
      ) : null}
      <Outcome outcome={outcome} />
      {profile.hasPassword ? (
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="New Email" invalid={outcome?.error?.field === 'email'}>
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
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            invalid={outcome?.error?.field === 'currentPassword'}
          />
          <p className="text-xs text-zinc-400">
            We send a link to the new address; your email changes when you open it, and we tell the
            old address.
          </p>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Sending...' : 'Send confirmation link'}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-zinc-300">
          {ACCOUNT_TEXTS.googleManagedEmail} Set a password below to change it here.
        </p>
      )}
    </Section>
  );
}

function PasswordSection({ profile }: { profile: TProfile }) {
  const change = useChangePassword();
  const [outcome, setOutcome] = useState<TOutcome>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setOutcome(null);
    const parsed = parseForm(
      ZChangePasswordForm,
      {
        currentPassword: profile.hasPassword ? data.get('currentPassword') || undefined : undefined,
        newPassword: data.get('newPassword'),
        confirmPassword: data.get('confirmPassword'),
      },
      form,
      (error) => setOutcome({ error }),
    );
    if (!parsed) return;
    if (profile.hasPassword && !parsed.currentPassword) {
      setOutcome({
        error: { message: ACCOUNT_TEXTS.currentPasswordRequired, field: 'currentPassword' },
      });
      focusField(form, 'currentPassword');
      return;
    }
    try {
      const answer = await change.mutateAsync({
        currentPassword: parsed.currentPassword,
        newPassword: parsed.newPassword,
      });
      setOutcome({ notice: answer.message ?? ACCOUNT_TEXTS.passwordChanged });
      form.reset();
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  const field = outcome?.error?.field;
  return (
    <Section
      id="password"
      title={profile.hasPassword ? 'Password' : 'Set a password'}
      icon={<ShieldCheck aria-hidden="true" className="size-5" />}
      description={
        profile.hasPassword
          ? 'Changing it signs out every other session.'
          : 'You sign in with Google. A password lets you sign in with your email as well.'
      }
    >
      <Outcome outcome={outcome} />
      <form noValidate onSubmit={submit} className="space-y-4">
        {profile.hasPassword ? (
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            invalid={field === 'currentPassword'}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            invalid={field === 'newPassword'}
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            invalid={field === 'confirmPassword'}
          />
        </div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending
            ? 'Saving...'
            : profile.hasPassword
              ? 'Change password'
              : 'Set password'}
        </Button>
      </form>
    </Section>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const [outcome, setOutcome] = useState<TOutcome>(null);

  async function signOut(which: string) {
    setOutcome(null);
    try {
      await revoke.mutateAsync(which);
      if (which === 'others') setOutcome({ notice: ACCOUNT_TEXTS.sessionsRevoked });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  let body;
  if (sessions.isPending) body = <Spinner label="Loading sessions..." className="py-6" />;
  else if (sessions.isError) {
    body = (
      <QueryError
        query={sessions}
        title="Your sessions could not be loaded"
        detail={errorText(sessions.error, 'Please try again in a moment.')}
      />
    );
  } else {
    const others = sessions.data.filter((session) => !session.current);
    body = (
      <>
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={revoke.isPending}
              onSignOut={() => void signOut(session.id)}
            />
          ))}
        </ul>
        {others.length > 0 ? (
          <Button
            variant="outline"
            className="mt-4"
            disabled={revoke.isPending}
            onClick={() => void signOut('others')}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign out all other sessions
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Section
      id="sessions"
      title="Signed-in sessions"
      icon={<Laptop aria-hidden="true" className="size-5" />}
      description="Where your account is signed in. Signing one out ends it at once."
    >
      <Outcome outcome={outcome} />
      {body}
    </Section>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: TSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  const phone = /\b(iOS|Android)\b/.test(session.device);
  const Icon = phone ? Smartphone : Laptop;
  return (
    <li
      aria-label={`${session.device}${session.current ? ', this device' : ''}`}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
    >
      <Icon aria-hidden="true" className="hidden size-5 shrink-0 text-zinc-400 sm:block" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-100">
          {session.device}
          {session.current ? (
            <span className="rounded-md border border-emerald-400/30 bg-emerald-500/10 px-1.5 py-px text-xs font-semibold text-emerald-300">
              This device
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm text-zinc-400">
          {session.current
            ? 'Active now'
            : `Last used ${dateTime.format(new Date(session.lastUsedAt))}`}
          {' · '}Signed in {dateTime.format(new Date(session.createdAt))}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" size="sm" disabled={busy} onClick={onSignOut}>
          Sign out
          <span className="sr-only"> {session.device}</span>
        </Button>
      )}
    </li>
  );
}

const developerLinkClass =
  'flex items-center gap-3 rounded-xl border border-ink-800 p-4 transition-colors hover:border-ink-600 hover:bg-ink-800/60';

/**
 * Where programs get in: the API keys and the webhooks, each a page of its own, and the API
 * reference, which the server serves (a plain link, not the app's router).
 */
function DevelopersSection() {
  return (
    <Section
      id="developers"
      title="For developers"
      icon={<CodeXml aria-hidden="true" className="size-5" />}
      description="Let your own programs use Muse: keys to call the API, webhooks to hear back."
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <Link to="/settings/api-keys" className={developerLinkClass}>
            <KeyRound aria-hidden="true" className="size-5 shrink-0 text-brand-300" />
            <span className="min-w-0 flex-1 font-medium text-zinc-100">{API_KEY_TEXTS.title}</span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
          </Link>
        </li>
        <li>
          <Link to="/settings/webhooks" className={developerLinkClass}>
            <Webhook aria-hidden="true" className="size-5 shrink-0 text-brand-300" />
            <span className="min-w-0 flex-1 font-medium text-zinc-100">{WEBHOOK_TEXTS.title}</span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
          </Link>
        </li>
      </ul>
      <p className="mt-4 text-sm">
        <a
          href="/docs/api"
          className="inline-flex items-center gap-1.5 font-medium text-brand-300 hover:text-brand-400 hover:underline"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {API_KEY_TEXTS.reference}
        </a>
      </p>
    </Section>
  );
}
