import { ZInfluencerResponse, type TInfluencer } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { influencerFormData, type TInfluencerDraft } from './influencer-form-data';

/** POST /api/influencers: takes a free influencer slot (403 when none is left). */
export async function createInfluencer(draft: TInfluencerDraft): Promise<TInfluencer> {
  const answer = await api('/influencers', {
    method: 'POST',
    body: influencerFormData(draft),
    schema: ZInfluencerResponse,
  });
  return answer.influencer;
}

export function useCreateInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInfluencer,
    // The list, the counts and the dashboard all change.
    onSuccess: () => invalidateWorkspace(queryClient),
  });
}
