import { ZPersonaVoiceResponse, type TPersonaVoice } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showVoice } from './get-voice';

/**
 * DELETE /api/influencers/{id}/voice: back to the default stock voice; the cloned voice's
 * recording and sample are removed.
 */
export async function removeVoice(influencerId: string): Promise<TPersonaVoice> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/voice`, {
    method: 'DELETE',
    schema: ZPersonaVoiceResponse,
  });
  return answer.voice;
}

export function useRemoveVoice(influencerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeVoice(influencerId),
    onSuccess: (voice) => showVoice(queryClient, influencerId, voice),
  });
}
