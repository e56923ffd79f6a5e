/**
 * Sound for the talking video: any audio the shipped ffmpeg reads, decoded to mono samples, and
 * how loud it is frame by frame, which is what opens the persona's mouth.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBinary, withTempDir } from '../video/ffmpeg';

/** Mono samples, -1…1, at `sampleRate`. */
export type TPcm = { samples: Float32Array; sampleRate: number };

/** `file` decoded to mono samples at `sampleRate` (the channels mixed, resampled by ffmpeg). */
export async function decodeAudioFile(
  file: string,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<TPcm> {
  const raw = await runBinary(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate)],
      ...['-f', 'f32le', '-acodec', 'pcm_f32le', 'pipe:1'],
    ],
    signal ? { signal } : {},
  );
  // A copy of its own: the collected buffer may start at an odd offset in a shared pool.
  const samples = new Float32Array(raw.length >> 2);
  for (let i = 0; i < samples.length; i += 1) samples[i] = raw.readFloatLE(i * 4);
  return { samples, sampleRate };
}

/** `decodeAudioFile` on bytes. */
export function decodeAudio(
  data: Uint8Array,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<TPcm> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'audio');
    await writeFile(file, data);
    return decodeAudioFile(file, sampleRate, signal);
  });
}

/** The RMS level of samples [from, to) in dBFS; -120 for digital silence. */
function levelDb(samples: Float32Array, from: number, to: number): number {
  let sum = 0;
  const start = Math.max(0, from);
  const end = Math.min(samples.length, to);
  for (let i = start; i < end; i += 1) sum += samples[i]! * samples[i]!;
  const rms = end > start ? Math.sqrt(sum / (end - start)) : 0;
  return rms > 1e-6 ? 20 * Math.log10(rms) : -120;
}

/** Frames quieter than this (dBFS) are silence, whatever the rest of the sound is like. */
export const SILENCE_DB = -50;
/** The span of loudness that takes the mouth from closed to wide: this far below the loud level. */
const RANGE_DB = 15;

/**
 * How loud each of `frames` video frames is, 0 (silence) to 1 (the speech at its loudest): the
 * RMS of the frame's window in decibels, mapped from RANGE_DB below the loud frames' level (the
 * 95th percentile, so one shout does not set it) to that level. Under SILENCE_DB it is 0.
 */
export function loudnessEnvelope(pcm: TPcm, fps: number, frames: number): Float32Array {
  const perFrame = pcm.sampleRate / fps;
  const db = new Float32Array(frames);
  for (let i = 0; i < frames; i += 1)
    db[i] = levelDb(pcm.samples, Math.round(i * perFrame), Math.round((i + 1) * perFrame));
  const voiced = Array.from(db)
    .filter((value) => value > SILENCE_DB)
    .sort((a, b) => a - b);
  const envelope = new Float32Array(frames);
  if (!voiced.length) return envelope;
  const peak = voiced[Math.floor(0.95 * (voiced.length - 1))]!;
  const floor = Math.max(SILENCE_DB, peak - RANGE_DB);
  for (let i = 0; i < frames; i += 1)
    envelope[i] =
      db[i]! <= SILENCE_DB ? 0 : Math.max(0, Math.min(1, (db[i]! - floor) / (peak - floor || 1)));
  return envelope;
}
