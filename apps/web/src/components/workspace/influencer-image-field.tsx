import { IMAGE_UPLOAD_HINT, MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '@muse/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';

/** A picked file and the preview URL made for it (revoked once it is replaced or unmounted). */
type TPicked = { file: File; url: string };

/** Image files only, up to 10 MB; the server checks the content again. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return UPLOAD_TEXTS.notAnImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TEXTS.tooLarge;
  return null;
}

/**
 * The form's picture: a preview (the new file, else the current picture), a real file input
 * accepting images, the hint 'PNG, JPG up to 10MB', and Remove.
 */
export function InfluencerImageField({
  currentImage,
  disabled,
  onChange,
  onProblem,
}: {
  /** The saved picture when editing, or null. */
  currentImage: string | null;
  disabled: boolean;
  /** The new file (or null), and whether the saved picture is to be dropped. */
  onChange: (image: File | null, removeImage: boolean) => void;
  /** A refused file's reason, shown by the form. */
  onProblem: (message: string) => void;
}) {
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();
  const [picked, setPicked] = useState<TPicked | null>(null);
  const [currentRemoved, setCurrentRemoved] = useState(false);

  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be picked again after a refusal or a removal.
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onProblem(problem);
      return;
    }
    setPicked({ file, url: URL.createObjectURL(file) });
    onChange(file, false);
  }

  function remove() {
    setPicked(null);
    const dropCurrent = currentImage !== null;
    setCurrentRemoved(dropCurrent);
    onChange(null, dropCurrent);
  }

  const preview = picked?.url ?? (currentRemoved ? null : currentImage);

  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-zinc-300">
        <span id={titleId}>Image</span>{' '}
        <span className="font-normal text-zinc-400">(optional)</span>
      </p>
      <div className="flex items-center gap-4 rounded-xl border border-dashed border-ink-600 bg-ink-950/40 p-3">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg bg-ink-800">
          {preview ? (
            <img
              src={preview}
              alt={picked ? `Preview of ${picked.file.name}` : 'Current picture'}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus aria-hidden="true" className="size-7 text-zinc-500" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              name="image"
              type="file"
              accept="image/*"
              className="peer sr-only"
              disabled={disabled}
              // The visible 'Upload image' label below is the click target; the name is 'Image'.
              aria-labelledby={titleId}
              aria-describedby={hintId}
              onChange={choose}
            />
            <label
              htmlFor={inputId}
              aria-hidden="true"
              className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl bg-ink-700 px-3 text-sm font-semibold text-zinc-100 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-400 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-ink-600"
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {preview ? 'Change image' : 'Upload image'}
            </label>
            {preview ? (
              <button
                type="button"
                onClick={remove}
                disabled={disabled}
                className="inline-flex h-9 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-zinc-300 transition-colors hover:bg-ink-800 hover:text-white disabled:opacity-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove image
              </button>
            ) : null}
          </div>
          {picked ? <p className="truncate text-xs text-zinc-400">{picked.file.name}</p> : null}
          <p id={hintId} className="text-xs text-zinc-400">
            {IMAGE_UPLOAD_HINT}
          </p>
        </div>
      </div>
    </div>
  );
}
