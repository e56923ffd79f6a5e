import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '@muse/shared';
import type { ChangeEvent, ComponentProps } from 'react';

/**
 * The one client-side upload rule, the server's own limits: one of the accepted image types,
 * at most MAX_UPLOAD_BYTES. Returns why a file is refused, or null. The server checks the bytes
 * again; this only spares the user a round trip.
 */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return UPLOAD_TEXTS.notAnImage;
  }
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TEXTS.tooLarge;
  return null;
}

/** The files that pass the rule, and the reason the first refused one was refused. */
export type TImagePick = { files: File[]; problem: string | null };

/** Splits chosen files into those the rule accepts and the first refusal. */
export function checkImageFiles(files: readonly File[]): TImagePick {
  const accepted: File[] = [];
  let problem: string | null = null;
  for (const file of files) {
    const refusal = imageFileProblem(file);
    if (refusal) problem ??= refusal;
    else accepted.push(file);
  }
  return { files: accepted, problem };
}

/** What the file picker offers: the accepted types, nothing else. */
export const IMAGE_INPUT_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/**
 * A file input for images. Every choice is checked with the upload rule before the owner sees
 * it: `onPick` gets the files that pass and the first refusal's text. Without `multiple` only
 * the first file counts. The input is cleared after each choice, so picking the same file again
 * (after a refusal or a removal) still counts. Label it like any input (`id` with a label, or
 * `aria-labelledby`); the owner shows the hint and the refusal where its layout wants them.
 */
export function ImageInput({
  onPick,
  multiple = false,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'accept' | 'onChange' | 'value'> & {
  onPick: (pick: TImagePick) => void;
  multiple?: boolean;
}) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    input.value = '';
    if (chosen.length === 0) return;
    onPick(checkImageFiles(multiple ? chosen : chosen.slice(0, 1)));
  }

  return (
    <input
      type="file"
      accept={IMAGE_INPUT_ACCEPT}
      multiple={multiple}
      onChange={handleChange}
      {...props}
    />
  );
}
