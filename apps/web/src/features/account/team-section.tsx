import {
  canManageMember,
  INVITATION_DAYS,
  roleCan,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLES,
  WORKSPACE_TEXTS,
  ZInviteRequest,
  ZUpdateWorkspaceRequest,
  type TWorkspace,
  type TWorkspaceInvitation,
  type TWorkspaceMember,
  type TWorkspaceRole,
  type TWorkspaceTeamResponse,
} from '@muse/shared';
import { LogOut, MailPlus, Users, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog } from '../../components/ui/confirm-dialog';
import {
  ErrorBanner,
  errorText,
  Field,
  Input,
  NoticeBanner,
  parseForm,
  Select,
  type TFormError,
} from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { initialsOf } from '../../lib/initials';
import { Section } from './settings-section';
import {
  useChangeRole,
  useInvite,
  useLeaveWorkspace,
  useRemoveMember,
  useUpdateWorkspace,
  useWithdrawInvitation,
  useWorkspaceTeam,
} from './team-api';

/** What a form or an action says after it was sent: an error in red, or what was done in green. */
type TOutcome = { error?: TFormError; notice?: string } | null;

function Outcome({ outcome }: { outcome: TOutcome }) {
  if (outcome?.error) return <ErrorBanner className="mb-4">{outcome.error.message}</ErrorBanner>;
  if (outcome?.notice) return <NoticeBanner className="mb-4">{outcome.notice}</NoticeBanner>;
  return null;
}

/** A role in a sentence: 'an editor', 'a viewer'. */
const label = (role: TWorkspaceRole) => WORKSPACE_ROLE_LABELS[role].toLowerCase();
const article = (role: TWorkspaceRole) => (role === 'viewer' ? 'a' : 'an');

/** The roles `role` may give, in the table's order: an owner any, an admin any but owner. */
function rolesGivenBy(role: TWorkspaceRole): TWorkspaceRole[] {
  return WORKSPACE_ROLES.filter((one) => canManageMember(role, one));
}

function seatsLine({ included, used }: TWorkspaceTeamResponse['seats']): string {
  return `${used} of ${included} ${included === 1 ? 'seat' : 'seats'} used`;
}

/**
 * The open workspace's team (docs/product/teams.md): its name and approval setting for an owner,
 * its members with their roles, the seats its plan includes, invitations for those who may
 * invite, and leaving it. What the person's role may not do is not offered; the server refuses
 * it all the same, in words the section shows.
 */
export function TeamSection() {
  const team = useWorkspaceTeam();

  let body;
  if (team.isPending) body = <Spinner label="Loading the team..." className="py-6" />;
  else if (team.isError) {
    body = (
      <QueryError
        query={team}
        title="The team could not be loaded"
        detail={errorText(team.error, 'Please try again in a moment.')}
      />
    );
  } else body = <Team team={team.data} />;

  return (
    <Section
      id="team"
      title="Team"
      icon={<Users aria-hidden="true" className="size-5" />}
      description={
        team.data ? (
          <>
            The people who share{' '}
            <span className="font-medium text-zinc-200">{team.data.workspace.name}</span>: its
            influencers, content, plan and credits. You are {article(team.data.workspace.role)}{' '}
            {label(team.data.workspace.role)} here.
          </>
        ) : (
          'The people who share this workspace.'
        )
      }
    >
      {body}
    </Section>
  );
}

function Team({ team }: { team: TWorkspaceTeamResponse }) {
  const { workspace } = team;
  const role = workspace.role;
  return (
    <div className="space-y-8">
      {roleCan(role, 'settings') ? (
        <WorkspaceSettings workspace={workspace} />
      ) : workspace.approvalRequired ? (
        <p className="rounded-xl border border-ink-800 px-4 py-3 text-sm text-zinc-300">
          {APPROVAL_LABEL} here: an owner, admin or viewer approves each one before it is published.
        </p>
      ) : null}
      <Members team={team} />
      {roleCan(role, 'members') ? <InviteForm team={team} /> : null}
      {team.invitations.length > 0 ? <Invitations team={team} /> : null}
    </div>
  );
}

const APPROVAL_LABEL = 'Editors’ posts wait for approval';

