import { PREVIEW_TOOLS, type TJob, type TJobKind } from '@muse/shared';
import type { jobs, TJobFileRow } from '../../db/schema';
import type { TFileUrlSigner } from '../../lib/file-urls';

type TJobRow = typeof jobs.$inferSelect;

function isPreviewTool(kind: TJobKind): boolean {
  return (PREVIEW_TOOLS as readonly string[]).includes(kind);
}

function publicFile(file: TJobFileRow | null | undefined, files: TFileUrlSigner) {
  if (!file) return null;
  return {
    url: files.sign(file.key),
    width: file.width,
    height: file.height,
    contentType: file.contentType,
    fileName: file.fileName,
    ...(file.galleryId
      ? {
          galleryId: file.galleryId,
          identityScore: file.identityScore ?? null,
          scoreNote: file.scoreNote ?? null,
        }
      : {}),
    ...(file.posterKey ? { posterUrl: files.sign(file.posterKey) } : {}),
    ...(file.durationSeconds !== undefined ? { durationSeconds: file.durationSeconds } : {}),
  };
}

/** A job as the API answers it: files as signed, expiring URLs. */
export function toPublicJob(row: TJobRow, files: TFileUrlSigner): TJob {
  return {
    id: row.id,
    tool: row.tool,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    options: row.options,
    input: publicFile(row.input, files),
    outputs: row.outputs.map((file) => publicFile(file, files)!),
    prompt: row.prompt,
    draft: row.draft ?? null,
    cost: row.cost,
    failureReason: row.failureReason,
    engine: row.engine,
    // Only an offline preview is made for free (it is priced when queued).
    preview:
      (isPreviewTool(row.tool) && row.cost === 0) ||
      (row.tool === 'write-text' && row.engine === 'local'),
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
