import { ZPostResponse, type TPost, type TUpdatePostRequest } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidatePublishing } from './keys';

export type TUpdatePostInput = { id: string; changes: TUpdatePostRequest };

/** PATCH /api/posts/:id: a scheduled post's caption, price and time; a published one's caption. */
export async function updatePost({ id, changes }: TUpdatePostInput): Promise<TPost> {
  const answer = await api(`/posts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: ZPostResponse,
  });
  return answer.post;
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSettled: () => invalidatePublishing(queryClient),
  });
}
