import { IMAGE_UPLOAD_HINT, MAX_PRODUCT_IMAGES, type TProduct } from '@muse/shared';
import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { ImageInput, type TImagePick } from '../../../components/ui/image-input';
import { cn } from '../../../lib/cn';

export type TExistingImage = TProduct['images'][number];
/** A file chosen in this form, with the object URL of its preview. */
export type TNewImage = { key: string; file: File; previewUrl: string };

let nextKey = 0;
export function toNewImage(file: File): TNewImage {
  nextKey += 1;
  return { key: `new-${nextKey}`, file, previewUrl: URL.createObjectURL(file) };
}

/**
 * The product's pictures: the ones it already has (edit) and the ones chosen now, each with a
 * preview and a remove button, and the file input while there is room for more.
 */
export function ProductImagePicker({
  existing,
  added,
  error,
  disabled,
  onAdd,
  onRemoveExisting,
  onRemoveAdded,
}: {
  existing: readonly TExistingImage[];
  added: readonly TNewImage[];
  error: string | null;
  disabled: boolean;
  /** Chosen files that pass the upload rule, and the first refusal. */
  onAdd: (pick: TImagePick) => void;
  onRemoveExisting: (id: string) => void;
  onRemoveAdded: (key: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const count = existing.length + added.length;
  const full = count >= MAX_PRODUCT_IMAGES;

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="flex w-full items-baseline justify-between text-sm font-medium text-zinc-300">
        <span>Images</span>
        <span className="text-xs font-normal text-zinc-400">
          {count} of {MAX_PRODUCT_IMAGES}
        </span>
      </legend>

      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5">
        {existing.map((image, index) => (
          <Thumb
            key={image.id}
            src={image.thumbnail}
            alt={`Image ${index + 1}`}
            label={`Remove image ${index + 1}`}
            disabled={disabled}
            onRemove={() => onRemoveExisting(image.id)}
          />
        ))}
        {added.map((image) => (
          <Thumb
            key={image.key}
            src={image.previewUrl}
            alt={`Preview of ${image.file.name}`}
            label={`Remove ${image.file.name}`}
            disabled={disabled}
            onRemove={() => onRemoveAdded(image.key)}
          />
        ))}
        {full ? null : (
          <li>
            <label
              htmlFor={inputId}
              className={cn(
                'flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-ink-600 bg-ink-950/60 text-zinc-400 transition-colors hover:border-brand-400 hover:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400',
                disabled && 'pointer-events-none opacity-50',
              )}
            >
              <ImagePlus aria-hidden="true" className="size-5" />
              <span className="px-1 text-center text-xs leading-tight font-medium">Add images</span>
              <ImageInput
                id={inputId}
                multiple
                disabled={disabled}
                onPick={onAdd}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
            </label>
          </li>
        )}
      </ul>

      <p id={hintId} className="text-xs text-zinc-400">
        {IMAGE_UPLOAD_HINT}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Thumb({
  src,
  alt,
  label,
  disabled,
  onRemove,
}: {
  src: string;
  alt: string;
  label: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-xl border border-ink-700 bg-ink-950">
      <img src={src} alt={alt} className="size-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={label}
        className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-black/70 text-zinc-200 transition-colors hover:bg-red-600 hover:text-white disabled:opacity-50"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
