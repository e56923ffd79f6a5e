import { ZPersonaVoiceResponse, type TPersonaVoice, type TStockVoiceKey } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showVoice } from './get-voice';

/** PUT /api/influencers/{id}/voice: a stock voice; a cloned voice gives way to it. */
export async function chooseVoice(
  influencerId: string,
  stockVoice: TStockVoiceKey,
): Promise<TPersonaVoice> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/voice`, {
    method: 'PUT',
    body: { stockVoice },
    schema: ZPersonaVoiceResponse,
  });
  return answer.voice;
}

export function useChooseVoice(influencerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stockVoice: TStockVoiceKey) => chooseVoice(influencerId, stockVoice),
    onSuccess: (voice) => showVoice(queryClient, influencerId, voice),
  });
}
