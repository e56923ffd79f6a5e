/**
 * Raw RGB frames to and from the shipped ffmpeg (./ffmpeg.ts) through pipes. A clip is never
 * held whole as raw pixels, in memory or on disk (30 s of 720p is 2.5 GB of them): a frame at a
 * time flows from the decoder through the engine's own work into the encoder, the three running
 * side by side, each waiting on the next when it is behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { videoBinaries, VideoToolError } from './ffmpeg';

/**
 * The encoding of every clip Muse makes, for ffmpeg's output side: H.264 that every browser
 * plays (yuv420p), converted from RGB and tagged as BT.709 so players do not guess the colours
 * differently, with the index at the front so playback starts before the download ends.
 */
export const H264_MP4_OUTPUT = [
  '-vf',
  'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '20',
  '-colorspace',
  'bt709',
  '-color_primaries',
  'bt709',
  '-color_trc',
  'bt709',
  '-movflags',
  '+faststart',
];

/** ffmpeg's input side for raw RGB frames of one size on stdin, at `fps`. */
export function rawFramesInput(width: number, height: number, fps: number): string[] {
  return [
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${width}x${height}`,
    '-framerate',
    String(fps),
    '-i',
    'pipe:0',
  ];
}

type TPipeOptions = { signal?: AbortSignal };

/** ffmpeg with `args`, quiet but for errors. `feed`: frames go in on stdin, else out on stdout. */
function spawnFfmpeg(args: string[], feed: boolean, signal?: AbortSignal): ChildProcess {
  return spawn(videoBinaries().ffmpeg, ['-v', 'error', ...args], {
    stdio: [feed ? 'pipe' : 'ignore', feed ? 'ignore' : 'pipe', 'pipe'],
    ...(signal ? { signal } : {}),
  });
}

/** Resolves when the process exits 0; rejects with the tail of its stderr, or the abort. */
function exitOf(child: ChildProcess): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  const exit = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new VideoToolError('ffmpeg', code, stderr)),
    );
  });
  // Awaited by the caller; this only keeps an early failure from being reported as unhandled.
  exit.catch(() => undefined);
  return exit;
}

function stillRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Decodes with ffmpeg `args` (which must write raw frames of `frameBytes` bytes to stdout) and
 * yields the frames one by one; ffmpeg waits while the consumer works on a frame. Stopping early
 * (a `break`, an error, the signal) stops ffmpeg.
 */
export async function* decodeFrames(
  args: string[],
  frameBytes: number,
  options: TPipeOptions = {},
): AsyncGenerator<Buffer> {
  const child = spawnFfmpeg(args, false, options.signal);
  const exit = exitOf(child);
  try {
    let frame = Buffer.allocUnsafe(frameBytes);
    let filled = 0;
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      for (let offset = 0; offset < chunk.length;) {
        const taken = Math.min(frameBytes - filled, chunk.length - offset);
        chunk.copy(frame, filled, offset, offset + taken);
        filled += taken;
        offset += taken;
        if (filled === frameBytes) {
          yield frame;
          frame = Buffer.allocUnsafe(frameBytes);
          filled = 0;
        }
      }
    }
    await exit;
  } finally {
    if (stillRunning(child)) child.kill('SIGKILL');
  }
}

/** Errors of a write to an ffmpeg that stopped reading: its own exit says why. */
const STOPPED_READING = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Encodes `frames` (raw frames as `args` describe them on stdin) with ffmpeg `args`, which write
 * the output to a file. Frames are pulled only as fast as ffmpeg takes them. When the frames fail
 * (or the signal aborts), ffmpeg is stopped and that error is thrown; when ffmpeg fails, its own.
 */
export async function encodeFrames(
  args: string[],
  frames: AsyncIterable<Buffer>,
  options: TPipeOptions = {},
): Promise<void> {
  const child = spawnFfmpeg(args, true, options.signal);
  const exit = exitOf(child);
  try {
    await pipeline(Readable.from(frames, { objectMode: false }), child.stdin!);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && STOPPED_READING.has(code)) await exit;
    if (stillRunning(child)) child.kill('SIGKILL');
    await exit.catch(() => undefined);
    // Aborted: the write that failed as ffmpeg was stopped (ECANCELED, EPIPE) is the abort's
    // doing, and the caller is told of the abort.
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw error;
  }
  await exit;
}
