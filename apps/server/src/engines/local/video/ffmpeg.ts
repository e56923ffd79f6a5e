/**
 * Video without a system install (docs/decisions/0029-video-tools.md): the static `ffmpeg` and
 * `ffprobe` binaries that ship inside the npm packages `@ffmpeg-installer/ffmpeg` and
 * `@ffprobe-installer/ffprobe`, run as child processes. Bytes go in through a temporary file
 * (containers such as MP4 keep their index at the end, so a pipe cannot always be read) and come
 * out on stdout or through another temporary file.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

let paths: { ffmpeg: string; ffprobe: string } | undefined;

/** Where the shipped binaries are (resolved once; the packages pick the platform's own). */
export function videoBinaries(): { ffmpeg: string; ffprobe: string } {
  paths ??= {
    ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
  return paths;
}

/** The clip could not be read as a video (not one, damaged, cut short). */
export class UnreadableVideoError extends Error {
  constructor(detail: string) {
    super(`The video could not be read: ${detail}`);
    this.name = 'UnreadableVideoError';
  }
}

/** A binary failed; its last lines of stderr say why (never shown to users). */
export class VideoToolError extends Error {
  constructor(tool: string, code: number | null, stderr: string) {
    super(`${tool} exited with ${code}: ${stderr.trim().split('\n').slice(-4).join(' | ')}`);
    this.name = 'VideoToolError';
  }
}

type TRunOptions = {
  signal?: AbortSignal;
  /** Called with every stderr line (ffmpeg's `-progress pipe:2` writes key=value lines there). */
  onStderrLine?: (line: string) => void;
};

/** Runs a binary and collects stdout; rejects with its stderr when it exits non-zero. */
export function runBinary(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  options: TRunOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(videoBinaries()[tool], args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const out: Buffer[] = [];
    let err = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      // Only the tail is kept for the error; lines are handed on as they come.
      err = (err + text).slice(-8000);
      if (!options.onStderrLine) return;
      const lines = (partial + text).split(/\r?\n|\r/);
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStderrLine(line);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new VideoToolError(tool, code, err));
    });
  });
}

/** A temporary folder for one piece of work, removed afterwards whatever happens. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'muse-video-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type TVideoProbe = {
  /** ffprobe's container names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
  container: string;
  durationSeconds: number;
  /** The picture as shown (a rotated phone clip reports its upright size). */
  width: number;
  height: number;
  fps: number;
  /** Decoded frame count when the container states it, else duration × fps, rounded. */
  frames: number;
  videoCodec: string;
  /** e.g. 'yuv420p', the one colour format every browser plays. */
  pixelFormat: string;
  hasAudio: boolean;
  /** The codec of each sound stream, e.g. ['aac']. */
  audioCodecs: string[];
};

type TProbeJson = {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
};

function rate(text: string | undefined): number {
  const [num, den] = (text ?? '0/1').split('/').map(Number) as [number, number?];
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Reads a video file's container and streams; UnreadableVideoError when it is no video. */
export async function probeFile(file: string, signal?: AbortSignal): Promise<TVideoProbe | null> {
  let raw: Buffer;
  try {
    raw = await runBinary(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof VideoToolError) throw new UnreadableVideoError(error.message);
    throw error;
  }
  const json = JSON.parse(raw.toString('utf8')) as TProbeJson;
  const video = json.streams?.find((stream) => stream.codec_type === 'video');
  if (!video) return null;
  const audio = json.streams?.filter((stream) => stream.codec_type === 'audio') ?? [];
  const rotation = Math.abs(
    Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation)?.rotation ?? 0),
  );
  const sideways = rotation === 90 || rotation === 270;
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate);
  const durationSeconds = Number(json.format?.duration ?? video.duration ?? 0) || 0;
  const stated = Number(video.nb_frames ?? 0);
  return {
    container: json.format?.format_name ?? '',
    durationSeconds,
    width: (sideways ? video.height : video.width) ?? 0,
    height: (sideways ? video.width : video.height) ?? 0,
    fps,
    frames: stated > 0 ? stated : Math.round(durationSeconds * fps),
    videoCodec: video.codec_name ?? '',
    pixelFormat: video.pix_fmt ?? '',
    hasAudio: audio.length > 0,
    audioCodecs: audio.map((stream) => stream.codec_name ?? ''),
  };
}

/** `probeFile` on bytes. Null: a readable file with no video stream. */
export function probeVideo(data: Uint8Array, signal?: AbortSignal): Promise<TVideoProbe | null> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'input');
    await writeFile(file, data);
    return probeFile(file, signal);
  });
}

/**
 * `count` frames spread evenly through the clip (the first a little after its start), as JPEG,
 * at most `maxSide` pixels on the longer side: for the safety check, identity scores, posters and
 * the check that a clip shows a face.
 */
export async function extractFrames(
  data: Uint8Array,
  count: number,
  options: { maxSide?: number; signal?: AbortSignal } = {},
): Promise<Buffer[]> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'input');
    await writeFile(file, data);
    const probe = await probeFile(file, options.signal);
    if (!probe) throw new UnreadableVideoError('no video stream');
    return framesOfFile(file, probe, count, options);
  });
}

/** `extractFrames` of a clip already on disk and probed (its frames are written beside it). */
export async function framesOfFile(
  file: string,
  probe: TVideoProbe,
  count: number,
  options: { maxSide?: number; signal?: AbortSignal } = {},
): Promise<Buffer[]> {
  const maxSide = options.maxSide ?? 720;
  const duration = probe.durationSeconds > 0 ? probe.durationSeconds : 1;
  const frames: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = ((index + 0.5) / count) * duration;
    const out = `${file}-frame-${index}.jpg`;
    await runBinary(
      'ffmpeg',
      [
        '-v',
        'error',
        '-ss',
        at.toFixed(3),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        `scale='min(${maxSide},iw)':'min(${maxSide},ih)':force_original_aspect_ratio=decrease`,
        '-q:v',
        '3',
        '-y',
        out,
      ],
      options.signal ? { signal: options.signal } : {},
    ).catch((error: unknown) => {
      if (error instanceof VideoToolError) throw new UnreadableVideoError(error.message);
      throw error;
    });
    // A seek past the last decodable frame writes nothing: that frame is skipped.
    const bytes = await readFile(out).catch(() => null);
    if (bytes?.length) frames.push(bytes);
  }
  if (!frames.length) throw new UnreadableVideoError('no frame could be decoded');
  return frames;
}
