import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';

/** DELETE /api/influencers/{id}: frees its slot. */
export async function deleteInfluencer(id: string): Promise<void> {
  await api(`/influencers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInfluencer,
    onSuccess: () => invalidateWorkspace(queryClient),
  });
}
