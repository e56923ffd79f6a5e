import { TALKING_AUDIO, TALKING_TEXTS, VOICE_TEXTS } from '@muse/shared';
import { AudioLines, RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { AUDIO_ACCEPT, isAudioFile, readAudioSeconds } from '../../../../lib/audio-file';
import { formatBytes } from '../../../../lib/media-format';

/** Chosen audio with its preview URL and its length (null: the browser could not tell). */
export type TPickedAudio = { file: File; url: string; seconds: number | null };

/** The chosen audio of a page. Replacing it or leaving the page frees its preview. */
export function usePickedAudio() {
  const [picked, setPicked] = useState<TPickedAudio | null>(null);
  const latest = useRef<TPickedAudio | null>(null);
  useEffect(() => {
    latest.current = picked;
  }, [picked]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );

  function replace(next: TPickedAudio | null) {
    if (picked && picked.url !== next?.url) URL.revokeObjectURL(picked.url);
    setPicked(next);
  }
  return [picked, replace] as const;
}

/**
 * What is wrong with picked audio before anything is uploaded (its type, its size, then the
 * length its metadata gives), else its length (null when this browser cannot read it). The
 * server reads the bytes again before anything is charged.
 */
export async function checkAudioFile(
  file: File,
): Promise<{ problem: string } | { seconds: number | null }> {
  if (!isAudioFile(file)) return { problem: VOICE_TEXTS.notAudio };
  if (file.size > TALKING_AUDIO.maxBytes) return { problem: TALKING_TEXTS.audioTooLarge };
  const seconds = await readAudioSeconds(file);
  if (seconds !== null && seconds > TALKING_AUDIO.maxSeconds)
    return { problem: TALKING_TEXTS.audioTooLong(Math.round(seconds)) };
  return { seconds };
}

/**
 * The words a talking video says, as the creator's own audio instead of a script: one file,
 * checked before it is sent, with its length and a player to hear it.
 */
export function AudioPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: TPickedAudio | null;
  onChange: (audio: TPickedAudio | null) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  async function accept(file: File | undefined) {
    if (!file) return;
    const checked = await checkAudioFile(file);
    if ('problem' in checked) return setError(checked.problem);
    setError(null);
    onChange({ file, url: URL.createObjectURL(file), seconds: checked.seconds });
  }

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      className="space-y-2"
    >
      <p id={labelId} className="text-sm font-medium text-zinc-300">
        {TALKING_TEXTS.audioLabel}
      </p>
      <input
        ref={input}
        type="file"
        accept={AUDIO_ACCEPT}
        disabled={disabled}
        aria-labelledby={labelId}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          void accept(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {value ? (
        <div className="space-y-3 rounded-2xl border border-ink-700 bg-ink-950/60 p-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-100">{value.file.name}</p>
            <p className="text-xs text-zinc-400">
              {value.seconds !== null ? `${TALKING_TEXTS.seconds(value.seconds)} · ` : ''}
              {formatBytes(value.file.size)}
            </p>
          </div>
          <audio
            src={value.url}
            controls
            aria-label={`Audio ${value.file.name}`}
            className="w-full"
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
              disabled={disabled}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Replace audio
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
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          <AudioLines aria-hidden="true" className="size-4" />
          Choose an audio file
        </Button>
      )}
      <p id={hintId} className="text-xs text-zinc-400">
        {TALKING_TEXTS.audioHint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
