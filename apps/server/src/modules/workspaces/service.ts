import {
  canManageMember,
  INVITATION_DAYS,
  isUuid,
  LIVE_SUBSCRIPTION_STATUSES,
  planLabel,
  workspaceDisplayName,
  WORKSPACE_SEATS,
  WORKSPACE_TEXTS,
  type TCreateWorkspaceRequest,
  type TInviteRequest,
  type TUpdateWorkspaceRequest,
  type TWorkspace,
  type TWorkspaceInvitation,
  type TWorkspaceMember,
  type TWorkspaceRole,
  type TWorkspaceTeamResponse,
} from '@muse/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable, TTransaction } from '../../db/client';
import {
  subscriptions,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { queueAccountMail } from '../auth/mail-queue';
import { isEmailVerified } from '../auth/service';
import type { TRequestWorkspace } from '../../plugins/auth';
import { recordActivity } from './activity';

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** The live plan of a workspace, as its seats and label read it. */
const livePlan = () =>
  sql<string | null>`(select ${subscriptions.plan} from ${subscriptions}
    where ${subscriptions.workspaceId} = ${workspaces.id}
      and ${inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])}
    order by ${subscriptions.createdAt} desc limit 1)`;

/**
 * The workspaces `userId` belongs to, in the order they joined. Another person's personal
 * workspace is named after its owner, so two 'Personal workspace's never stand side by side.
 */
export async function listWorkspaces(db: TQueryable, userId: string): Promise<TWorkspace[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      personal: workspaces.personal,
      role: workspaceMembers.role,
      approvalRequired: workspaces.approvalRequired,
      plan: livePlan(),
      ownerName: sql<
        string | null
      >`(select ${users.fullName} from ${users} where ${users.id} = ${workspaces.id})`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt));
  return rows.map((row) => toWorkspace(row, userId));
}

function toWorkspace(
  row: {
    id: string;
    name: string;
    personal: boolean;
    role: TWorkspaceRole;
    approvalRequired: boolean;
    plan: string | null;
    ownerName: string | null;
  },
  userId: string,
): TWorkspace {
  const own = row.personal && row.id === userId;
  const plan = row.plan as TWorkspace['plan'];
  return {
    id: row.id,
    name: workspaceDisplayName({ ...row, ownerName: own ? null : row.ownerName }),
    personal: own,
    role: row.role,
    approvalRequired: row.approvalRequired,
    plan,
    planLabel: planLabel(plan),
  };
}

async function workspaceFor(db: TQueryable, workspaceId: string, userId: string) {
  const found = (await listWorkspaces(db, userId)).find((one) => one.id === workspaceId);
  if (!found) throw notFound('There is no such workspace.', 'WORKSPACE_NOT_FOUND');
  return found;
}

/** A team workspace, its maker its owner. */
export async function createWorkspace(
  db: TDatabase,
  userId: string,
  request: TCreateWorkspaceRequest,
): Promise<TWorkspace> {
  const id = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(workspaces)
      .values({ name: request.name })
      .returning({ id: workspaces.id });
    await tx.insert(workspaceMembers).values({ workspaceId: made!.id, userId, role: 'owner' });
    await recordActivity(tx, made!.id, userId, 'created', 'workspace', made!.id, request.name);
    return made!.id;
  });
  return workspaceFor(db, id, userId);
}

/** Renames the open workspace, or turns approval of editors' posts on or off. */
export async function updateWorkspace(
  db: TDatabase,
  at: TRequestWorkspace,
  userId: string,
  request: TUpdateWorkspaceRequest,
): Promise<TWorkspace> {
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({
        ...(request.name !== undefined ? { name: request.name } : {}),
        ...(request.approvalRequired !== undefined
          ? { approvalRequired: request.approvalRequired }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(workspaces.id, at.id));
    const what = [
      request.name !== undefined ? `renamed it ${request.name}` : null,
      request.approvalRequired !== undefined
        ? `turned approval ${request.approvalRequired ? 'on' : 'off'}`
        : null,
    ].filter(Boolean);
    if (what.length)
      await recordActivity(tx, at.id, userId, 'changed', 'workspace', at.id, what.join(', '));
  });
  return workspaceFor(db, at.id, userId);
}

