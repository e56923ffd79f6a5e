import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TPlatformAccountInput } from './connect-platform';
import { invalidatePublishing } from './keys';

/** DELETE /api/influencers/:id/platform-accounts/:platform: gives its access back and forgets it. */
export async function disconnectPlatform({
  influencerId,
  platform,
}: TPlatformAccountInput): Promise<void> {
  await api(`/influencers/${encodeURIComponent(influencerId)}/platform-accounts/${platform}`, {
    method: 'DELETE',
  });
}

export function useDisconnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectPlatform,
    // The accounts, and the posts that name the account's handle.
    onSettled: () => invalidatePublishing(queryClient),
  });
}
