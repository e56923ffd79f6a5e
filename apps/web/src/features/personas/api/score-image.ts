import { ZIdentityScore, type TIdentityScore } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/influencers/{id}/score: how closely the face in an image matches the persona. */
export async function scoreImage(id: string, image: File): Promise<TIdentityScore> {
  const form = new FormData();
  form.append('image', image, image.name);
  return api(`/influencers/${encodeURIComponent(id)}/score`, {
    method: 'POST',
    body: form,
    schema: ZIdentityScore,
  });
}

export function useScoreImage(id: string) {
  return useMutation({ mutationFn: (image: File) => scoreImage(id, image) });
}
