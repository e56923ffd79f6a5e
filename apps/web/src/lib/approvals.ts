import { ZApprovalsResponse, type TPost } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { PUBLISHING_QUERY_KEY } from './publishing-keys';

/** Under the publishing key: a post made or changed anywhere refreshes the queue. */
export const APPROVALS_QUERY_KEY = [...PUBLISHING_QUERY_KEY, 'approvals'] as const;

/** GET /api/approvals: the open workspace's posts waiting for approval, soonest first. */
export async function getApprovals(signal?: AbortSignal): Promise<TPost[]> {
  return (await api('/approvals', { schema: ZApprovalsResponse, signal })).posts;
}

export function approvalsQuery(userId: string) {
  return queryOptions({
    queryKey: [...APPROVALS_QUERY_KEY, userId],
    queryFn: ({ signal }) => getApprovals(signal),
  });
}

/**
 * The approval queue, for a role that may approve (owner, admin, viewer); an editor is refused
 * it, so `enabled` is false for them and nothing is asked.
 */
export function useApprovals({ enabled }: { enabled: boolean }) {
  const { user } = useAuth();
  return useQuery({ ...approvalsQuery(user?.id ?? ''), enabled: user !== null && enabled });
}
