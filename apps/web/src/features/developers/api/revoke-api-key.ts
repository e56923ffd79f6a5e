import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateApiKeys } from './keys';

/** DELETE /api/api-keys/{id}: revokes the key; programs using it are refused at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await api(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => invalidateApiKeys(queryClient),
  });
}