/** Seats the workspace's plan includes, and those members and open invitations take. */
async function seatsOf(db: TQueryable, workspaceId: string) {
  // Written out: a select of one table leaves its columns unqualified, which the subqueries
  // would read as their own.
  const { rows } = await db.execute<{ plan: string | null; members: number; invited: number }>(
    sql`select
      (select s.plan from subscriptions s
        where s.workspace_id = w.id and s.status in (${sql.join(
          LIVE_SUBSCRIPTION_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        order by s.created_at desc limit 1) as plan,
      (select count(*)::int from workspace_members m where m.workspace_id = w.id) as members,
      (select count(*)::int from workspace_invitations i
        where i.workspace_id = w.id and i.accepted_at is null and i.expires_at > now()) as invited
      from workspaces w where w.id = ${workspaceId}`,
  );
  const row = rows[0];
  const plan = (row?.plan ?? null) as TWorkspace['plan'];
  return {
    plan,
    included: WORKSPACE_SEATS[plan ?? 'free'],
    used: (row?.members ?? 0) + (row?.invited ?? 0),
  };
}

/** The open workspace's members, open invitations and seats. */
export async function workspaceTeam(
  db: TQueryable,
  at: TRequestWorkspace,
  userId: string,
): Promise<Omit<TWorkspaceTeamResponse, 'success'>> {
  const [workspace, memberRows, invitationRows, seats] = await Promise.all([
    workspaceFor(db, at.id, userId),
    db
      .select({
        userId: workspaceMembers.userId,
        fullName: users.fullName,
        email: users.email,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, at.id))
      .orderBy(asc(workspaceMembers.createdAt)),
    openInvitations(db, at.id),
    seatsOf(db, at.id),
  ]);
  const members: TWorkspaceMember[] = memberRows.map((row) => ({
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    you: row.userId === userId,
  }));
  return {
    workspace,
    members,
    invitations: invitationRows,
    seats: { included: seats.included, used: seats.used },
  };
}

async function openInvitations(db: TQueryable, workspaceId: string) {
  const rows = await db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedBy: users.fullName,
      createdAt: workspaceInvitations.createdAt,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
  return rows.map(toInvitation);
}

