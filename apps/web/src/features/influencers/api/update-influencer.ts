import { ZInfluencerResponse, type TInfluencer } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { influencerFormData, type TInfluencerDraft } from './influencer-form-data';

/** PUT /api/influencers/{id}: the same fields; a new picture replaces the old one. */
export async function updateInfluencer({
  id,
  ...draft
}: TInfluencerDraft & { id: string }): Promise<TInfluencer> {
  const answer = await api(`/influencers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: influencerFormData(draft),
    schema: ZInfluencerResponse,
  });
  return answer.influencer;
}

export function useUpdateInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInfluencer,
    onSuccess: () => invalidateWorkspace(queryClient),
  });
}
