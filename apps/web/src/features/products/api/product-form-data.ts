import type { TProductFields } from '@muse/shared';

/** The multipart body of POST and PUT /api/products: the text fields, then the new images. */
export function productFormData(
  fields: TProductFields,
  files: readonly File[],
  keepImageIds?: readonly string[],
): FormData {
  const body = new FormData();
  body.append('name', fields.name);
  body.append('description', fields.description);
  body.append('link', fields.link);
  for (const id of keepImageIds ?? []) body.append('keepImageIds', id);
  for (const file of files) body.append('images', file, file.name);
  return body;
}
