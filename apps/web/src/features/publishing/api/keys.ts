import type { QueryClient } from '@tanstack/react-query';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/**
 * Pages, posts and earnings live under the workspace key, so deleting an influencer (which
 * takes its page along) refreshes them too; a change here refreshes only this key.
 */
export const PUBLISHING_QUERY_KEY = [...WORKSPACE_QUERY_KEY, 'publishing'] as const;

export function invalidatePublishing(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PUBLISHING_QUERY_KEY });
}
