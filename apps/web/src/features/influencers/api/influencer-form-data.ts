import type { TInfluencerFields } from '@muse/shared';

/** What the influencer form sends: its text fields, and what happens to the picture. */
export type TInfluencerDraft = {
  fields: TInfluencerFields;
  /** A newly chosen picture, or null to keep (or, with removeImage, drop) the current one. */
  image: File | null;
  /** Edit only: drop the current picture without a new one. */
  removeImage?: boolean;
};

/** The multipart body of POST and PUT /api/influencers (docs/product/api.md). */
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
