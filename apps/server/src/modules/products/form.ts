import { ZProductFields } from '@muse/shared';
import { parseFormFields } from '../../lib/forms';
import { processUploadedImage } from '../../lib/images';
import type { TMultipartForm } from '../../lib/multipart';

/**
 * A product's form, read: its fields, its new pictures re-encoded one at a time (each decode
 * can hold a large image in memory), and the earlier pictures a change keeps. The web app's
 * routes and the public API's read it alike.
 */
export async function parseProductForm(form: TMultipartForm) {
  const fields = parseFormFields(ZProductFields, form);
  const images = [];
  for (const file of form.files) images.push(await processUploadedImage(file.data));
  return { fields, images, keepImageIds: form.fields.keepImageIds ?? [] };
}
