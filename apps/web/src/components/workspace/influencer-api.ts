import {
  ZGenerateInfluencerResponse,
  ZInfluencerResponse,
  type TGeneratedPersona,
  type TInfluencer,
  type TInfluencerFields,
  type TInfluencerNiche,
} from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { invalidateWorkspace } from '../../lib/workspace';

/**
 * The influencer form's calls (docs/product/api.md), kept beside the form so every page that opens
 * it (the Influencers page, the dashboard) gets the same behaviour.
 */

/** What the form sends: its text fields, and what happens to the picture. */
export type TInfluencerDraft = {
  fields: TInfluencerFields;
  /** A newly chosen picture, or null to keep (or, with removeImage, drop) the current one. */
  image: File | null;
  /** Edit only: drop the current picture without a new one. */
  removeImage?: boolean;
};

/** The multipart body: name, niche, personality, target_audience, description, image. */
export function influencerFormData({ fields, image, removeImage }: TInfluencerDraft): FormData {
  const body = new FormData();
  body.set('name', fields.name);
  body.set('niche', fields.niche);
  body.set('personality', fields.personality);
  body.set('target_audience', fields.target_audience);
  body.set('description', fields.description);
  if (image) body.set('image', image, image.name);
  else if (removeImage) body.set('removeImage', 'true');
  return body;
}

/** POST /api/influencers: takes a free influencer slot (403 when none is left). */
export async function createInfluencer(draft: TInfluencerDraft): Promise<TInfluencer> {
  const answer = await api('/influencers', {
    method: 'POST',
    body: influencerFormData(draft),
    schema: ZInfluencerResponse,
  });
  return answer.influencer;
}

/** PUT /api/influencers/{id}: the same fields; a new picture replaces the old one. */
export async function updateInfluencer({
  id,
  ...draft
}: TInfluencerDraft & { id: string }): Promise<TInfluencer> {
  const answer = await api(`/influencers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: influencerFormData(draft),
    schema: ZInfluencerResponse,
  });
  return answer.influencer;
}

/** POST /api/influencers/generate: personality, target audience and description for a niche. */
export async function generateInfluencer(niche: TInfluencerNiche): Promise<TGeneratedPersona> {
  const answer = await api('/influencers/generate', {
    method: 'POST',
    body: { niche },
    schema: ZGenerateInfluencerResponse,
  });
  return answer.influencer;
}

export function useCreateInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInfluencer,
    // The list, the counts and the dashboard all change.
    onSuccess: () => invalidateWorkspace(queryClient),
  });
}

export function useUpdateInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInfluencer,
    onSuccess: () => invalidateWorkspace(queryClient),
  });
}

export function useGenerateInfluencer() {
  return useMutation({ mutationFn: generateInfluencer });
}
