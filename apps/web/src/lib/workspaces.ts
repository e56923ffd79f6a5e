import {
  roleCan,
  ZWorkspacesResponse,
  type TWorkspace,
  type TWorkspaceRight,
  type TWorkspaceRole,
  type TWorkspacesResponse,
} from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, getOpenWorkspace, onOpenWorkspaceChange, setOpenWorkspace } from './api';
import { useAuth } from './auth';

/**
 * The person's workspaces and the one the app works in (docs/product/teams.md). The open one is
 * kept by lib/api.ts, which names it on every call; these hooks read it, its role, and what that
 * role may do, so a page hides what the server would refuse.
 */

export const WORKSPACES_QUERY_KEY = ['workspaces'] as const;

/** GET /api/workspaces: the person's workspaces, whichever is open. */
export function workspacesQuery(userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACES_QUERY_KEY, userId],
    queryFn: ({ signal }): Promise<TWorkspacesResponse> =>
      api('/workspaces', { schema: ZWorkspacesResponse, signal }),
  });
}

/** The signed-in person's workspaces, for the switcher. */
export function useWorkspaces() {
  const { user } = useAuth();
  return useQuery({ ...workspacesQuery(user?.id ?? ''), enabled: user !== null });
}

/** After a workspace was made, joined, left or renamed: the switcher reads the list again. */
export function invalidateWorkspaces(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
}

/**
 * The reads that are the person's own whatever workspace is open (the session, the profile and
 * sessions, the onboarding, purchases as a fan, public pages and the marketplace, the list of
 * workspaces itself): they are kept when the workspace changes. Every other read belongs to the
 * workspace it was made in.
 */
const PERSON_QUERY_ROOTS: ReadonlySet<unknown> = new Set([
  'auth',
  'config',
  'account',
  'onboarding',
  'purchases',
  'public-pages',
  'marketplace',
  WORKSPACES_QUERY_KEY[0],
]);

/**
 * Drops every read of the workspace that was open (cancelling those in flight, so no late answer
 * lands in the new one's place) and reads again those a page shows.
 */
export function resetWorkspaceQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => !PERSON_QUERY_ROOTS.has(query.queryKey[0]),
  });
}

/**
 * Opens `workspace` (the personal one when it is the person's own) and drops what the app had
 * read in the one open before. The caller goes on to the dashboard.
 */
export function switchWorkspace(
  queryClient: QueryClient,
  workspace: Pick<TWorkspace, 'id' | 'personal'>,
): void {
  const id = workspace.personal ? null : workspace.id;
  if (id === getOpenWorkspace()) return;
  setOpenWorkspace(id);
  void resetWorkspaceQueries(queryClient);
}

/** The id of the open workspace, or null for the personal one; follows every change. */
export function useOpenWorkspaceId(): string | null {
  return useSyncExternalStore(onOpenWorkspaceChange, getOpenWorkspace, () => null);
}

export type TOpenWorkspace = {
  /** The open workspace as the list has it; undefined until the list is read. */
  workspace: TWorkspace | undefined;
  /** The person's role there; null while it is not known. */
  role: TWorkspaceRole | null;
};

/**
 * The open workspace and the person's role in it. In the personal workspace the person is its
 * owner, known without asking, so a page there shows everything from its first render; another
 * workspace's role is known once the list is read.
 */
export function useOpenWorkspace(): TOpenWorkspace {
  const { user } = useAuth();
  const openId = useOpenWorkspaceId();
  // The personal workspace needs no read: the list is used if another part (the switcher) has it.
  const list = useQuery({
    ...workspacesQuery(user?.id ?? ''),
    enabled: user !== null && openId !== null,
  });
  const workspace = list.data?.workspaces.find((one) =>
    openId === null ? one.personal : one.id === openId,
  );
  return { workspace, role: workspace?.role ?? (openId === null ? 'owner' : null) };
}

/** Whether the person's role in the open workspace has `right` (false while it is not known). */
export function useCan(right: TWorkspaceRight): boolean {
  const { role } = useOpenWorkspace();
  return role !== null && roleCan(role, right);
}
