import { z } from 'zod';
import { WORKSPACE_ROLES } from '../workspaces/roles';

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
