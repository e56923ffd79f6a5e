import { ZPersonaResponse, type TPersona } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showPersona } from './get-persona';

/** DELETE /api/influencers/{id}/photos/{photoId}. */
export async function removePhoto(id: string, photoId: string): Promise<TPersona> {
  const answer = await api(
    `/influencers/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`,
    { method: 'DELETE', schema: ZPersonaResponse },
  );
  return answer.persona;
}

export function useRemovePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => removePhoto(id, photoId),
    onSuccess: (persona) => showPersona(queryClient, persona),
  });
}
