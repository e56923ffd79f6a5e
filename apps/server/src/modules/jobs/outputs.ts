/**
 * What a finished tool run leaves behind: every output passes the offline safety check before
 * anything of it is stored or shown (docs/product/tools.md), then is signed with its Content
 * Credentials (docs/decisions/0052-content-credentials.md) and stored as the job's file, so
 * every copy of it (downloads, posts) carries the manifest.
 */
import { GENERATE_TEXTS, type TDraft } from '@muse/shared';
import type { TQueryable } from '../../db/client';
import type { jobs, TJobDetails, TJobFileRow } from '../../db/schema';
import type { TSafetyChecker } from '../../engines/safety';
import type { TEncodedImage, TEncodedVideo } from '../../engines/types';
import type { TContentCredentials, TSignableType } from '../../lib/content-credentials';
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
  /** The engine's model that made it (a fal endpoint id), when the engine says. */
  model?: string;
};

/**
 * What an output's Content Credentials say of it: made by an engine ('created', from the parent
 * as an input when it has one, say a clip from a still) or changed from its parent ('edited'),
 * by which engine and model.
 */
export type TProvenance = {
  action: 'created' | 'edited';
  engine: string;
  model: string | null;
  parent: { data: Buffer; contentType: string } | null;
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
export function named(
  image: TEncodedImage & { flagged?: boolean; model?: string },
  base: string,
): TToolOutput {
  return {
    data: image.data,
    width: image.width,
    height: image.height,
    contentType: image.contentType,
    fileName: `${base}.${EXTENSIONS[image.contentType]}`,
    ...(image.flagged ? { flagged: true } : {}),
    ...(image.model ? { model: image.model } : {}),
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
    ...(video.model ? { model: video.model } : {}),
  };
}

/** What a run gives the job when it succeeds. */
export type TExecution = {
  outputs: TJobFileRow[];
  prompt: string | null;
  /** A draft's words (write-text). */
  draft?: TDraft;
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

/** The types Content Credentials are signed into: every type an output may have. */
const SIGNABLE: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'video/mp4',
] satisfies TSignableType[];

/**
 * An output's bytes with its signed Content Credentials. A type that cannot carry them throws:
 * nothing a tool makes is kept without them.
 */
export async function signOutput(
  credentials: TContentCredentials,
  output: Pick<TToolOutput, 'data' | 'contentType'>,
  provenance: TProvenance,
): Promise<Buffer> {
  // An engine thread's output crossed as plain data: its type is checked, not trusted.
  const { contentType } = output;
  if (!SIGNABLE.includes(contentType))
    throw new Error(`Content Credentials cannot be signed into ${String(contentType)}`);
  return credentials.sign({
    data: asBuffer(output.data),
    contentType,
    action: provenance.action,
    engine: provenance.engine,
    model: provenance.model,
    parent: provenance.parent,
  });
}

/**
 * Signs an output's Content Credentials and stores it as the job's output `index`; answers its
 * file row and the signed bytes (for reading its credentials back).
 */
export async function storeOutput(
  deps: { storage: TStorage; credentials: TContentCredentials },
  row: Pick<TJobRow, 'id' | 'workspaceId'>,
  output: TToolOutput,
  index: number,
  provenance: TProvenance,
): Promise<{ file: TJobFileRow; signed: Buffer }> {
  const extension = output.fileName.split('.').pop();
  const key = `users/${row.workspaceId}/jobs/${row.id}/output-${index}.${extension}`;
  const signed = await signOutput(deps.credentials, output, provenance);
  await deps.storage.put(key, signed);
  return {
    file: {
      key,
      width: output.width,
      height: output.height,
      contentType: output.contentType,
      fileName: output.fileName,
    },
    signed,
  };
}

/** Signs the outputs' Content Credentials and stores them under the job's folder, in order. */
export async function storeOutputs(
  deps: { storage: TStorage; credentials: TContentCredentials },
  row: Pick<TJobRow, 'id' | 'workspaceId'>,
  outputs: TToolOutput[],
  provenance: TProvenance,
): Promise<TJobFileRow[]> {
  const rows: TJobFileRow[] = [];
  for (const [index, output] of outputs.entries()) {
    rows.push((await storeOutput(deps, row, output, index, provenance)).file);
  }
  return rows;
}
