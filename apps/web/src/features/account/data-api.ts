import {
  ZAccountExportResponse,
  ZLatestAccountExportResponse,
  ZSuccessResponse,
  type TAccountExport,
  type TDeleteAccountRequest,
} from '@muse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';

/** The account's newest export, per account, so another account on the same tab never sees it. */
const exportKey = (userId: string) => ['account', 'export', userId] as const;

/** How often an export that is being put together is read again. */
const EXPORT_POLL_MS = 1000;

const working = (data: TAccountExport | null | undefined) =>
  data?.status === 'queued' || data?.status === 'running';

/** GET /api/account/exports: the newest export, read again every second while it is built. */
export function useLatestExport() {
  const { user } = useAuth();
  return useQuery({
    queryKey: exportKey(user?.id ?? ''),
    queryFn: async ({ signal }): Promise<TAccountExport | null> =>
      (await api('/account/exports', { schema: ZLatestAccountExportResponse, signal })).export,
    enabled: user !== null,
    refetchInterval: (query) => (working(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** POST /api/account/exports: starts one, or answers the one already being put together. */
export function useRequestExport() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api('/account/exports', { method: 'POST', schema: ZAccountExportResponse })).export,
    onSuccess: (started) => queryClient.setQueryData(exportKey(user?.id ?? ''), started),
  });
}

/** DELETE /api/account: then this browser's session is gone too. */
export function useDeleteAccount() {
  const { forgetSession } = useAuth();
  return useMutation({
    mutationFn: (request: TDeleteAccountRequest) =>
      api('/account', { method: 'DELETE', body: request, schema: ZSuccessResponse }),
    onSuccess: () => forgetSession(),
  });
}
