import { z } from 'zod';
import { AUTH_TEXTS } from './auth-texts';
import { safeText } from './input';
import { PLAN_KEYS, type TPlanKey } from '../plans';
import { WORKSPACE_ROLE_LABELS, WORKSPACE_ROLES, type TWorkspaceRole } from '../workspaces/roles';

/** The name every account's own workspace starts with. */
export const PERSONAL_WORKSPACE_NAME = 'Personal workspace';

/**
 * A workspace's name as a member sees it: another person's personal workspace, while it keeps
 * its first name, is named after its owner ('Ava Rose’s workspace'), so two 'Personal
 * workspace's never stand side by side.
 */
export function workspaceDisplayName(workspace: {
  name: string;
  personal: boolean;
  /** The personal workspace's owner; null when it is the viewer's own, or not personal. */
  ownerName: string | null;
}): string {
  return workspace.personal && workspace.ownerName && workspace.name === PERSONAL_WORKSPACE_NAME
    ? `${workspace.ownerName}’s workspace`
    : workspace.name;
}

/** A workspace's name as its owner writes it. */
export const WORKSPACE_NAME_MAX = 60;

/** A workspace the caller belongs to, with their role there (docs/product/teams.md). */
export const ZWorkspace = z.object({
  id: z.string(),
  /** Its name; another person's personal workspace is named after them ('Ava Rose's workspace'). */
  name: z.string(),
  /** The caller's own workspace, whose id is theirs. */
  personal: z.boolean(),
  role: z.enum(WORKSPACE_ROLES),
  approvalRequired: z.boolean(),
  /** The workspace's live plan, and its label for the sidebar ('FREE' without one). */
  plan: z.enum(PLAN_KEYS).nullable(),
  planLabel: z.string(),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

/** GET /api/workspaces: the caller's workspaces, and the one the request was for. */
export const ZWorkspacesResponse = z.object({
  success: z.literal(true),
  workspaces: z.array(ZWorkspace),
  current: z.string(),
});
export type TWorkspacesResponse = z.infer<typeof ZWorkspacesResponse>;

/** POST /api/workspaces: a new team workspace, its maker its owner. */
export const ZCreateWorkspaceRequest = z.object({
  name: safeText({ error: 'Name the workspace' })
    .trim()
    .min(1, 'Name the workspace')
    .max(WORKSPACE_NAME_MAX, `A workspace's name is at most ${WORKSPACE_NAME_MAX} characters`),
});
export type TCreateWorkspaceRequest = z.infer<typeof ZCreateWorkspaceRequest>;

/** PATCH /api/workspace: the open workspace's name, and whether editors' posts wait for approval. */
export const ZUpdateWorkspaceRequest = z.object({
  name: ZCreateWorkspaceRequest.shape.name.optional(),
  approvalRequired: z.boolean().optional(),
});
export type TUpdateWorkspaceRequest = z.infer<typeof ZUpdateWorkspaceRequest>;

export const ZWorkspaceResponse = z.object({ success: z.literal(true), workspace: ZWorkspace });
export type TWorkspaceResponse = z.infer<typeof ZWorkspaceResponse>;

/** A member of the open workspace. */
export const ZWorkspaceMember = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
  /** The caller. */
  you: z.boolean(),
});
export type TWorkspaceMember = z.infer<typeof ZWorkspaceMember>;

/** An invitation not yet accepted (nor expired). */
export const ZWorkspaceInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TWorkspaceInvitation = z.infer<typeof ZWorkspaceInvitation>;

/** GET /api/workspace/members: the open workspace's members, invitations and seats. */
export const ZWorkspaceTeamResponse = z.object({
  success: z.literal(true),
  workspace: ZWorkspace,
  members: z.array(ZWorkspaceMember),
  invitations: z.array(ZWorkspaceInvitation),
  /** Seats the plan includes, and those taken by members and open invitations. */
  seats: z.object({ included: z.number().int(), used: z.number().int() }),
});
export type TWorkspaceTeamResponse = z.infer<typeof ZWorkspaceTeamResponse>;

/** POST /api/workspace/invitations */
export const ZInviteRequest = z.object({
  email: safeText({ error: AUTH_TEXTS.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, AUTH_TEXTS.emailRequired)
    .max(254, AUTH_TEXTS.emailInvalid)
    .pipe(z.email(AUTH_TEXTS.emailInvalid)),
  role: z.enum(WORKSPACE_ROLES),
});
export type TInviteRequest = z.infer<typeof ZInviteRequest>;

export const ZInvitationResponse = z.object({
  success: z.literal(true),
  invitation: ZWorkspaceInvitation,
});

/** PATCH /api/workspace/members/{userId} */
export const ZChangeRoleRequest = z.object({ role: z.enum(WORKSPACE_ROLES) });

/** GET /api/invitations/{token}: what an invitation link offers, for its page. */
export const ZInvitationPreviewResponse = z.object({
  success: z.literal(true),
  invitation: z.object({
    workspaceName: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    email: z.string(),
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
  }),
});
export type TInvitationPreviewResponse = z.infer<typeof ZInvitationPreviewResponse>;

/** One line of a workspace's activity: who did what, newest first, kept 90 days. */
export const ZActivityEntry = z.object({
  id: z.string(),
  /** The member's name; null for a program's key, Muse itself, or a member since gone. */
  actor: z.string().nullable(),
  /** 'created', 'changed', 'deleted', 'scheduled', 'published', 'submitted', 'approved', 'returned', 'invited', 'joined', 'removed', 'left'… */
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  summary: z.string(),
  at: z.string(),
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

/** GET /api/workspace/activity?before= : the newest 100 lines before `before`. */
export const ZActivityQuery = z.object({ before: z.iso.datetime({ offset: true }).optional() });
export const ZActivityResponse = z.object({
  success: z.literal(true),
  activity: z.array(ZActivityEntry),
});
export type TActivityResponse = z.infer<typeof ZActivityResponse>;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

const seatsWord = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

export const WORKSPACE_TEXTS = {
  /** A call the caller's role in the workspace has no right to (WORKSPACE_ROLE_FORBIDS). */
  roleForbids: (role: TWorkspaceRole) =>
    `${role === 'viewer' ? 'A' : 'An'} ${WORKSPACE_ROLE_LABELS[role].toLowerCase()} of this workspace cannot do this: ask one of its owners for another role`,
  /** An admin inviting, changing or removing an owner, or making one. */
  ownersByOwners: 'Only an owner can invite, change or remove an owner',
  seatsFull: (included: number, plan: TPlanKey | null) =>
    plan
      ? `This workspace's plan includes ${seatsWord(included)}, all taken: upgrade the plan or remove a member first`
      : 'A workspace without a plan is its owner’s alone: choose a plan to invite people',
  alreadyMember: 'This person is already a member of this workspace',
  alreadyInvited: 'This address already has an open invitation to this workspace',
  lastOwner: 'A workspace keeps at least one owner: make another member an owner first',
  memberNotFound: 'There is no such member of this workspace',
  invitationNotFound: 'This invitation link is invalid, used or expired. Ask for a new one.',
  invitationEmail: (email: string) =>
    `This invitation is for ${email}: sign in with that address, verified, to accept it`,
  personalLeave: 'Your personal workspace is yours: it cannot be left',
  invitationSubject: (inviter: string, workspace: string) =>
    `${inviter} invited you to ${workspace} on Muse`,
  removed: 'You are no longer a member of this workspace',
};
