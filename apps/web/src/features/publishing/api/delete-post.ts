import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidatePublishing } from './keys';

/**
 * DELETE /api/posts/:id: cancels a scheduled post, or takes a published one without buyers off
 * the page (a bought one answers 409).
 */
export async function deletePost(id: string): Promise<void> {
  await api(`/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSettled: () => invalidatePublishing(queryClient),
  });
}
