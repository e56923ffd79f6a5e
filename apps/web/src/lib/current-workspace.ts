import { roleCan, type TWorkspace, type TWorkspaceRight } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth';
import { useOpenWorkspaceId, workspacesQuery } from './workspaces';

/**
 * The workspace the app works in, read with the person's workspace list (the switcher's read,
 * shared), for pages that need the whole answer: its loading and its failure, and the open
 * workspace's role. What the role may not do is hidden or explained, never offered to be refused
 * (docs/product/teams.md, 'Roles').
 */
export function useCurrentWorkspace() {
  const { user } = useAuth();
  const openId = useOpenWorkspaceId();
  const query = useQuery({ ...workspacesQuery(user?.id ?? ''), enabled: user !== null });
  const list = query.data;
  const workspace: TWorkspace | undefined =
    openId !== null
      ? list?.workspaces.find((one) => one.id === openId)
      : (list?.workspaces.find((one) => one.personal) ??
        list?.workspaces.find((one) => one.id === list.current));
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
