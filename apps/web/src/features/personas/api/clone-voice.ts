import { ZPersonaVoiceResponse, type TPersonaVoice, type TVoiceStatementKind } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showVoice } from './get-voice';

export type TVoiceRecordingInput = {
  recording: File;
  statement: TVoiceStatementKind;
  /** The written consent of the person speaking, for 'consent'. */
  document: File | null;
};

/**
 * POST /api/influencers/{id}/voice/recording (multipart): the recording a voice is cloned from
 * and whose voice it is. The statement comes before the files, so a server that streams the
 * upload has read it by the time it sees them. Answers the persona's new voice.
 */
export async function cloneVoice(
  influencerId: string,
  { recording, statement, document }: TVoiceRecordingInput,
): Promise<TPersonaVoice> {
  const form = new FormData();
  form.append('statement', statement);
  form.append('recording', recording, recording.name);
  if (document) form.append('document', document, document.name);
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/voice/recording`, {
    method: 'POST',
    body: form,
    schema: ZPersonaVoiceResponse,
  });
  return answer.voice;
}

export function useCloneVoice(influencerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TVoiceRecordingInput) => cloneVoice(influencerId, input),
    onSuccess: (voice) => showVoice(queryClient, influencerId, voice),
  });
}
