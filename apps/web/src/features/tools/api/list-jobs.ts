import { ZJobsResponse, type TJob, type TJobTool } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** GET /api/jobs?tool=…: the account's jobs of one tool, newest first. */
export async function listJobs(tool: TJobTool, signal?: AbortSignal): Promise<TJob[]> {
  const answer = await api(`/jobs?tool=${encodeURIComponent(tool)}`, {
    schema: ZJobsResponse,
    signal,
  });
  return answer.jobs;
}

// Under the workspace key, so invalidateWorkspace (after a job is queued or finishes) refreshes it.
export function jobsQuery(tool: TJobTool, userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'jobs', tool, userId],
    queryFn: ({ signal }) => listJobs(tool, signal),
  });
}

export function useJobs(tool: TJobTool) {
  const { user } = useAuth();
  return useQuery({ ...jobsQuery(tool, user?.id ?? ''), enabled: user !== null });
}
