/**
 * An uploaded recording (a voice to clone, or what a talking video says), judged by its bytes
 * (docs/product/talking-video.md): its signature must name one of the audio formats Muse takes,
 * the shipped ffmpeg must decode it, and its length must fit. What is kept is the decoded sound
 * as WAV (16-bit, mono, 24 kHz), which every engine reads, never the upload as sent.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VOICE_TEXTS } from '@muse/shared';
import { wavSeconds } from '../../engines/local/speech/wav';
import { runBinary, VideoToolError, withTempDir } from '../../engines/local/video/ffmpeg';
import { badRequest } from '../../lib/errors';
import { tooLarge } from '../../lib/multipart';

/** The rate recordings are kept at: enough for speech, a sixth of a CD's bytes. */
export const KEPT_AUDIO_RATE = 24_000;
/** A WAV file's header as ffmpeg writes it for PCM. */
const WAV_HEADER_BYTES = 44;
/** Below this level (dB below full scale) throughout, a recording says nothing. */
const SILENCE_DB = -50;

export type TAudioLimits = {
  /** The form field it came in ('recording', 'audio'): a file over its size says so. */
  field: string;
  maxBytes: number;
  minSeconds?: number;
  maxSeconds: number;
  tooShort?: (seconds: number) => string;
  tooLong: (seconds: number) => string;
  /** Refused when the whole recording is silent. */
  silent?: string;
};

export type TKeptAudio = { wav: Buffer; seconds: number };

/** Whether the bytes begin as one of the audio formats Muse takes. */
export function isAudioSignature(data: Buffer): boolean {
  const ascii = (from: number, to: number) => data.subarray(from, to).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return true;
  if (ascii(0, 3) === 'ID3') return true;
  // An MP3 frame's sync word, or AAC in ADTS.
  if (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0) return true;
  // M4A and other ISO files; WEBM (EBML); Ogg; FLAC.
  if (ascii(4, 8) === 'ftyp') return true;
  if (data.readUInt32BE(0) === 0x1a45dfa3) return true;
  return ascii(0, 4) === 'OggS' || ascii(0, 4) === 'fLaC';
}

/** The loudest stretch of the WAV's samples, in dB below full scale. */
function peakDb(wav: Buffer): number {
  let peak = 0;
  for (let at = WAV_HEADER_BYTES; at + 1 < wav.length; at += 2)
    peak = Math.max(peak, Math.abs(wav.readInt16LE(at)));
  return peak ? 20 * Math.log10(peak / 32768) : -Infinity;
}

/** The recording decoded and checked within `limits`, or a refusal that says what to do. */
export async function keepAudio(data: Buffer, limits: TAudioLimits): Promise<TKeptAudio> {
  if (data.length > limits.maxBytes) throw tooLarge(limits.field);
  const notAudio = () => badRequest(VOICE_TEXTS.notAudio, 'INVALID_REQUEST');
  if (data.length < 12 || !isAudioSignature(data)) throw notAudio();
  const wav = await withTempDir(async (dir) => {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'output.wav');
    await writeFile(input, data);
    try {
      await runBinary('ffmpeg', [
        ...['-v', 'error', '-i', input, '-map', '0:a:0', '-vn'],
        ...['-ac', '1', '-ar', String(KEPT_AUDIO_RATE), '-c:a', 'pcm_s16le'],
        // Bit-exact: the plain 44-byte header, no metadata chunk before the samples.
        ...['-t', String(limits.maxSeconds + 1), '-fflags', '+bitexact', '-flags:a', '+bitexact'],
        ...['-f', 'wav', '-y', output],
      ]);
    } catch (error) {
      if (error instanceof VideoToolError) throw notAudio();
      throw error;
    }
    return readFile(output);
  });
  const seconds = Math.round((wavSeconds(wav) ?? 0) * 10) / 10;
  if (seconds <= 0) throw notAudio();
  if (seconds > limits.maxSeconds) throw badRequest(limits.tooLong(Math.floor(seconds)));
  if (limits.minSeconds && limits.tooShort && seconds < limits.minSeconds)
    throw badRequest(limits.tooShort(Math.floor(seconds)));
  if (limits.silent && peakDb(wav) < SILENCE_DB) throw badRequest(limits.silent);
  return { wav, seconds };
}

/** The first `seconds` of a kept WAV, as a WAV of its own (a voice's sample). */
export function wavStart(wav: Buffer, seconds: number): Buffer {
  const bytes = Math.min(wav.length - WAV_HEADER_BYTES, Math.round(seconds * KEPT_AUDIO_RATE) * 2);
  const out = Buffer.alloc(WAV_HEADER_BYTES + bytes);
  wav.copy(out, 0, 0, WAV_HEADER_BYTES);
  wav.copy(out, WAV_HEADER_BYTES, WAV_HEADER_BYTES, WAV_HEADER_BYTES + bytes);
  out.writeUInt32LE(36 + bytes, 4);
  out.writeUInt32LE(bytes, 40);
  return out;
}
