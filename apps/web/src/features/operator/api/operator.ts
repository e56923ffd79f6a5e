import {
  ZAuditLogResponse,
  ZOperatorActionResponse,
  ZOperatorReportDetailResponse,
  ZOperatorReportsResponse,
  ZSafetyRefusalsResponse,
} from '@muse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getStoredToken, hasErrorCode } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

/** The console's reads, under one key per account: signing out or in reads them again. */
const consoleKey = (userId: string) => ['operator', userId] as const;

/** To anyone but an operator the console's API is an unknown address: never retried. */
const retry = (failures: number, error: unknown) =>
  !hasErrorCode(error, 'NOT_FOUND', 'REPORT_NOT_FOUND') && failures < 2;

/** GET /api/operator/reports: the open reports, oldest first. */
export function useOpenReports() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...consoleKey(user?.id ?? ''), 'reports'],
    queryFn: async ({ signal }) =>
      (await api('/operator/reports', { schema: ZOperatorReportsResponse, signal })).reports,
    enabled: user !== null,
    retry,
  });
}

/** GET /api/operator/reports/:id */
export function useReportDetail(reportId: string | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...consoleKey(user?.id ?? ''), 'report', reportId],
    queryFn: ({ signal }) =>
      api(`/operator/reports/${encodeURIComponent(reportId ?? '')}`, {
        schema: ZOperatorReportDetailResponse,
        signal,
      }),
    enabled: user !== null && reportId !== null,
    retry,
  });
}

/** GET /api/operator/refusals: those not reviewed yet, oldest first. */
export function useRefusals() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...consoleKey(user?.id ?? ''), 'refusals'],
    queryFn: async ({ signal }) =>
      (await api('/operator/refusals', { schema: ZSafetyRefusalsResponse, signal })).refusals,
    enabled: user !== null,
    retry,
  });
}

/** GET /api/operator/audit: the latest actions, newest first. */
export function useAuditLog() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...consoleKey(user?.id ?? ''), 'audit'],
    queryFn: async ({ signal }) =>
      (await api('/operator/audit', { schema: ZAuditLogResponse, signal })).entries,
    enabled: user !== null,
    retry,
  });
}

export type TReportAction = 'hide-post' | 'hide-page' | 'suspend' | 'dismiss';

/** POST /api/operator/reports/:id/<action>; every list of the console is read again after. */
export function useReportAction() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      reportId,
      action,
      note,
    }: {
      reportId: string;
      action: TReportAction;
      note: string;
    }) =>
      api(`/operator/reports/${encodeURIComponent(reportId)}/${action}`, {
        method: 'POST',
        body: { note },
        schema: ZOperatorActionResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKey(user?.id ?? '') }),
  });
}

/** POST /api/operator/refusals/:id/review */
export function useReviewRefusal() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refusalId: string) =>
      api(`/operator/refusals/${encodeURIComponent(refusalId)}/review`, {
        method: 'POST',
        body: { note: '' },
        schema: ZOperatorActionResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKey(user?.id ?? '') }),
  });
}

/**
 * The consent document, fetched with the operator's session (it has no public link) and handed
 * to the browser as a download.
 */
export async function downloadConsentDocument(url: string, name: string): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error('The document could not be downloaded');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
