import {
  roleCan,
  ZWorkspacesResponse,
  type TWorkspace,
  type TWorkspaceRight,
  type TWorkspacesResponse,
} from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { WORKSPACE_QUERY_KEY } from './workspace';

/** GET /api/workspaces: the person's workspaces, and the one their calls are about. */
export async function getWorkspaces(signal?: AbortSignal): Promise<TWorkspacesResponse> {
  return api('/workspaces', { schema: ZWorkspacesResponse, signal });
}

export function workspacesQuery(userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'workspaces', userId],
    queryFn: ({ signal }) => getWorkspaces(signal),
  });
}

/**
 * The workspace the app works in and the person's role there: what the role may not do is
 * hidden or explained, never offered to be refused (docs/product/teams.md, 'Roles').
 */
export function useCurrentWorkspace() {
  const { user } = useAuth();
  const query = useQuery({ ...workspacesQuery(user?.id ?? ''), enabled: user !== null });
  const workspace: TWorkspace | undefined = query.data?.workspaces.find(
    (candidate) => candidate.id === query.data.current,
  );
  return { ...query, workspace };
}

/**
 * Whether the person's role in the open workspace has `right`: undefined until the role is
 * known, so nothing is offered (or refused) before then.
 */
export function useWorkspaceCan(right: TWorkspaceRight): boolean | undefined {
  const { workspace } = useCurrentWorkspace();
  return workspace ? roleCan(workspace.role, right) : undefined;
}
