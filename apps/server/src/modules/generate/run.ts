/**
 * Running one generated image (docs/product/generate.md): the engine is told the persona as it
 * is now, the image passes the safety check, its likeness to the persona is measured, and it is
 * stored with a preview and written to the gallery in the transaction that marks the job done.
 */
import { randomUUID } from 'node:crypto';
import { GENERATE_TEXTS, PERSONA_TEXTS, type TGenerateOptions } from '@muse/shared';
import sharp from 'sharp';
import type { TDatabase } from '../../db/client';
import { galleryItems, type jobs } from '../../db/schema';
import type { TEngines } from '../../engines';
import type { TFaceAnalyser } from '../../engines/faces';
import type { TSafetyChecker } from '../../engines/safety';
import type { TRunContext } from '../../engines/types';
import { AppError } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import type { TInfluencerView } from '../influencers/service';
import { asBuffer, storeOutputs, withholdUnsafe, type TExecution } from '../jobs/outputs';
import { JobFailure } from '../jobs/queue';
import { runTool } from '../jobs/tools';
import { identityScore } from '../personas/checks';
import { referenceEmbeddings } from '../personas/service';
import { personaForJob } from './service';

type TJobRow = typeof jobs.$inferSelect;

export type TGenerationDeps = {
  storage: TStorage;
  engines: TEngines;
  faces: TFaceAnalyser;
  safety: TSafetyChecker;
};

/** The gallery's small preview of an image. */
export const THUMBNAIL_SIDE = 384;

/** 0–100 against the persona's reference faces, or null with the reason. */
async function likeness(
  db: TDatabase,
  faces: TFaceAnalyser,
  influencer: TInfluencerView | null,
  image: Buffer,
): Promise<{ score: number | null; note: string | null }> {
  if (!influencer) return { score: null, note: null };
  const references = await referenceEmbeddings(db, influencer);
  if (!references.length) return { score: null, note: PERSONA_TEXTS.noReferenceFaces };
  const found = await faces.faceEmbeddings(image);
  if (!found.length) return { score: null, note: PERSONA_TEXTS.noFaceToScore };
  return { score: identityScore(found, references), note: null };
}

export async function runGeneration(
  db: TDatabase,
  deps: TGenerationDeps,
  row: TJobRow,
  options: TGenerateOptions,
  input: Buffer,
  context: TRunContext,
): Promise<TExecution> {
  const { persona, influencer } = await personaForJob(db, row.userId, options.influencerId).catch(
    (error: unknown) => {
      // The influencer was deleted after the job was queued.
      if (error instanceof AppError && error.statusCode === 404)
        throw new JobFailure(GENERATE_TEXTS.influencerGone);
      throw error;
    },
  );
  const result = await runTool(
    'generate-image',
    options,
    { persona },
    deps.engines,
    input,
    context,
  );
  context.onProgress(96, 'Checking the image');
  await withholdUnsafe(deps.safety, result.outputs);
  const [image] = result.outputs;
  if (!image) throw new Error('The engine returned no image');
  const bytes = asBuffer(image.data);

  context.onProgress(98, 'Measuring the likeness');
  const { score, note } = await likeness(db, deps.faces, influencer, bytes);
  const galleryId = randomUUID();
  const [stored] = await storeOutputs(deps.storage, row, [image]);
  const thumbnailKey = `users/${row.userId}/jobs/${row.id}/preview-0.webp`;
  await deps.storage.put(
    thumbnailKey,
    await sharp(bytes)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside' })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  const output = { ...stored!, galleryId, identityScore: score, scoreNote: note };
  return {
    outputs: [output],
    prompt: null,
    details: result.details ?? {},
    commit: async (tx) => {
      await tx.insert(galleryItems).values({
        id: galleryId,
        userId: row.userId,
        jobId: row.id,
        influencerId: influencer?.id ?? null,
        influencerName: influencer?.name ?? null,
        kind: 'image',
        key: output.key,
        thumbnailKey,
        width: output.width,
        height: output.height,
        contentType: output.contentType,
        fileName: output.fileName,
        prompt: options.prompt,
        identityScore: score,
        scoreNote: note,
        engine: row.engine,
        // Priced when queued: only an offline preview is free.
        preview: row.cost === 0,
      });
    },
  };
}
