import { ZSelfieMatchResponse, type TSelfieMatchResponse } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showPersona } from './get-persona';

/**
 * POST /api/influencers/{id}/likeness/selfie: the selfie is matched against the persona's photos
 * and dropped; the answer says whether it verified 'These photos are of me'.
 */
export async function verifySelfie(id: string, selfie: Blob): Promise<TSelfieMatchResponse> {
  const form = new FormData();
  form.append('selfie', selfie, selfie instanceof File ? selfie.name : 'selfie.jpg');
  return api(`/influencers/${encodeURIComponent(id)}/likeness/selfie`, {
    method: 'POST',
    body: form,
    schema: ZSelfieMatchResponse,
  });
}

export function useVerifySelfie(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selfie: Blob) => verifySelfie(id, selfie),
    onSuccess: ({ persona }) => showPersona(queryClient, persona),
  });
}
