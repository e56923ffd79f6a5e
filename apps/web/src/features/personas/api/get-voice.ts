import type { TPersonaVoice } from '@muse/shared';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { CONNECTION_ERROR, ApiError, failedCall, withSession } from '../../../lib/api';
import { voiceKey } from '../../../lib/voices';

export { useVoice } from '../../../lib/voices';

/** Shows an answer's voice at once (the voice routes answer the voice as it is now). */
export function showVoice(queryClient: QueryClient, influencerId: string, voice: TPersonaVoice) {
  queryClient.setQueryData(voiceKey(influencerId), voice);
}

/**
 * GET /api/influencers/{id}/voice/sample: the sample 'Hear <name>' plays (WAV), for the
 * workspace's members only (no link to it exists), read with the session like the other private
 * files.
 */
export async function getVoiceSample(influencerId: string): Promise<Blob> {
  const path = `/influencers/${encodeURIComponent(influencerId)}/voice/sample`;
  const headers: Record<string, string> = {};
  const sent = withSession(headers);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers });
  } catch {
    throw new ApiError('UNREACHABLE', CONNECTION_ERROR);
  }
  if (!response.ok)
    throw failedCall(path, sent, response.status, await response.json().catch(() => undefined));
  return response.blob();
}

export function useVoiceSample(influencerId: string) {
  return useMutation({ mutationFn: () => getVoiceSample(influencerId) });
}