/** The owner's settings: the workspace's name, and whether editors' posts wait for approval. */
function WorkspaceSettings({ workspace }: { workspace: TWorkspace }) {
  const update = useUpdateWorkspace();
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const labelId = useId();
  const hintId = useId();

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    const parsed = parseForm(
      ZUpdateWorkspaceRequest.pick({ name: true }).required(),
      { name: new FormData(form).get('name') },
      form,
      (error) => setOutcome({ error }),
    );
    if (!parsed) return;
    try {
      await update.mutateAsync(parsed);
      setOutcome({ notice: 'The workspace’s name was saved.' });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  async function toggleApproval() {
    setOutcome(null);
    try {
      await update.mutateAsync({ approvalRequired: !workspace.approvalRequired });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  return (
    <div className="space-y-5">
      <Outcome outcome={outcome} />
      <form noValidate onSubmit={rename} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label="Workspace name" invalid={outcome?.error?.field === 'name'}>
            {(control) => (
              <Input
                {...control}
                // A rename elsewhere (another tab, another owner) shows once the team is read again.
                key={workspace.name}
                name="name"
                autoComplete="off"
                defaultValue={workspace.name}
                maxLength={WORKSPACE_NAME_MAX}
                required
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save workspace name'}
        </Button>
      </form>
      <div className="flex items-start justify-between gap-4 rounded-xl border border-ink-800 p-4">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-zinc-100">
            {APPROVAL_LABEL}
          </p>
          <p id={hintId} className="mt-0.5 text-xs text-zinc-400">
            A post an editor makes is published only once an owner, admin or viewer approves it.
            Posts by owners and admins never wait.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={workspace.approvalRequired}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          disabled={update.isPending}
          onClick={() => void toggleApproval()}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors disabled:opacity-50',
            workspace.approvalRequired
              ? 'border-brand-400/50 bg-brand-500'
              : 'border-ink-600 bg-ink-700',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-4.5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
              workspace.approvalRequired ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
    </div>
  );
}

function Members({ team }: { team: TWorkspaceTeamResponse }) {
  const { workspace, members } = team;
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const leave = useLeaveWorkspace();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const [removing, setRemoving] = useState<TWorkspaceMember | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function setRole(member: TWorkspaceMember, role: TWorkspaceRole) {
    setOutcome(null);
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      setOutcome({ notice: `${member.fullName} is now ${article(role)} ${label(role)}.` });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    setOutcome(null);
    try {
      await remove.mutateAsync(removing.userId);
      setOutcome({ notice: `${removing.fullName} was removed from ${workspace.name}.` });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
    setRemoving(null);
  }

  async function confirmLeave() {
    setOutcome(null);
    try {
      await leave.mutateAsync();
      setLeaving(false);
      void navigate('/dashboard');
    } catch (error) {
      setLeaving(false);
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-white">Members</h3>
        <p className="text-sm text-zinc-400">{seatsLine(team.seats)}</p>
      </div>
      <Outcome outcome={outcome} />
      <ul aria-label="Members" className="divide-y divide-ink-800 rounded-xl border border-ink-800">
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            actor={workspace.role}
            // One's own personal workspace is one's own, and the last owner stays: neither leaves.
            canLeave={
              member.you &&
              !workspace.personal &&
              (member.role !== 'owner' || members.filter((one) => one.role === 'owner').length > 1)
            }
            busy={changeRole.isPending || remove.isPending}
            onRole={(role) => void setRole(member, role)}
            onRemove={() => setRemoving(member)}
            onLeave={() => setLeaving(true)}
          />
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={removing !== null}
        title={`Remove ${removing?.fullName ?? ''}?`}
        description={`They lose access to ${workspace.name} at once. What they made stays in the workspace.`}
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove"
        pendingLabel="Removing..."
      />
      <ConfirmDeleteDialog
        open={leaving}
        title={`Leave ${workspace.name}?`}
        description="You lose access to its influencers, content and credits until someone invites you again."
        pending={leave.isPending}
        onConfirm={() => void confirmLeave()}
        onClose={() => setLeaving(false)}
        confirmLabel="Leave workspace"
        pendingLabel="Leaving..."
      />
    </div>
  );
}

function MemberRow({
  member,
  actor,
  canLeave,
  busy,
  onRole,
  onRemove,
  onLeave,
}: {
  member: TWorkspaceMember;
  actor: TWorkspaceRole;
  canLeave: boolean;
  busy: boolean;
  onRole: (role: TWorkspaceRole) => void;
  onRemove: () => void;
  onLeave: () => void;
}) {
  // Nobody changes their own role here: an owner hands over by making another member an owner.
  const manageable = !member.you && canManageMember(actor, member.role);
  return (
    <li
      aria-label={member.fullName}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink-700 text-xs font-semibold text-zinc-200"
        >
          {initialsOf(member.fullName || member.email)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-100">
            <span className="truncate">{member.fullName}</span>
            {member.you ? (
              <span className="rounded-md border border-emerald-400/30 bg-emerald-500/10 px-1.5 py-px text-xs font-semibold text-emerald-300">
                You
              </span>
            ) : null}
          </p>
          <p className="truncate text-sm text-zinc-400">{member.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-12 sm:justify-end sm:pl-0">
        {manageable ? (
          <>
            <Select
              aria-label={`Role of ${member.fullName}`}
              value={member.role}
              disabled={busy}
              onChange={(event) => onRole(event.target.value as TWorkspaceRole)}
              className="h-9 w-32 rounded-lg pr-9 pl-3"
            >
              {rolesGivenBy(actor).map((role) => (
                <option key={role} value={role}>
                  {WORKSPACE_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
            <Button variant="secondary" size="sm" disabled={busy} onClick={onRemove}>
              Remove<span className="sr-only"> {member.fullName}</span>
            </Button>
          </>
        ) : (
          <span className="rounded-md border border-ink-700 bg-ink-800 px-2 py-1 text-xs font-medium text-zinc-300">
            {WORKSPACE_ROLE_LABELS[member.role]}
          </span>
        )}
        {canLeave ? (
          <Button variant="ghost" size="sm" onClick={onLeave}>
            <LogOut aria-hidden="true" className="size-4" />
            Leave workspace
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function InviteForm({ team }: { team: TWorkspaceTeamResponse }) {
  const invite = useInvite();
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const roles = rolesGivenBy(team.workspace.role);
  const full = team.seats.used >= team.seats.included;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setOutcome(null);
    const parsed = parseForm(
      ZInviteRequest,
      { email: data.get('email'), role: data.get('role') },
      form,
      (error) => setOutcome({ error }),
    );
    if (!parsed) return;
    try {
      const invitation = await invite.mutateAsync(parsed);
      setOutcome({ notice: `We mailed an invitation to ${invitation.email}.` });
      form.reset();
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  return (
    <div>
      <h3 className="mb-3 font-semibold text-white">Invite someone</h3>
      {full ? (
        <p className="mb-4 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          {WORKSPACE_TEXTS.seatsFull(team.seats.included, team.workspace.plan)}
          {roleCan(team.workspace.role, 'billing') ? (
            <>
              {' '}
              <Link to="/credits" className="font-medium text-brand-300 hover:underline">
                See the plans
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Outcome outcome={outcome} />
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      >
        <Field label="Email address" invalid={outcome?.error?.field === 'email'}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
              required
            />
          )}
        </Field>
        <Field label="Role" invalid={outcome?.error?.field === 'role'}>
          {(control) => (
            <Select {...control} name="role" defaultValue="editor">
              {roles.map((role) => (
                <option key={role} value={role}>
                  {WORKSPACE_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={invite.isPending}>
          <MailPlus aria-hidden="true" className="size-4" />
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
      <p className="mt-2 text-xs text-zinc-400">
        We mail them a link that works for {INVITATION_DAYS} days, for that address only.
      </p>
    </div>
  );
}

function Invitations({ team }: { team: TWorkspaceTeamResponse }) {
  const withdraw = useWithdrawInvitation();
  const [outcome, setOutcome] = useState<TOutcome>(null);

  async function withdrawOne(invitation: TWorkspaceInvitation) {
    setOutcome(null);
    try {
      await withdraw.mutateAsync(invitation.id);
      setOutcome({ notice: `The invitation to ${invitation.email} was withdrawn.` });
    } catch (error) {
      setOutcome({ error: { message: errorText(error) } });
    }
  }

  return (
    <div>
      <h3 className="mb-3 font-semibold text-white">Open invitations</h3>
      <Outcome outcome={outcome} />
      <ul
        aria-label="Open invitations"
        className="divide-y divide-ink-800 rounded-xl border border-ink-800"
      >
        {team.invitations.map((invitation) => (
          <li
            key={invitation.id}
            aria-label={invitation.email}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-zinc-100">{invitation.email}</p>
              <p className="mt-0.5 text-sm text-zinc-400">
                {WORKSPACE_ROLE_LABELS[invitation.role]}
                {invitation.invitedBy ? ` · Invited by ${invitation.invitedBy}` : ''} · Expires{' '}
                {formatDate(invitation.expiresAt)}
              </p>
            </div>
            {canManageMember(team.workspace.role, invitation.role) ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={withdraw.isPending}
                onClick={() => void withdrawOne(invitation)}
              >
                <X aria-hidden="true" className="size-4" />
                Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
