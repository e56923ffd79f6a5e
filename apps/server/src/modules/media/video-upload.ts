/**
 * The clip a face swap starts from (docs/product/video-and-products.md), checked on its own bytes
 * before anything is spent: its container (MP4, MOV or WEBM, told by its signature, not its
 * name), that it decodes, its length, its frame size, and that a face shows in it. Each refusal
 * says what is wrong and what to do.
 */
import { VIDEO_TEXTS, VIDEO_UPLOAD, videoTooLongText } from '@muse/shared';
import type { TFaceAnalyser } from '../../engines/faces';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  framesOfFile,
  probeFile,
  UnreadableVideoError,
  withTempDir,
  type TVideoProbe,
} from '../../engines/local/video/ffmpeg';
import { badRequest } from '../../lib/errors';

export type TCheckedVideo = {
  probe: TVideoProbe;
  extension: 'mp4' | 'mov' | 'webm';
  contentType: (typeof VIDEO_UPLOAD.types)[number];
};

/** Frames looked at for a face; one with a face is enough. */
const FACE_SAMPLES = 6;
/** A container's length may run a few frames past the whole second it was cut at. */
const LENGTH_SLACK_SECONDS = 0.25;

/** The container a file's first bytes announce, or null for anything else. */
export function videoContainer(data: Uint8Array): TCheckedVideo['extension'] | null {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 16));
  // EBML: Matroska, of which WEBM is a profile.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (head.length < 12) return null;
  // ISO base media files open with a box: 'ftyp' (its brand tells QuickTime), or a bare 'moov',
  // 'mdat', 'wide' or 'free' box in older QuickTime files.
  const box = head.toString('latin1', 4, 8);
  if (box === 'ftyp') return head.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return 'mov';
  return null;
}

const CONTENT_TYPES: Record<TCheckedVideo['extension'], TCheckedVideo['contentType']> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

export async function checkVideoUpload(
  data: Buffer,
  faces: Pick<TFaceAnalyser, 'faceEmbeddings'>,
): Promise<TCheckedVideo> {
  if (data.length > VIDEO_UPLOAD.maxBytes) throw badRequest(VIDEO_TEXTS.videoTooLarge);
  const extension = videoContainer(data);
  if (!extension) throw badRequest(VIDEO_TEXTS.videoWrongType);
  const unreadable = (error: unknown): never => {
    if (error instanceof UnreadableVideoError) throw badRequest(VIDEO_TEXTS.videoUnreadable);
    throw error;
  };
  // The clip is written once: probed, then sampled from the same file.
  const { probe, frames } = await withTempDir(async (dir) => {
    const file = path.join(dir, `clip.${extension}`);
    await writeFile(file, data);
    const found = await probeFile(file).catch(unreadable);
    if (!found) throw badRequest(VIDEO_TEXTS.videoNoPicture);
    if (!found.width || !found.height || !(found.durationSeconds > 0))
      throw badRequest(VIDEO_TEXTS.videoUnreadable);
    if (found.durationSeconds > VIDEO_UPLOAD.maxSeconds + LENGTH_SLACK_SECONDS)
      throw badRequest(videoTooLongText(found.durationSeconds));
    if (Math.max(found.width, found.height) > VIDEO_UPLOAD.maxSide)
      throw badRequest(VIDEO_TEXTS.videoTooBigFrame);
    // Decoding frames from start to end also finds a clip cut short after its header.
    return {
      probe: found,
      frames: await framesOfFile(file, found, FACE_SAMPLES).catch(unreadable),
    };
  });
  for (const frame of frames) {
    if ((await faces.faceEmbeddings(frame)).length)
      return { probe, extension, contentType: CONTENT_TYPES[extension] };
  }
  throw badRequest(VIDEO_TEXTS.noFaceInVideo);
}
