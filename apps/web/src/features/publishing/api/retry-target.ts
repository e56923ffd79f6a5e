import { ZPostResponse, type TPost, type TPublishPlatform } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { replacePost } from './get-posts';
import { invalidatePublishing } from './keys';

export type TRetryTargetInput = { postId: string; platform: TPublishPlatform };

/** POST /api/posts/:id/targets/:platform/retry: 'Try again' on a platform the post failed on. */
export async function retryTarget({ postId, platform }: TRetryTargetInput): Promise<TPost> {
  const answer = await api(`/posts/${encodeURIComponent(postId)}/targets/${platform}/retry`, {
    method: 'POST',
    body: {},
    schema: ZPostResponse,
  });
  return answer.post;
}

export function useRetryTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryTarget,
    onSuccess: (post) => replacePost(queryClient, post),
    onSettled: () => invalidatePublishing(queryClient),
  });
}
