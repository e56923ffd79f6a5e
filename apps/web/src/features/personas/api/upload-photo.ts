import { ZPersonaResponse, type TPersona } from '@muse/shared';
import { api } from '../../../lib/api';

/** POST /api/influencers/{id}/photos: one photo, checked; answers the whole persona again. */
export async function uploadPhoto(id: string, file: File): Promise<TPersona> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const answer = await api(`/influencers/${encodeURIComponent(id)}/photos`, {
    method: 'POST',
    body: form,
    schema: ZPersonaResponse,
  });
  return answer.persona;
}
