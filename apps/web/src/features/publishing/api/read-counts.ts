import { ZPostResponse, type TPost } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { replacePost } from './get-posts';
import { platformStatsKey } from './get-platform-stats';

/**
 * POST /api/posts/:id/read-counts: the platforms' views, likes, comments and shares of the post,
 * read now (a POST: the counts are stored, and GETs never write).
 */
export async function readCounts(postId: string): Promise<TPost> {
  const answer = await api(`/posts/${encodeURIComponent(postId)}/read-counts`, {
    method: 'POST',
    body: {},
    schema: ZPostResponse,
  });
  return answer.post;
}

export function useReadCounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readCounts,
    onSuccess: (post) => {
      replacePost(queryClient, post);
      // The influencer's totals per platform sum these counts.
      void queryClient.invalidateQueries({ queryKey: platformStatsKey(post.influencerId) });
    },
  });
}
