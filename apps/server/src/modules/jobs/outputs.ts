/**
 * What a finished tool run leaves behind: every output passes the offline safety check before
 * anything of it is stored or shown (docs/product/tools.md), then is stored as the job's file.
 */
import { GENERATE_TEXTS } from '@muse/shared';
import type { TQueryable } from '../../db/client';
import type { jobs, TJobDetails, TJobFileRow } from '../../db/schema';
import type { TSafetyChecker } from '../../engines/safety';
import type { TEncodedImage, TEncodedVideo } from '../../engines/types';
import type { TStorage } from '../../lib/storage';
import { JobFailure } from './queue';

type TJobRow = typeof jobs.$inferSelect;

/**
 * An output to store: its bytes, a download name, whether the provider flagged it, and a video's
 * length.
 */
export type TToolOutput = Pick<TEncodedImage, 'data' | 'width' | 'height'> & {
  contentType: TEncodedImage['contentType'] | TEncodedVideo['contentType'];
  fileName: string;
  flagged?: boolean;
  durationSeconds?: number;
};

/** A tool's result from what its engine gave back: files with download names, or a prompt. */
export type TToolResult = { outputs: TToolOutput[]; prompt?: string; details?: TJobDetails };

const EXTENSIONS: Record<TToolOutput['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

/** An engine's image as an output named `base` and its type's extension. */
export function named(image: TEncodedImage & { flagged?: boolean }, base: string): TToolOutput {
  return {
    data: image.data,
    width: image.width,
    height: image.height,
    contentType: image.contentType,
    fileName: `${base}.${EXTENSIONS[image.contentType]}`,
    ...(image.flagged ? { flagged: true } : {}),
  };
}

/** An engine's video as an output named `base`, with its length. */
export function namedVideo(video: TEncodedVideo, base: string): TToolOutput {
  return {
    data: video.data,
    width: video.width,
    height: video.height,
    contentType: video.contentType,
    fileName: `${base}.${EXTENSIONS[video.contentType]}`,
    durationSeconds: video.durationSeconds,
    ...(video.flagged ? { flagged: true } : {}),
  };
}

/** What a run gives the job when it succeeds. */
export type TExecution = {
  outputs: TJobFileRow[];
  prompt: string | null;
  details?: TJobDetails;
  /** What the finished job says it did, when 'Done' would hide it (an offline training). */
  stage?: string;
  /** Written in the transaction that marks the job succeeded; throwing fails the job instead. */
  commit?: (tx: TQueryable) => Promise<void>;
};

export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Fails the job (refunded) when the provider flagged an output or the offline check does: the
 * output is never stored, so it cannot be shown.
 */
export async function withholdUnsafe(safety: TSafetyChecker, outputs: TToolOutput[]) {
  for (const output of outputs) {
    if (output.flagged) throw new JobFailure(GENERATE_TEXTS.withheld);
    const verdict = await safety.check(asBuffer(output.data));
    if (verdict.flagged) throw new JobFailure(GENERATE_TEXTS.withheld);
  }
}

/** Stores the outputs under the job's folder, in order. */
export async function storeOutputs(
  storage: TStorage,
  row: Pick<TJobRow, 'id' | 'userId'>,
  outputs: TToolOutput[],
): Promise<TJobFileRow[]> {
  const stored: TJobFileRow[] = [];
  for (const [index, output] of outputs.entries()) {
    const extension = output.fileName.split('.').pop();
    const key = `users/${row.userId}/jobs/${row.id}/output-${index}.${extension}`;
    await storage.put(key, asBuffer(output.data));
    stored.push({
      key,
      width: output.width,
      height: output.height,
      contentType: output.contentType,
      fileName: output.fileName,
    });
  }
  return stored;
}
