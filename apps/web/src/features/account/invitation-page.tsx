import { INVITATION_ROUTE, WORKSPACE_ROLE_LABELS, WORKSPACE_TEXTS, type TUser } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, UserPlus, Users } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { VerifyEmailBanner } from '../../components/layout/app-shell/verify-email-banner';
import { Button } from '../../components/ui/button';
import { ErrorBanner, errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { hasErrorCode } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format-date';
import { withReturnPath } from '../../lib/return-path';
import { switchWorkspace } from '../../lib/workspaces';
import { useAcceptInvitation, useInvitationPreview } from './api';

/**
 * The page of an invitation link (/invitations/<token>, docs/product/teams.md): who invites the
 * visitor to which workspace, with what role, and for which address. Signed in, 'Join' accepts it
 * and opens the workspace; signed out, signing in or registering comes back here. Accepting
 * needs the invited address, verified: the server says so otherwise, and its words are shown.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { user, loading } = useAuth();
  const preview = useInvitationPreview(token);

  if (preview.isPending || loading) {
    return (
      <AuthCard title="Invitation">
        <div className="flex min-h-24 items-center justify-center">
          <Spinner label="Reading the invitation..." />
        </div>
      </AuthCard>
    );
  }

  if (preview.isError) {
    const gone = hasErrorCode(preview.error, 'INVITATION_NOT_FOUND', 'INVALID_REQUEST');
    return (
      <AuthCard title="Invitation">
        {gone ? (
          <ErrorBanner className="mb-5">{WORKSPACE_TEXTS.invitationNotFound}</ErrorBanner>
        ) : (
          <QueryError
            query={preview}
            title="The invitation could not be read"
            detail={errorText(preview.error, 'Please try again in a moment.')}
            className="mb-5 py-8"
          />
        )}
        <Button asChild size="lg" className="w-full">
          <Link to={user ? '/dashboard' : '/'}>{user ? 'Go to your dashboard' : 'Go to Muse'}</Link>
        </Button>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  const here = `${INVITATION_ROUTE}/${token}`;
  return (
    <AuthCard
      title={`Join ${invitation.workspaceName}`}
      description={
        <>
          {invitation.invitedBy ?? 'Someone'} invited you to join{' '}
          <strong className="font-semibold text-zinc-200">{invitation.workspaceName}</strong> as{' '}
          {WORKSPACE_ROLE_LABELS[invitation.role]}.
        </>
      }
    >
      <div className="mb-6 flex items-start gap-3 rounded-xl border border-ink-700 bg-ink-800/60 px-4 py-3 text-sm text-zinc-300">
        <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
        <p className="min-w-0 wrap-anywhere">
          This invitation is for <strong className="text-zinc-100">{invitation.email}</strong>. It
          works until {formatDate(invitation.expiresAt)}.
        </p>
      </div>
      {user ? (
        <Join token={token} user={user} workspaceName={invitation.workspaceName} here={here} />
      ) : (
        <div className="grid gap-3">
          <Button asChild size="lg" className="w-full">
            <Link to={withReturnPath('/login', here)}>
              <LogIn aria-hidden="true" className="size-4" />
              Sign in
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to={withReturnPath('/register', here)}>
              <UserPlus aria-hidden="true" className="size-4" />
              Create an account
            </Link>
          </Button>
          <p className="text-center text-xs text-zinc-400">
            Use {invitation.email}: you come straight back here.
          </p>
        </div>
      )}
    </AuthCard>
  );
}

function Join({
  token,
  user,
  workspaceName,
  here,
}: {
  token: string;
  user: TUser;
  workspaceName: string;
  here: string;
}) {
  const accept = useAcceptInvitation();
  const { signOut, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function join() {
    try {
      const workspace = await accept.mutateAsync(token);
      switchWorkspace(queryClient, workspace);
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      // The address may have been confirmed in another tab since this one read the session.
      if (hasErrorCode(error, 'INVITATION_EMAIL_MISMATCH')) void refreshUser();
    }
  }

  async function switchAccount() {
    await signOut();
    void navigate(withReturnPath('/login', here));
  }

  return (
    <div className="space-y-4">
      {accept.isError ? <ErrorBanner>{errorText(accept.error)}</ErrorBanner> : null}
      {user.emailVerified ? null : <VerifyEmailBanner user={user} />}
      <Button size="lg" className="w-full" disabled={accept.isPending} onClick={() => void join()}>
        {accept.isPending ? 'Joining...' : `Join ${workspaceName}`}
      </Button>
      <p className="text-center text-sm text-zinc-400 wrap-anywhere">
        Signed in as <span className="font-medium text-zinc-200">{user.email}</span>.{' '}
        <button
          type="button"
          onClick={() => void switchAccount()}
          className="font-medium text-brand-300 hover:text-brand-400 hover:underline"
        >
          Use another account
        </button>
      </p>
    </div>
  );
}
