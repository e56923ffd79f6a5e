import {
  ZInvitationPreviewResponse,
  ZProfileResponse,
  ZSessionsResponse,
  ZWorkspaceResponse,
  type TInvitationPreviewResponse,
  type TWorkspace,
  type TChangePasswordRequest,
  type TProfile,
  type TProfileResponse,
  type TSession,
  type TSuccessResponse,
  type TUpdateProfileRequest,
} from '@muse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { invalidateWorkspaces } from '../../lib/workspaces';

type TInvitationPreview = TInvitationPreviewResponse['invitation'];

/** The settings' reads, per account, so another account on the same tab never sees them. */
const profileKey = (userId: string) => ['account', 'profile', userId] as const;
const sessionsKey = (userId: string) => ['account', 'sessions', userId] as const;

/** GET /api/users/profile: the account, with a new address waiting to be confirmed. */
export function useProfile() {
  const { user } = useAuth();
  return useQuery({
    queryKey: profileKey(user?.id ?? ''),
    queryFn: async ({ signal }): Promise<TProfile> =>
      (await api('/users/profile', { schema: ZProfileResponse, signal })).data,
    enabled: user !== null,
  });
}

/** GET /api/users/sessions: the account's signed-in browsers. */
export function useSessions() {
  const { user } = useAuth();
  return useQuery({
    queryKey: sessionsKey(user?.id ?? ''),
    queryFn: async ({ signal }): Promise<TSession[]> =>
      (await api('/users/sessions', { schema: ZSessionsResponse, signal })).sessions,
    enabled: user !== null,
  });
}

/** Keeps what the server answered after a change: the profile, and the user the app shows. */
function useKeepProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return (response: TProfileResponse) => {
    const { pendingEmail: _pending, ...user } = response.data;
    queryClient.setQueryData(profileKey(user.id), response.data);
    setUser(user);
  };
}

/** PUT /api/users/profile: the name, or a new address (mailed a link, changed once opened). */
export function useUpdateProfile() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (request: TUpdateProfileRequest) =>
      api<TProfileResponse>('/users/profile', { method: 'PUT', body: request }),
    onSuccess: keep,
  });
}

/** PUT /api/users/password: the other sessions are signed out, so their list is read again. */
export function useChangePassword() {
  const keep = useKeepProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TChangePasswordRequest) =>
      api<TProfileResponse>('/users/password', { method: 'PUT', body: request }),
    onSuccess: (response) => {
      keep(response);
      void queryClient.invalidateQueries({ queryKey: ['account', 'sessions'] });
    },
  });
}

/** DELETE /api/users/sessions/:id, or every other one with `'others'`. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: string) =>
      which === 'others'
        ? api<TSuccessResponse>('/users/sessions/revoke-others', { method: 'POST' })
        : api<TSuccessResponse>(`/users/sessions/${encodeURIComponent(which)}`, {
            method: 'DELETE',
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account', 'sessions'] }),
  });
}

/** POST /api/auth/confirm-email-change: the token of the link mailed to the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<TSuccessResponse>('/auth/confirm-email-change', { method: 'POST', body: { token } }),
    // A signed-in user's address changed (or, in another browser, its session ended).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
  });
}

/**
 * GET /api/invitations/:token: whom an invitation link invites where, readable before signing in.
 * Kept with the person's reads ('account'): joining switches workspace, and must not read the
 * used link again.
 */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['account', 'invitation', token],
    queryFn: async ({ signal }): Promise<TInvitationPreview> =>
      (
        await api(`/invitations/${encodeURIComponent(token)}`, {
          schema: ZInvitationPreviewResponse,
          signal,
        })
      ).invitation,
    enabled: token !== '',
    staleTime: Infinity,
  });
}

/** POST /api/invitations/:token/accept: the person joins; the workspace they joined is answered. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<TWorkspace> =>
      (
        await api(`/invitations/${encodeURIComponent(token)}/accept`, {
          method: 'POST',
          schema: ZWorkspaceResponse,
        })
      ).workspace,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
}