function toInvitation(row: {
  id: string;
  email: string;
  role: TWorkspaceRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}): TWorkspaceInvitation {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The workspace's row, locked: member and invitation changes of one workspace queue on it. */
async function lockWorkspace(tx: TTransaction, workspaceId: string) {
  await tx.execute(
    sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`,
  );
}

const ownersByOwners = () =>
  new AppError(403, WORKSPACE_TEXTS.ownersByOwners, 'WORKSPACE_ROLE_FORBIDS');

/**
 * Invites `request.email` into the open workspace with a role the inviter may give, within the
 * plan's seats; the link is mailed (a one-time token, valid INVITATION_DAYS days, made by the
 * mail's worker so no secret waits in the queue).
 */
export async function inviteMember(
  db: TDatabase,
  at: TRequestWorkspace,
  userId: string,
  request: TInviteRequest,
): Promise<TWorkspaceInvitation> {
  if (!canManageMember(at.role, request.role)) throw ownersByOwners();
  const id = await db.transaction(async (tx) => {
    await lockWorkspace(tx, at.id);
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(
        and(eq(workspaceMembers.workspaceId, at.id), sql`lower(${users.email}) = ${request.email}`),
      );
    if (member) throw conflict(WORKSPACE_TEXTS.alreadyMember, 'ALREADY_MEMBER');
    const open = await openInvitations(tx, at.id);
    if (open.some((one) => one.email === request.email))
      throw conflict(WORKSPACE_TEXTS.alreadyInvited, 'ALREADY_INVITED');
    const seats = await seatsOf(tx, at.id);
    if (seats.used >= seats.included)
      throw conflict(WORKSPACE_TEXTS.seatsFull(seats.included, seats.plan), 'SEATS_FULL');
    const [made] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: at.id,
        email: request.email,
        role: request.role,
        // Replaced by the link's own token when the mail goes out.
        tokenHash: hashToken(randomToken()),
        invitedBy: userId,
        expiresAt: new Date(Date.now() + INVITATION_MS),
      })
      .returning({ id: workspaceInvitations.id });
    await queueAccountMail(tx, { kind: 'workspace-invitation', invitationId: made!.id });
    await recordActivity(
      tx,
      at.id,
      userId,
      'invited',
      'member',
      made!.id,
      `${request.email} as ${request.role}`,
    );
    return made!.id;
  });
  const invitation = (await openInvitations(db, at.id)).find((one) => one.id === id);
  return invitation!;
}

/** Withdraws an open invitation; its link stops working. */
export async function withdrawInvitation(
  db: TDatabase,
  at: TRequestWorkspace,
  userId: string,
  invitationId: string,
): Promise<void> {
  if (!isUuid(invitationId)) throw invitationNotFound();
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ role: workspaceInvitations.role, email: workspaceInvitations.email })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.id, invitationId),
          eq(workspaceInvitations.workspaceId, at.id),
          isNull(workspaceInvitations.acceptedAt),
        ),
      );
    if (!invitation) throw invitationNotFound();
    if (!canManageMember(at.role, invitation.role)) throw ownersByOwners();
    await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.id, invitationId));
    await recordActivity(tx, at.id, userId, 'withdrew', 'member', invitationId, invitation.email);
  });
}

const invitationNotFound = () =>
  notFound(WORKSPACE_TEXTS.invitationNotFound, 'INVITATION_NOT_FOUND');

/** An open invitation found by its link's token. */
async function invitationByToken(db: TQueryable, token: string) {
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      personal: workspaces.personal,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedBy: users.fullName,
      expiresAt: workspaceInvitations.expiresAt,
      ownerName: sql<
        string | null
      >`(select u.full_name from users u where u.id = ${workspaces.id} and ${workspaces.personal})`,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.tokenHash, hashToken(token)),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw invitationNotFound();
  const { ownerName, ...found } = row;
  return {
    ...found,
    workspaceName: workspaceDisplayName({
      name: row.workspaceName,
      personal: row.personal,
      ownerName,
    }),
  };
}

/** What an invitation link offers, for its page. */
export async function previewInvitation(db: TQueryable, token: string) {
  const found = await invitationByToken(db, token);
  return {
    workspaceName: found.workspaceName,
    role: found.role,
    email: found.email,
    invitedBy: found.invitedBy,
    expiresAt: found.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation for the signed-in person, whose verified address must be the invited
 * one: the membership is made and the link used up, once, also when clicked twice at once.
 */
export async function acceptInvitation(
  db: TDatabase,
  user: { id: string; email: string; verifiedEmail: string | null },
  token: string,
): Promise<TWorkspace> {
  const found = await invitationByToken(db, token);
  if (!isEmailVerified(user) || user.email.toLowerCase() !== found.email)
    throw new AppError(
      403,
      WORKSPACE_TEXTS.invitationEmail(found.email),
      'INVITATION_EMAIL_MISMATCH',
    );
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, found.workspaceId);
    const [used] = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(workspaceInvitations.id, found.id), isNull(workspaceInvitations.acceptedAt)))
      .returning({ id: workspaceInvitations.id });
    if (!used) throw invitationNotFound();
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: found.workspaceId, userId: user.id, role: found.role })
      .onConflictDoNothing();
    await recordActivity(
      tx,
      found.workspaceId,
      user.id,
      'joined',
      'member',
      user.id,
      `as ${found.role}`,
    );
  });
  return workspaceFor(db, found.workspaceId, user.id);
}

/** A member's row in the open workspace, locked with the workspace. */
async function memberOf(tx: TTransaction, workspaceId: string, userId: string) {
  if (!isUuid(userId)) throw memberNotFound();
  const [member] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!member) throw memberNotFound();
  return member;
}

const memberNotFound = () => notFound(WORKSPACE_TEXTS.memberNotFound, 'MEMBER_NOT_FOUND');

/** Whether the workspace has an owner besides `userId`. */
async function otherOwner(tx: TTransaction, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'owner'),
        ne(workspaceMembers.userId, userId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

const lastOwner = () => conflict(WORKSPACE_TEXTS.lastOwner, 'LAST_OWNER');

/** Gives a member another role; the last owner keeps theirs. */
export async function changeMemberRole(
  db: TDatabase,
  at: TRequestWorkspace,
  userId: string,
  memberId: string,
  role: TWorkspaceRole,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, at.id);
    const member = await memberOf(tx, at.id, memberId);
    if (!canManageMember(at.role, member.role) || !canManageMember(at.role, role))
      throw ownersByOwners();
    if (member.role === role) return;
    if (member.role === 'owner' && !(await otherOwner(tx, at.id, memberId))) throw lastOwner();
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, at.id), eq(workspaceMembers.userId, memberId)));
    await recordActivity(
      tx,
      at.id,
      userId,
      'changed',
      'member',
      memberId,
      `${member.role} to ${role}`,
    );
  });
}

/**
 * Removes a member, or lets one leave: their access to the workspace ends at once on every
 * instance (the membership's row goes, and the database announces it). The last owner stays,
 * and a personal workspace keeps its own owner.
 */
export async function removeMember(
  db: TDatabase,
  at: TRequestWorkspace,
  userId: string,
  memberId: string,
): Promise<void> {
  const leaving = memberId === userId;
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, at.id);
    const member = await memberOf(tx, at.id, memberId);
    if (memberId === at.id) throw conflict(WORKSPACE_TEXTS.personalLeave, 'LAST_OWNER');
    if (!leaving && !canManageMember(at.role, member.role)) throw ownersByOwners();
    if (member.role === 'owner' && !(await otherOwner(tx, at.id, memberId))) throw lastOwner();
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, at.id), eq(workspaceMembers.userId, memberId)));
    await recordActivity(tx, at.id, userId, leaving ? 'left' : 'removed', 'member', memberId, '');
  });
}
