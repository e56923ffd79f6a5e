import { VIDEO_TEXTS, VIDEO_UPLOAD, videoTooLongText } from '@muse/shared';
import { Film, RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { formatBytes, formatDuration, formatSize } from '../../../../lib/media-format';

/** A chosen clip with its preview URL and what its metadata says (null: the browser could not tell). */
export type TPickedVideo = {
  file: File;
  url: string;
  duration: number | null;
  width: number | null;
  height: number | null;
};

type TMetadata = { duration: number; width: number; height: number };

/** How long to wait for a clip's metadata before leaving the checks to the server. */
const METADATA_WAIT_MS = 15_000;
const EXTENSIONS = /\.(mp4|mov|webm)$/i;

/**
 * Reads a clip's length and frame size from its metadata in a detached `<video>` element; null
 * when this browser cannot read it (a codec it lacks: the server reads the bytes itself).
 */
export function readVideoMetadata(url: string): Promise<TMetadata | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const loaded = () =>
      finish({ duration: video.duration, width: video.videoWidth, height: video.videoHeight });
    const failed = () => finish(null);
    function finish(metadata: TMetadata | null) {
      clearTimeout(timer);
      video.removeEventListener('loadedmetadata', loaded);
      video.removeEventListener('error', failed);
      video.removeAttribute('src');
      resolve(metadata);
    }
    const timer = setTimeout(failed, METADATA_WAIT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', loaded);
    video.addEventListener('error', failed);
    video.src = url;
  });
}

/**
 * What is wrong with a picked clip before anything is uploaded (the type, the size, then its
 * length and frame from the metadata), else what its metadata says (null when this browser
 * cannot read it). The server checks the bytes again, and for a face, before anything is charged.
 */
export async function checkVideoFile(
  file: File,
  url: string,
): Promise<{ problem: string } | { metadata: TMetadata | null }> {
  const types: readonly string[] = VIDEO_UPLOAD.types;
  const typeKnown = file.type ? types.includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeKnown) return { problem: VIDEO_TEXTS.videoWrongType };
  if (file.size > VIDEO_UPLOAD.maxBytes) return { problem: VIDEO_TEXTS.videoTooLarge };
  const metadata = await readVideoMetadata(url);
  if (!metadata) return { metadata: null };
  if (Number.isFinite(metadata.duration) && metadata.duration > VIDEO_UPLOAD.maxSeconds) {
    return { problem: videoTooLongText(metadata.duration) };
  }
  if (metadata.width === 0 || metadata.height === 0) return { problem: VIDEO_TEXTS.videoNoPicture };
  if (Math.max(metadata.width, metadata.height) > VIDEO_UPLOAD.maxSide) {
    return { problem: VIDEO_TEXTS.videoTooBigFrame };
  }
  return { metadata };
}

/** The chosen clip of a page. Replacing it or leaving the page frees its preview. */
export function usePickedVideo() {
  const [picked, setPicked] = useState<TPickedVideo | null>(null);
  const latest = useRef<TPickedVideo | null>(null);
  useEffect(() => {
    latest.current = picked;
  }, [picked]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );
  function replace(next: TPickedVideo | null) {
    if (picked && picked.url !== next?.url) URL.revokeObjectURL(picked.url);
    setPicked(next);
  }
  return [picked, replace] as const;
}

/**
 * Choose or drop one clip, checked at once (type and size) and from its metadata (length, frame)
 * before anything is uploaded, with a small preview of it. While `blocked` (the plan or balance
 * says no), any attempt to pick calls `onBlocked`.
 */
export function VideoPicker({
  label,
  value,
  onChange,
  blocked,
  onBlocked,
  disabled = false,
  required = false,
}: {
  label: string;
  value: TPickedVideo | null;
  onChange: (video: TPickedVideo | null) => void;
  blocked: boolean;
  onBlocked: () => void;
  disabled?: boolean;
  /** The form was sent without a clip: say one is needed until one is picked. */
  required?: boolean;
}) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const error = pickError ?? (required && !value ? VIDEO_TEXTS.videoRequired : null);

  async function accept(file: File | undefined) {
    if (disabled || !file) return;
    if (blocked) return onBlocked();
    const url = URL.createObjectURL(file);
    setChecking(true);
    const verdict = await checkVideoFile(file, url);
    setChecking(false);
    if ('problem' in verdict) {
      URL.revokeObjectURL(url);
      return setError(verdict.problem);
    }
    setError(null);
    const { metadata } = verdict;
    onChange({
      file,
      url,
      duration: metadata && Number.isFinite(metadata.duration) ? metadata.duration : null,
      width: metadata?.width ?? null,
      height: metadata?.height ?? null,
    });
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
    void accept(event.dataTransfer.files[0]);
  }

  const facts = value
    ? [
        value.duration !== null ? formatDuration(value.duration) : null,
        value.width && value.height
          ? formatSize({ width: value.width, height: value.height })
          : null,
        formatBytes(value.file.size),
      ].filter((fact) => fact !== null)
    : [];

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-busy={checking || undefined}
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
            <video
              src={value.url}
              muted
              playsInline
              controls
              preload="metadata"
              aria-label={`Preview of ${value.file.name}`}
              className="mx-auto max-h-56 w-auto max-w-full rounded-xl bg-ink-900 object-contain sm:mx-0 sm:h-28 sm:w-40 sm:object-cover"
            />
            <div className="min-w-0 flex-1 space-y-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-zinc-100">{value.file.name}</p>
                <p className="text-xs text-zinc-400">{facts.join(' · ')}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={openChooser} disabled={disabled}>
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Replace video
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
              <Film aria-hidden="true" className="size-6" />
            </span>
            <p className="text-sm text-zinc-400">
              {checking ? 'Checking the clip…' : 'Drag a video here, or'}
            </p>
            <Button
              variant="outline"
              size="sm"
              onClick={openChooser}
              disabled={disabled || checking}
            >
              Choose a video
            </Button>
          </div>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={VIDEO_UPLOAD.types.join(',')}
        hidden
        disabled={disabled}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be picked again after a refusal.
          event.target.value = '';
          void accept(file);
        }}
      />
      <p id={hintId} className="text-xs text-zinc-400">
        {VIDEO_UPLOAD.hint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
