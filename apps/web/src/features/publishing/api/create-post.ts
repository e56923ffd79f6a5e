import { ZPostResponse, type TCreatePostRequest, type TPost } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidatePublishing } from './keys';

/** POST /api/posts: a post from gallery items, published now (`publishAt` null) or scheduled. */
export async function createPost(request: TCreatePostRequest): Promise<TPost> {
  return (await api('/posts', { method: 'POST', body: request, schema: ZPostResponse })).post;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSettled: () => invalidatePublishing(queryClient),
  });
}
