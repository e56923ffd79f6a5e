import { PERSONA_PHOTO_TYPES, PERSONA_PHOTOS, PERSONA_TEXTS, UPLOAD_TEXTS } from '@muse/shared';

/** What the picker accepts; HEIC often arrives without a type, so its extension counts too. */
export const PHOTO_ACCEPT = [...PERSONA_PHOTO_TYPES, '.heic', '.heif'].join(',');

const TYPES = new Set<string>(PERSONA_PHOTO_TYPES);

function looksLikePhoto(file: File): boolean {
  return TYPES.has(file.type) || /\.(jpe?g|png|webp|heic|heif)$/i.test(file.name);
}

export type TRefusedFile = { name: string; reason: string };

/**
 * Sorts picked files before anything is sent: the persona keeps PERSONA_PHOTOS.max photos, each
 * a photo of at most 10 MB (the server checks the content again).
 */
export function sortPickedFiles(
  files: readonly File[],
  held: number,
): { accepted: File[]; refused: TRefusedFile[] } {
  const accepted: File[] = [];
  const refused: TRefusedFile[] = [];
  for (const file of files) {
    if (!looksLikePhoto(file)) refused.push({ name: file.name, reason: PERSONA_TEXTS.notAPhoto });
    else if (file.size > PERSONA_PHOTOS.maxBytes)
      refused.push({ name: file.name, reason: UPLOAD_TEXTS.tooLarge });
    else if (held + accepted.length >= PERSONA_PHOTOS.max)
      refused.push({ name: file.name, reason: PERSONA_TEXTS.tooManyPhotos });
    else accepted.push(file);
  }
  return { accepted, refused };
}
