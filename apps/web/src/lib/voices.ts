import { STOCK_VOICES, VOICE_TEXTS, ZPersonaVoiceResponse, type TPersonaVoice } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { WORKSPACE_QUERY_KEY } from './workspace';

/**
 * A persona's voice, read by its page (the Voice section) and by the Talking Video page (which
 * voice the video speaks in). Under the workspace key: a finished job or a switch of workspace
 * reads it again.
 */
export const voiceKey = (influencerId: string) =>
  [...WORKSPACE_QUERY_KEY, 'voice', influencerId] as const;

/** GET /api/influencers/{id}/voice: the stock voice, or the cloned one with whose voice it is. */
export async function getVoice(influencerId: string, signal?: AbortSignal): Promise<TPersonaVoice> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/voice`, {
    schema: ZPersonaVoiceResponse,
    signal,
  });
  return answer.voice;
}

export function voiceQuery(influencerId: string) {
  return queryOptions({
    queryKey: voiceKey(influencerId),
    queryFn: ({ signal }) => getVoice(influencerId, signal),
  });
}

/** The persona's voice; nothing is read while no persona is chosen (''). */
export function useVoice(influencerId: string) {
  return useQuery({ ...voiceQuery(influencerId), enabled: influencerId !== '' });
}

/**
 * The voice's name as a page shows it: the stock voice's ('Aria'), or 'Cloned voice'. With
 * `preview` (the offline engine speaks) a cloned voice is said in its stock voice, so that one
 * is named.
 */
export function voiceName(voice: TPersonaVoice, { preview = false } = {}): string {
  if (voice.kind === 'cloned' && !preview) return VOICE_TEXTS.cloned;
  return STOCK_VOICES.find((stock) => stock.key === voice.stockVoice)?.label ?? voice.stockVoice;
}
