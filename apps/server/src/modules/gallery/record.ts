/**
 * What a generator's output goes through before the creator sees it (docs/product/generate.md,
 * docs/product/video-and-products.md): the safety check (a video on frames sampled through it),
 * its likeness to the persona, its storage with a preview (a video's poster frame), and its
 * gallery row, written in the transaction that marks the job succeeded.
 */
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  estimatedMinor,
  GENERATE_TEXTS,
  MINOR_OUTPUT_TEXTS,
  PERSONA_TEXTS,
  TALKING_TEXTS,
  VIDEO_TEXTS,
  type TContentCredentialsStep,
  type TContentCredentialsSummary,
  type TJobTool,
} from '@muse/shared';
import sharp from 'sharp';
import type { TDatabase } from '../../db/client';
import { galleryItems, type jobs, type TJobFileRow } from '../../db/schema';
import type { TFaceAnalyser } from '../../engines/faces';
import type { TFaceDescriptions } from '../../engines/local/face-check';
import { extractFrames } from '../../engines/local/video/ffmpeg';
import type { TSafetyChecker } from '../../engines/safety';
import type { TRunContext } from '../../engines/types';
import type { TContentCredentials, TCredentialsSummary } from '../../lib/content-credentials';
import type { TStorage } from '../../lib/storage';
import { findInfluencer, type TInfluencerView } from '../influencers/service';
import {
  asBuffer,
  storeOutput,
  type TExecution,
  type TProvenance,
  type TToolResult,
} from '../jobs/outputs';
import { JobFailure } from '../jobs/queue';
import { identityScore } from '../personas/checks';
import { referenceEmbeddings } from '../personas/service';
import { recordRefusal } from '../safety/refusals';
import { findGalleryItem } from './service';

type TJobRow = typeof jobs.$inferSelect;

export type TGalleryDeps = {
  storage: TStorage;
  faces: TFaceAnalyser;
  safety: TSafetyChecker;
  credentials: TContentCredentials;
};

/** The gallery's small preview of a picture. */
export const THUMBNAIL_SIDE = 384;
/** Frames of a video checked for safety and scored for likeness. */
const VIDEO_SAMPLES = 4;
/** The poster frame's longer side: sharp in the player, small to load. */
const POSTER_SIDE = 1280;

/** Who and what the output shows, for its gallery row. */
export type TGalleryMeta = {
  tool: TJobTool;
  influencer: TInfluencerView | null;
  prompt: string;
  productId?: string | null;
  /**
   * Why the image it was made from has no identity score: an upscale or edit of it has none for
   * the same reason (a reference copy stays one).
   */
  unscoredBecause?: string | null;
  /**
   * What its Content Credentials say it is: made ('created', with the file it was made from as
   * an input, if any) or changed from its parent ('edited'). The engine is the job's; the model
   * the one the engine reported, else the local engine's name.
   */
  provenance: Pick<TProvenance, 'action' | 'parent'>;
};

/**
 * The file a job was made from, for its Content Credentials: the gallery item as stored (with the
 * manifest it carries) when the input was read from one, else the job's input as stored.
 */
export async function jobParent(
  db: TDatabase,
  storage: TStorage,
  row: TJobRow,
  input: Buffer,
): Promise<NonNullable<TProvenance['parent']>> {
  const galleryId = row.input?.galleryId;
  const item = galleryId
    ? await findGalleryItem(db, row.workspaceId, galleryId).catch(() => null)
    : null;
  const stored = item ? await storage.get(item.key) : null;
  if (item && stored) return { data: await buffer(stored.stream), contentType: item.contentType };
  // Deleted since, or an upload: the input the engine was given.
  if (!row.input) throw new Error('The job has no input to name as its parent');
  return { data: input, contentType: row.input.contentType };
}

/**
 * 0–100 against the persona's reference faces, or null with the reason. A video scores the mean
 * of its sampled frames that show a face. Only what an engine made is scored: an offline
 * preview's persona is a copy of a photo (its reference photo, or the still a video moves
 * through), so a score would only measure that photo (docs/product/generate.md).
 */
