import { z } from 'zod';
import { WORKSPACE_ROLE_LABELS, WORKSPACE_ROLES, type TWorkspaceRole } from '../workspaces/roles';

/** A workspace the caller belongs to, with their role there (docs/product/teams.md). */
export const ZWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's own workspace, whose id is theirs. */
  personal: z.boolean(),
  role: z.enum(WORKSPACE_ROLES),
  approvalRequired: z.boolean(),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

/** GET /api/workspaces: the caller's workspaces, and the one the request was for. */
export const ZWorkspacesResponse = z.object({
  success: z.literal(true),
  workspaces: z.array(ZWorkspace),
  current: z.string(),
});
export type TWorkspacesResponse = z.infer<typeof ZWorkspacesResponse>;

export const WORKSPACE_TEXTS = {
  /** A call the caller's role in the workspace has no right to (WORKSPACE_ROLE_FORBIDS). */
  roleForbids: (role: TWorkspaceRole) =>
    `${role === 'viewer' ? 'A' : 'An'} ${WORKSPACE_ROLE_LABELS[role].toLowerCase()} of this workspace cannot do this`,
};
