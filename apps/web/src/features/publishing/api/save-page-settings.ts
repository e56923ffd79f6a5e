import { ZPageSettingsResponse, type TPageSettings, type TPageSettingsRequest } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageSettingsKey } from './get-page-settings';
import { invalidatePublishing } from './keys';

export type TSavePageSettingsInput = { influencerId: string; settings: TPageSettingsRequest };

/** PUT /api/influencers/:id/page: the handle, the bio and whether the page is published. */
export async function savePageSettings({
  influencerId,
  settings,
}: TSavePageSettingsInput): Promise<TPageSettings | null> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/page`, {
    method: 'PUT',
    body: settings,
    schema: ZPageSettingsResponse,
  });
  return answer.page;
}

export function useSavePageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePageSettings,
    onSuccess: (page, { influencerId }) =>
      queryClient.setQueryData(pageSettingsKey(influencerId), page),
    // The calendar's posts carry the handle, and the composer lists who has a page.
    onSettled: () => invalidatePublishing(queryClient),
  });
}