async function likeness(
  db: TDatabase,
  influencer: TInfluencerView | null,
  pictures: TFaceDescriptions[],
  {
    isVideo,
    preview,
    tool,
    unscoredBecause,
  }: Pick<TGalleryMeta, 'tool' | 'unscoredBecause'> & { isVideo: boolean; preview: boolean },
): Promise<{ score: number | null; note: string | null }> {
  if (!influencer) return { score: null, note: null };
  if (unscoredBecause !== undefined) return { score: null, note: unscoredBecause };
  if (preview) {
    // A video preview moves through any still; the others copy the persona's reference photo.
    const note =
      tool === 'generate-video'
        ? VIDEO_TEXTS.previewNotScored
        : tool === 'talking-video'
          ? TALKING_TEXTS.previewNotScored
          : GENERATE_TEXTS.previewNotScored;
    return { score: null, note };
  }
  const references = await referenceEmbeddings(db, influencer);
  if (!references.length) return { score: null, note: PERSONA_TEXTS.noReferenceFaces };
  const scores: number[] = [];
  for (const picture of pictures) {
    const score = identityScore(picture.embeddings, references);
    if (score !== null) scores.push(score);
  }
  if (!scores.length)
    return { score: null, note: isVideo ? VIDEO_TEXTS.noFaceToScore : PERSONA_TEXTS.noFaceToScore };
  return { score: Math.round(scores.reduce((sum, s) => sum + s, 0) / scores.length), note: null };
}

/**
 * Fails the job (refunded, like an unsafe output) when a face in the output is estimated under
 * the age threshold; the refusal is kept for the operators' review, the output is not.
 */
async function withholdMinor(
  db: TDatabase,
  row: TJobRow,
  meta: TGalleryMeta,
  described: TFaceDescriptions[],
  isVideo: boolean,
): Promise<void> {
  const youngest = Math.min(...described.flatMap((picture) => picture.ages));
  if (!estimatedMinor(youngest)) return;
  await recordRefusal(db, {
    userId: row.createdBy,
    kind: 'output',
    tool: meta.tool,
    estimatedAge: youngest,
    influencerId: meta.influencer?.id ?? null,
    jobId: row.id,
  });
  throw new JobFailure(isVideo ? MINOR_OUTPUT_TEXTS.video : MINOR_OUTPUT_TEXTS.image);
}

/** A step of a file's chain: what one manifest says. */
const stepOf = (summary: TCredentialsSummary): TContentCredentialsStep => ({
  action: summary.action,
  engine: summary.engine,
  model: summary.model,
  signedAt: summary.signedAt,
});

/** The ingredients' manifests, flattened, oldest first (a parent's own parents before it). */
function chainOf(summary: TCredentialsSummary): TContentCredentialsStep[] {
  return summary.ingredients.flatMap((ingredient) => [...chainOf(ingredient), stepOf(ingredient)]);
}

/** The gallery's stored summary of a file's Content Credentials; null when it has none. */
export function storedCredentials(
  summary: TCredentialsSummary | null,
): TContentCredentialsSummary | null {
  if (!summary) return null;
  return {
    ...stepOf(summary),
    digitalSourceType: summary.digitalSourceType,
    softwareAgent: summary.softwareAgent,
    chain: chainOf(summary),
  };
}

