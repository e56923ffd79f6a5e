import {
  ACCOUNT_DATA_TEXTS,
  EXPORT_LINK_DAYS,
  FRESH_SIGN_IN_MINUTES,
  type TAccountExport,
  type TProfile,
} from '@muse/shared';
import { Download, FileArchive, Loader2, Trash2, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { ErrorBanner, errorText } from '../../components/ui/form';
import { PasswordField } from '../../components/ui/form/password-field';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { hasErrorCode } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useDeleteAccount, useLatestExport, useRequestExport } from './data-api';
import { Section } from './settings-section';

/*
 * The settings' 'Your data' and 'Delete account' sections (docs/product/data-rights.md): a copy
 * of everything Muse holds about the account, put together by a job and downloaded as a ZIP, and
 * the account's deletion after a dialog that says what goes and what stays.
 */

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Where the newest export stands: its progress, its download, or why it failed. */
function ExportState({ latest }: { latest: TAccountExport }) {
  if (latest.status === 'queued' || latest.status === 'running') {
    return (
      <div className="mb-4" role="status">
        <p className="text-sm text-zinc-200">Putting your data together... {latest.progress}%</p>
        <div
          role="progressbar"
          aria-label="Your data export"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={latest.progress}
          className="mt-2 h-2 overflow-hidden rounded-full bg-ink-800"
        >
          <div
            className="h-full rounded-full bg-brand-500 transition-[width]"
            style={{ width: `${latest.progress}%` }}
          />
        </div>
        <p className="mt-2 text-xs text-zinc-400">
          You can leave this page: we e-mail you a link when it is ready.
        </p>
      </div>
    );
  }
  if (latest.status === 'failed') {
    return (
      <ErrorBanner className="mb-4">
        {latest.failure ?? ACCOUNT_DATA_TEXTS.exportFailed}
      </ErrorBanner>
    );
  }
  if (latest.expired || !latest.downloadUrl) {
    return (
      <p className="mb-4 text-sm text-zinc-400">
        Your last copy, made {dateTime.format(new Date(latest.finishedAt ?? latest.createdAt))}, has
        expired and is deleted.
      </p>
    );
  }
  return (
    <div className="mb-4 rounded-xl border border-emerald-400/30 bg-emerald-500/10 p-4">
      <p className="font-medium text-emerald-200">Your data is ready.</p>
      <a
        href={latest.downloadUrl}
        download
        className="mt-2 inline-flex items-center gap-2 font-medium text-brand-300 hover:text-brand-400 hover:underline"
      >
        <Download aria-hidden="true" className="size-4" />
        Download ZIP{latest.sizeBytes !== null ? ` (${size(latest.sizeBytes)})` : ''}
      </a>
      <p className="mt-1 text-xs text-zinc-400">
        The file and the link we e-mailed you work until{' '}
        {dateTime.format(new Date(latest.expiresAt!))}.
      </p>
    </div>
  );
}

export function ExportSection() {
  const latest = useLatestExport();
  const request = useRequestExport();
  const [error, setError] = useState<string | null>(null);
  const busy =
    request.isPending || latest.data?.status === 'queued' || latest.data?.status === 'running';

  async function start() {
    setError(null);
    try {
      await request.mutateAsync();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Section
      id="your-data"
      title="Your data"
      icon={<FileArchive aria-hidden="true" className="size-5" />}
      description={
        <>
          Download a ZIP of everything Muse holds about your account: your profile and plan, your
          personas and their photos, your gallery, posts and products, your sales, your credit
          history and your purchases. The link works for {EXPORT_LINK_DAYS} days.{' '}
          <Link
            to="/privacy#your-data"
            className="text-brand-300 underline underline-offset-2 hover:text-brand-200"
          >
            What it contains
          </Link>
        </>
      }
    >
      {error ? <ErrorBanner className="mb-4">{error}</ErrorBanner> : null}
      {latest.isPending ? (
        <Spinner label="Loading..." className="py-4" />
      ) : latest.isError ? (
        <QueryError query={latest} title="Your exports could not be loaded" className="mb-4" />
      ) : latest.data ? (
        <ExportState latest={latest.data} />
      ) : null}
      <Button variant="outline" onClick={() => void start()} disabled={busy}>
        {busy ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        Download my data
      </Button>
    </Section>
  );
}

/** What deleting the account does, as the dialog says it (and the privacy policy). */
function WhatHappens() {
  return (
    <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-zinc-300">
      <li>
        Your personas and their photos, your gallery, your posts, your products, your platform
        connections, your API keys and webhooks and your copies of your data are deleted, with their
        files.
      </li>
      <li>Your subscription is cancelled now, and your credits are gone.</li>
      <li>
        Posts fans bought stay visible to those fans only, as the terms promise; they leave every
        public page, and your pages are gone.
      </li>
      <li>
        Earnings still in their 7-day hold, or under $10, cannot be paid out any more. Pay out what
        is available first.
      </li>
      <li>You are signed out everywhere, and you cannot undo this.</li>
    </ul>
  );
}

function DeleteDialog({
  profile,
  open,
  onClose,
}: {
  profile: TProfile;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<{ message: string; signInAgain?: boolean } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const password = new FormData(event.currentTarget).get('password');
    if (profile.hasPassword && !password) {
      setError({ message: ACCOUNT_DATA_TEXTS.passwordRequired });
      return;
    }
    try {
      await remove.mutateAsync(profile.hasPassword ? { password: String(password) } : {});
      toast.success(ACCOUNT_DATA_TEXTS.accountDeleted);
      void navigate('/login', { replace: true });
    } catch (failure) {
      setError({
        message: errorText(failure),
        signInAgain: hasErrorCode(failure, 'FRESH_SIGN_IN_REQUIRED'),
      });
    }
  }

  async function signInAgain() {
    await signOut();
    void navigate('/login');
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next || remove.isPending ? undefined : onClose())}>
      {open ? (
        <DialogContent
          title="Delete your account?"
          description="Everything of your account is deleted for good. This is what happens:"
        >
          <WhatHappens />
          <form noValidate onSubmit={submit} className="mt-5 space-y-4">
            {error ? (
              <ErrorBanner>
                {error.message}
                {error.signInAgain ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      onClick={() => void signInAgain()}
                      className="font-semibold underline"
                    >
                      Sign in again
                    </button>
                  </>
                ) : null}
              </ErrorBanner>
            ) : null}
            {profile.hasPassword ? (
              <PasswordField
                label="Your Password"
                name="password"
                autoComplete="current-password"
                invalid={!!error && !error.signInAgain}
              />
            ) : (
              <p className="text-sm text-zinc-300">
                You sign in with Google, so instead of a password we ask that you signed in within
                the last {FRESH_SIGN_IN_MINUTES} minutes.
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="danger" disabled={remove.isPending}>
                {remove.isPending ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Trash2 aria-hidden="true" className="size-4" />
                )}
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export function DeleteAccountSection({ profile }: { profile: TProfile }) {
  const [open, setOpen] = useState(false);
  return (
    <Section
      id="delete-account"
      title="Delete account"
      icon={<TriangleAlert aria-hidden="true" className="size-5" />}
      description="Deletes your account and everything in it, except the posts fans bought, which stay theirs."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete account
      </Button>
      <DeleteDialog profile={profile} open={open} onClose={() => setOpen(false)} />
    </Section>
  );
}
