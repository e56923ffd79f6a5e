import { VOICE_RECORDING } from '@muse/shared';

/**
 * The audio Muse reads (a talking video's own speech, a voice's recording): WAV, MP3, M4A, WEBM,
 * OGG or FLAC. The server reads the bytes themselves; the browser's checks spare an upload that
 * would be refused.
 */
const AUDIO_EXTENSIONS = ['.wav', '.mp3', '.m4a', '.webm', '.ogg', '.flac'] as const;

/** The file picker's `accept`: the types, and the names for browsers that know no type. */
export const AUDIO_ACCEPT = [...VOICE_RECORDING.types, ...AUDIO_EXTENSIONS].join(',');

/** How long to wait for a file's length before leaving it to the server. */
const METADATA_WAIT_MS = 10_000;

/**
 * Whether a picked file is audio Muse reads: by its type, or by its name when the browser names
 * the type otherwise ('audio/x-wav', 'audio/x-m4a') or not at all.
 */
export function isAudioFile(file: File): boolean {
  const types: readonly string[] = VOICE_RECORDING.types;
  if (types.includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return (
    (file.type === '' || file.type.startsWith('audio/') || file.type === 'video/webm') &&
    AUDIO_EXTENSIONS.some((extension) => name.endsWith(extension))
  );
}

/**
 * A file's length in seconds, read from its metadata by a detached `Audio` element; null when
 * this browser cannot tell (a format it lacks, or a recording whose length is not written in it).
 */
export function readAudioSeconds(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const loaded = () =>
      finish(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
    const failed = () => finish(null);
    function finish(seconds: number | null) {
      clearTimeout(timer);
      audio.removeEventListener('loadedmetadata', loaded);
      audio.removeEventListener('error', failed);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    }
    const timer = setTimeout(failed, METADATA_WAIT_MS);
    audio.preload = 'metadata';
    audio.addEventListener('loadedmetadata', loaded);
    audio.addEventListener('error', failed);
    audio.src = url;
  });
}
