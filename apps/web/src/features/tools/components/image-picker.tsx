import { TOOL_TEXTS, UPLOAD_TEXTS } from '@muse/shared';
import { ImagePlus, Minimize2, RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useGalleryItem } from '../../../lib/gallery';
import { Button } from '../../../components/ui/button';
import {
  checkImageFiles,
  ImageInput,
  imageFileProblem,
  type TImagePick,
} from '../../../components/ui/image-input';
import { cn } from '../../../lib/cn';
import { formatBytes, formatSize } from '../../../lib/media-format';
import { fitWithin, scaleDownImage, type TSize } from './scale-down';

/**
 * A chosen image with its preview URL and its real size in pixels; `galleryId` when it is an
 * image of the gallery, which the server reads itself (no upload).
 */
export type TPickedImage = {
  file: File;
  url: string;
  width: number;
  height: number;
  galleryId?: string;
};

/**
 * The chosen image of a tool page. Replacing or leaving the page frees the previous preview.
 * A page opened with `?from=<gallery id>` starts with that gallery image chosen.
 */
export function usePickedImage() {
  const [picked, setPicked] = useState<TPickedImage | null>(null);
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  const fromGallery = useGalleryItem(from);
  const taken = useRef<string | null>(null);
  useEffect(() => {
    const item = fromGallery.data;
    if (!item || taken.current === item.id) return;
    taken.current = item.id;
    let cancelled = false;
    void (async () => {
      const response = await fetch(item.url);
      if (!response.ok || cancelled) return;
      const blob = await response.blob();
      const file = new File([blob], item.fileName, { type: item.contentType });
      setPicked({
        file,
        url: URL.createObjectURL(file),
        width: item.width,
        height: item.height,
        galleryId: item.id,
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [fromGallery.data]);
  const latest = useRef<TPickedImage | null>(null);
  useEffect(() => {
    latest.current = picked;
  }, [picked]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );

  function replace(next: TPickedImage | null) {
    if (picked && picked.url !== next?.url) URL.revokeObjectURL(picked.url);
    setPicked(next);
  }
  return [picked, replace] as const;
}

/** Reads a file's size in pixels; null when the browser cannot decode it as an image. */
async function measure(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * Choose or drop one image, checked before anything is sent: ImageInput's upload rule, then it
 * must decode, and (for tools with a pixel limit) not be larger than `maxSide` on its longer
 * side; the hint states that size before anything is picked. An image over it is refused with an
 * offer to scale it down in the browser to the largest size allowed, keeping its aspect ratio,
 * and continue with that (docs/product/tools.md). While `blocked` (the plan or balance says no),
 * any attempt to pick calls `onBlocked`.
 */
export function ImagePicker({
  label,
  buttonLabel,
  value,
  onChange,
  blocked,
  onBlocked,
  disabled = false,
  maxSide,
  required = false,
}: {
  label: string;
  buttonLabel: string;
  value: TPickedImage | null;
  onChange: (image: TPickedImage | null) => void;
  blocked: boolean;
  onBlocked: () => void;
  disabled?: boolean;
  maxSide?: { pixels: number; message: string };
  /** The form was sent without a picture: say one is needed until one is picked. */
  required?: boolean;
}) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  /** A picked image over `maxSide`, and the size it can be scaled down to. */
  const [oversized, setOversized] = useState<{ file: File; target: TSize } | null>(null);
  const [scaling, setScaling] = useState(false);
  const error = pickError ?? (required && !value ? TOOL_TEXTS.imageRequired : null);
  const [dragging, setDragging] = useState(false);

  async function accept({ files: [file], problem }: TImagePick) {
    // Disabled while the plan is not known yet: neither a pick nor a refusal can be decided.
    if (disabled) return;
    if (blocked) {
      onBlocked();
      return;
    }
    if (problem) return setError(problem);
    if (!file) return;
    const size = await measure(file);
    if (!size) return setError(UPLOAD_TEXTS.notAnImage);
    if (maxSide && Math.max(size.width, size.height) > maxSide.pixels) {
      setError(maxSide.message);
      setOversized({ file, target: fitWithin(size, maxSide.pixels) });
      return;
    }
    setError(null);
    onChange({ file, url: URL.createObjectURL(file), ...size });
  }

  /** A refusal replaces any offer to scale an earlier image down. */
  function setError(message: string | null) {
    setPickError(message);
    setOversized(null);
  }

  async function scaleDown() {
    if (!oversized) return;
    setScaling(true);
    try {
      const file = await scaleDownImage(oversized.file, oversized.target);
      // A large PNG redrawn can still weigh more than an upload may.
      const problem = imageFileProblem(file);
      if (problem) return setError(problem);
      setError(null);
      onChange({ file, url: URL.createObjectURL(file), ...oversized.target });
    } catch {
      setError(TOOL_TEXTS.scaleDownFailed);
    } finally {
      setScaling(false);
    }
  }

  function openChooser() {
    if (blocked) onBlocked();
    else input.current?.click();
  }

  function handleDrag(event: DragEvent<HTMLDivElement>, over: boolean) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(over);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void accept(checkImageFiles([dropped]));
  }

  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className="space-y-2"
    >
      <p id={labelId} className="text-sm font-medium text-zinc-300">
        {label}
      </p>
      <div
        onDragEnter={(event) => handleDrag(event, true)}
        onDragOver={(event) => handleDrag(event, true)}
        onDragLeave={(event) => handleDrag(event, false)}
        onDrop={handleDrop}
        className={cn(
          'rounded-2xl border border-dashed bg-ink-950/60 transition-colors',
          dragging ? 'border-brand-400 bg-brand-500/5' : 'border-ink-600',
          error && 'border-red-500/70',
        )}
      >
        {value ? (
          <div className="flex flex-col gap-4 p-3 sm:flex-row sm:items-center">
            <img
              src={value.url}
              alt={`Preview of ${value.file.name}`}
              className="mx-auto max-h-56 w-auto max-w-full rounded-xl bg-ink-900 object-contain sm:mx-0 sm:h-28 sm:max-h-none sm:w-28 sm:object-cover"
            />
            <div className="min-w-0 flex-1 space-y-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-zinc-100">{value.file.name}</p>
                <p className="text-xs text-zinc-400">
                  {formatSize(value)} · {formatBytes(value.file.size)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={openChooser} disabled={disabled}>
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Replace image
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setError(null);
                    onChange(null);
                  }}
                  disabled={disabled}
                >
                  <X aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
            <span className="grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
              <ImagePlus aria-hidden="true" className="size-6" />
            </span>
            <p className="text-sm text-zinc-400">Drag an image here, or</p>
            <Button variant="outline" size="sm" onClick={openChooser} disabled={disabled}>
              {buttonLabel}
            </Button>
          </div>
        )}
      </div>
      <ImageInput ref={input} hidden disabled={disabled} onPick={(pick) => void accept(pick)} />
      <p id={hintId} className="text-xs text-zinc-400">
        PNG, JPG or WEBP up to 10MB
        {maxSide ? `, at most ${maxSide.pixels} × ${maxSide.pixels} pixels` : ''}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {oversized ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void scaleDown()}
          disabled={disabled || scaling}
          aria-busy={scaling || undefined}
        >
          <Minimize2 aria-hidden="true" className="size-4" />
          {scaling
            ? TOOL_TEXTS.scalingDown
            : TOOL_TEXTS.scaleDown(oversized.target.width, oversized.target.height)}
        </Button>
      ) : null}
    </div>
  );
}
