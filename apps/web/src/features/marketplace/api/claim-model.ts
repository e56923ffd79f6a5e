import { LICENCE_TERMS, ZInfluencerResponse, type TInfluencer } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { marketplaceModelsQuery } from '../../../lib/marketplace-models';

/**
 * POST /api/marketplace/models/{id}/claim: a licence and an influencer slot, together, once the
 * creator has accepted the licence terms shown to them.
 */
export async function claimModel(id: number): Promise<TInfluencer> {
  const answer = await api(`/marketplace/models/${id}/claim`, {
    method: 'POST',
    body: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
    schema: ZInfluencerResponse,
  });
  return answer.influencer;
}

export function useClaimModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimModel,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: marketplaceModelsQuery.queryKey }),
        invalidateWorkspace(queryClient),
      ]);
    },
  });
}
