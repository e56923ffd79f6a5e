import {
  ZGenerateInfluencerResponse,
  type TGeneratedPersona,
  type TInfluencerNiche,
} from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/influencers/generate: personality, target audience and description for a niche. */
export async function generateInfluencer(niche: TInfluencerNiche): Promise<TGeneratedPersona> {
  const answer = await api('/influencers/generate', {
    method: 'POST',
    body: { niche },
    schema: ZGenerateInfluencerResponse,
  });
  return answer.influencer;
}

export function useGenerateInfluencer() {
  return useMutation({ mutationFn: generateInfluencer });
}
