/**
 * Who may do what in a workspace (docs/product/teams.md): the one table the server's checks and
 * the web's hiding of what a role cannot do both read. A right not listed for a role is refused.
 */
import type { TPlanKey } from '../plans';

export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type TWorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WORKSPACE_ROLE_LABELS: Record<TWorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What a role may be allowed; every route that changes something needs one of these. */
export const WORKSPACE_RIGHTS = [
  /** See everything of the workspace: influencers, gallery, calendar, earnings, activity. */
  'view',
  /** Make, edit and delete content: influencers, personas, products, posts, pages. */
  'edit',
  /** Run tools and training, which spend the workspace's credits. */
  'spend',
  /** Put posts on the calendar and publish them. */
  'schedule',
  /** Approve or send back posts waiting for approval (when the workspace asks for it). */
  'approve',
  /** Invite and remove members (an admin: not owners). */
  'members',
  /** API keys and webhook endpoints for programs. */
  'developers',
  /** Connect and disconnect platform accounts. */
  'platforms',
  /** Plans, credit packs, payouts and the payout account. */
  'billing',
  /** Rename the workspace, turn approval on or off, delete it. */
  'settings',
] as const;
export type TWorkspaceRight = (typeof WORKSPACE_RIGHTS)[number];

export const ROLE_RIGHTS: Record<TWorkspaceRole, readonly TWorkspaceRight[]> = {
  owner: WORKSPACE_RIGHTS,
  admin: ['view', 'edit', 'spend', 'schedule', 'approve', 'members', 'developers', 'platforms'],
  editor: ['view', 'edit', 'spend', 'schedule'],
  viewer: ['view', 'approve'],
};

/** Whether `role` has `right`. */
export function roleCan(role: TWorkspaceRole, right: TWorkspaceRight): boolean {
  return ROLE_RIGHTS[role].includes(right);
}

/**
 * Whether a member of role `actor` may invite, change or remove a member of role `target`: an
 * owner any member, an admin anyone but an owner (nor make one), nobody else anyone.
 */
export function canManageMember(actor: TWorkspaceRole, target: TWorkspaceRole): boolean {
  if (!roleCan(actor, 'members')) return false;
  return actor === 'owner' || target !== 'owner';
}

/**
 * Members a workspace's plan includes, the owner counted (docs/decisions/0055-workspaces.md
 * explains the numbers). Without a plan a workspace is its owner alone.
 */
export const WORKSPACE_SEATS: Record<TPlanKey | 'free', number> = {
  free: 1,
  builder: 2,
  launch: 3,
  growth: 10,
};
