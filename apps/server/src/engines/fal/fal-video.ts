/**
 * Videos in and out of fal's video endpoints, in the one form Muse stores and every browser
 * plays: H.264 with 4:2:0 colour (and AAC sound, if any) in MP4, its index first so playback
 * starts before the whole file has arrived. A clip already in that form is only re-muxed
 * (stream copy, milliseconds); anything else is transcoded with the shipped ffmpeg.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { probeFile, runBinary, withTempDir, type TVideoProbe } from '../local/video/ffmpeg';
import type { TEncodedVideo } from '../types';
import type { TFalConnection } from './client';

/** What fal's video endpoints answer (`File` in the client's endpoint types). */
export type TFalVideoOutput = { video?: { url?: string } };

/**
 * Whether the clip's streams play in every browser as they are, so they need only a new MP4
 * around them (any container is re-muxed, so only the codecs and colour format matter).
 */
function playsEverywhere(probe: TVideoProbe): boolean {
  return (
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    probe.audioCodecs.every((codec) => codec === 'aac')
  );
}

/** ffmpeg's arguments that write `input` to `output` as a browser MP4 with its index first. */
function mp4Arguments(input: string, output: string, copy: boolean): string[] {
  const codecs = copy
    ? ['-c', 'copy']
    : [
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
        // 4:2:0 needs even sides.
        ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-c:a', 'aac', '-b:a', '128k'],
      ];
  return [
    ...['-v', 'error', '-i', input, '-map', '0:v:0', '-map', '0:a:0?'],
    ...codecs,
    ...['-movflags', '+faststart', '-f', 'mp4', '-y', output],
  ];
}

/**
 * The clip as a browser MP4 (the container is checked by ffprobe, whatever it claims to be),
 * with the size, length, frame rate and sound of what is returned.
 */
export function browserVideo(data: Uint8Array, signal?: AbortSignal): Promise<TEncodedVideo> {
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'output.mp4');
    await writeFile(input, data);
    const source = await probeFile(input, signal);
    if (!source) throw new Error('The video has no picture');
    const copy = playsEverywhere(source);
    await runBinary('ffmpeg', mp4Arguments(input, output, copy), signal ? { signal } : {});
    const probe = await probeFile(output, signal);
    if (!probe) throw new Error('The video has no picture');
    return {
      data: await readFile(output),
      width: probe.width,
      height: probe.height,
      contentType: 'video/mp4',
      durationSeconds: probe.durationSeconds,
      fps: probe.fps,
      hasAudio: probe.hasAudio,
    };
  });
}

/** Downloads the video fal made (its URLs expire) and makes it a browser MP4. */
export async function falVideo(
  connection: TFalConnection,
  output: TFalVideoOutput,
  signal?: AbortSignal,
): Promise<TEncodedVideo> {
  const url = output.video?.url;
  if (!url) throw new Error('fal returned no video');
  return browserVideo(await connection.fetchFile(url), signal);
}