/** Checks, scores and stores a job's one output, and writes it to the gallery on success. */
export async function keepInGallery(
  db: TDatabase,
  deps: TGalleryDeps,
  row: TJobRow,
  result: TToolResult,
  meta: TGalleryMeta,
  context: TRunContext,
): Promise<TExecution> {
  const [output] = result.outputs;
  if (!output) throw new Error('The engine returned nothing');
  const bytes = asBuffer(output.data);
  const isVideo = output.contentType.startsWith('video/');

  context.onProgress(96, isVideo ? 'Checking the video' : 'Checking the image');
  const pictures = isVideo
    ? await extractFrames(bytes, VIDEO_SAMPLES, { maxSide: POSTER_SIDE, signal: context.signal })
    : [bytes];
  if (output.flagged)
    throw new JobFailure(isVideo ? VIDEO_TEXTS.withheld : GENERATE_TEXTS.withheld);
  for (const picture of pictures) {
    if ((await deps.safety.check(picture)).flagged)
      throw new JobFailure(isVideo ? VIDEO_TEXTS.withheld : GENERATE_TEXTS.withheld);
  }

  context.onProgress(98, 'Measuring the likeness');
  // One look at each picture's faces: their ages for the no-minors rule, then the likeness.
  const described: TFaceDescriptions[] = [];
  for (const picture of pictures) described.push(await deps.faces.describeFaces(picture));
  await withholdMinor(db, row, meta, described, isVideo);
  // Priced when queued: only an offline preview is free.
  const preview = row.cost === 0;
  const { score, note } = await likeness(db, meta.influencer, described, {
    isVideo,
    preview,
    tool: meta.tool,
    unscoredBecause: meta.unscoredBecause,
  });
  // Signed once checked, before it is stored: every copy of the file carries the manifest.
  const { file: stored, signed } = await storeOutput(deps, row, output, 0, {
    ...meta.provenance,
    engine: row.engine,
    model: output.model ?? (row.engine === 'fal' ? null : row.engine),
  });
  // Read back from the signed bytes, so the gallery shows what the file itself says.
  const credentials = storedCredentials(await deps.credentials.read(signed, output.contentType));
  const folder = `users/${row.workspaceId}/jobs/${row.id}`;
  const thumbnailKey = `${folder}/preview-0.webp`;
  await deps.storage.put(
    thumbnailKey,
    await sharp(pictures[0])
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside' })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  let posterKey: string | undefined;
  if (isVideo) {
    posterKey = `${folder}/poster-0.webp`;
    await deps.storage.put(posterKey, await sharp(pictures[0]).webp({ quality: 82 }).toBuffer());
  }
  const galleryId = randomUUID();
  const file: TJobFileRow = {
    ...stored,
    galleryId,
    identityScore: score,
    scoreNote: note,
    ...(posterKey ? { posterKey } : {}),
    ...(output.durationSeconds !== undefined ? { durationSeconds: output.durationSeconds } : {}),
  };
  return {
    outputs: [file],
    prompt: null,
    details: result.details ?? {},
    commit: async (tx) => {
      await tx.insert(galleryItems).values({
        id: galleryId,
        workspaceId: row.workspaceId,
        jobId: row.id,
        influencerId: meta.influencer?.id ?? null,
        influencerName: meta.influencer?.name ?? null,
        kind: isVideo ? 'video' : 'image',
        tool: meta.tool,
        productId: meta.productId ?? null,
        durationMs:
          output.durationSeconds === undefined ? null : Math.round(output.durationSeconds * 1000),
        key: file.key,
        thumbnailKey,
        width: file.width,
        height: file.height,
        contentType: file.contentType,
        fileName: file.fileName,
        prompt: meta.prompt,
        identityScore: score,
        scoreNote: note,
        engine: row.engine,
        preview,
        credentials,
      });
    },
  };
}

/**
 * Keeps an upscale or an edit in the gallery like any tool's output (its tool shown). Made from a
 * gallery image, it keeps that image's persona and words, and is scored only when that image
 * was; made from an upload, it belongs to no persona.
 */
export async function keepEditInGallery(
  db: TDatabase,
  deps: TGalleryDeps,
  row: TJobRow,
  result: TToolResult,
  {
    tool,
    instruction,
    input,
  }: { tool: 'upscale' | 'edit-image'; instruction: string | null; input: Buffer },
  context: TRunContext,
): Promise<TExecution> {
  const sourceId = row.input?.galleryId;
  const source = sourceId
    ? await findGalleryItem(db, row.workspaceId, sourceId).catch(() => null)
    : null;
  const influencer = source?.influencerId
    ? await findInfluencer(db, row.workspaceId, source.influencerId).catch(() => null)
    : null;
  return keepInGallery(
    db,
    deps,
    row,
    result,
    {
      tool,
      influencer,
      prompt: instruction ?? source?.prompt ?? '',
      ...(source && source.identityScore === null ? { unscoredBecause: source.scoreNote } : {}),
      provenance: { action: 'edited', parent: await jobParent(db, deps.storage, row, input) },
    },
    context,
  );
}
