import {
  ZInvitationResponse,
  ZSuccessResponse,
  ZWorkspaceResponse,
  ZWorkspaceTeamResponse,
  type TInviteRequest,
  type TUpdateWorkspaceRequest,
  type TWorkspaceRole,
  type TWorkspaceTeamResponse,
} from '@muse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../lib/workspace';
import { invalidateWorkspaces, switchWorkspace } from '../../lib/workspaces';

/**
 * The open workspace's team: under the workspace's key, so switching drops it and a purchase
 * (more seats) reads it again.
 */
const teamKey = (userId: string) => [...WORKSPACE_QUERY_KEY, 'team', userId] as const;

/** GET /api/workspace/members: the members, open invitations and seats of the open workspace. */
export function useWorkspaceTeam() {
  const { user } = useAuth();
  return useQuery({
    queryKey: teamKey(user?.id ?? ''),
    queryFn: ({ signal }): Promise<TWorkspaceTeamResponse> =>
      api('/workspace/members', { schema: ZWorkspaceTeamResponse, signal }),
    enabled: user !== null,
  });
}

/** After a change to the team: its list is read again. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => queryClient.invalidateQueries({ queryKey: teamKey(user?.id ?? '') });
}

/** PATCH /api/workspace: the name, or whether editors' posts wait for approval. */
export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: async (request: TUpdateWorkspaceRequest) =>
      (await api('/workspace', { method: 'PATCH', body: request, schema: ZWorkspaceResponse }))
        .workspace,
    onSuccess: () => Promise.all([refresh(), invalidateWorkspaces(queryClient)]),
  });
}

/** POST /api/workspace/invitations: the server mails the link. */
export function useInvite() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: async (request: TInviteRequest) =>
      (
        await api('/workspace/invitations', {
          method: 'POST',
          body: request,
          schema: ZInvitationResponse,
        })
      ).invitation,
    onSuccess: refresh,
  });
}

/** DELETE /api/workspace/invitations/:id: the link stops working. */
export function useWithdrawInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/workspace/invitations/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: ZSuccessResponse,
      }),
    onSettled: refresh,
  });
}

/** PATCH /api/workspace/members/:userId */
export function useChangeRole() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TWorkspaceRole }) =>
      api(`/workspace/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
        schema: ZSuccessResponse,
      }),
    onSettled: refresh,
  });
}

/** DELETE /api/workspace/members/:userId: their access ends at once. */
export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (userId: string) =>
      api(`/workspace/members/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
        schema: ZSuccessResponse,
      }),
    onSuccess: refresh,
  });
}

/**
 * POST /api/workspace/leave. Once out, the app goes back to the personal workspace before any
 * other call (the one left answers 404 from now on); the caller opens the dashboard.
 */
export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => api('/workspace/leave', { method: 'POST', schema: ZSuccessResponse }),
    onSuccess: () => {
      if (user) switchWorkspace(queryClient, { id: user.id, personal: true });
      return invalidateWorkspaces(queryClient);
    },
  });
}
