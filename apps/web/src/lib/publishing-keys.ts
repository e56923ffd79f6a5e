import type { QueryClient } from '@tanstack/react-query';
import { WORKSPACE_QUERY_KEY } from './workspace';

/**
 * Pages, posts, earnings and the approval queue live under the workspace key, so deleting an
 * influencer (which takes its page along) refreshes them too; a change to a post refreshes only
 * this key: the calendar, and the queue with its count in the sidebar.
 */
export const PUBLISHING_QUERY_KEY = [...WORKSPACE_QUERY_KEY, 'publishing'] as const;

export function invalidatePublishing(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PUBLISHING_QUERY_KEY });
}
