import { ZJobsResponse, type TJobsResponse, type TJobTool } from '@muse/shared';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** GET /api/jobs?tool=…: a page of the account's jobs of one tool, newest first. */
export async function listJobs(
  tool: TJobTool,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TJobsResponse> {
  const query = new URLSearchParams({ tool });
  if (cursor) query.set('cursor', cursor);
  return api(`/jobs?${query.toString()}`, { schema: ZJobsResponse, signal });
}

const loadedJobs = (data: InfiniteData<TJobsResponse>) => data.pages.flatMap((page) => page.jobs);

/**
 * A tool's history, a page at a time ('Load more'); `data` is the jobs of the pages loaded.
 * Under the workspace key, so invalidateWorkspace (after a job is queued or finishes) refreshes it.
 */
export function useJobs(tool: TJobTool) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...WORKSPACE_QUERY_KEY, 'jobs', tool, user?.id ?? ''],
    queryFn: ({ pageParam, signal }) => listJobs(tool, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    select: loadedJobs,
    enabled: user !== null,
  });
}
