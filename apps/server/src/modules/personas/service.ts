import { randomUUID } from 'node:crypto';
import {
  estimatedMinor,
  INFLUENCER_TEXTS,
  PERSONA_MINORS_TEXT,
  PERSONA_PHOTOS,
  PERSONA_TEXTS,
  type TPersona,
  type TPersonaPhoto,
  isUuid,
} from '@muse/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDatabase, TQueryable } from '../../db/client';
import { influencers, jobs, personaPhotos } from '../../db/schema';
import type { TFaceAnalyser } from '../../engines/faces';
import { UnreadablePhotoError, type TPhotoAnalysis } from '../../engines/local/face-check';
import type { TTrainingEngine } from '../../engines/training';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TStorage } from '../../lib/storage';
import { getBalances } from '../billing/ledger';
import { likenessRefusal, toPublicLikeness } from '../influencers/likeness';
import { findInfluencer, personaState, type TInfluencerView } from '../influencers/service';
import { toPublicJob } from '../jobs/public';
import { recordRefusal } from '../safety/refusals';
import { identityScore } from './checks';
import { judge, LICENSED, listPhotos } from './photo-set';
import { decodeHeic, isHeic } from './heic';

export type TPersonaDeps = {
  storage: TStorage;
  files: TFileUrlSigner;
  faces: TFaceAnalyser;
  training: TTrainingEngine;
};

const photoNotFound = () => notFound(PERSONA_TEXTS.photoNotFound, 'PHOTO_NOT_FOUND');

/** The formats a persona photo may be, by its bytes (HEIC is decoded before sharp sees it). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Judges the set again and keeps the influencer's count of passing photos, inside the
 * transaction that changed the set (which holds the influencer's row lock).
 */
async function recount(tx: TQueryable, influencerId: string): Promise<void> {
  const rows = await listPhotos(tx, influencerId);
  const verdicts = judge(rows);
  const passing = rows.filter((row) => verdicts.get(row.id)?.ok).length;
  await tx
    .update(influencers)
    .set({ passingPhotos: passing, updatedAt: new Date() })
    .where(eq(influencers.id, influencerId));
}

/** Locks the creator's influencer row for a change of its set; 404 for anyone else's. */
export async function lockInfluencer(tx: TQueryable, workspaceId: string, influencerId: string) {
  if (!isUuid(influencerId)) throw notFound(INFLUENCER_TEXTS.notFound, 'INFLUENCER_NOT_FOUND');
  const [row] = await tx
    .select({ id: influencers.id })
    .from(influencers)
    .where(and(eq(influencers.id, influencerId), eq(influencers.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw notFound(INFLUENCER_TEXTS.notFound, 'INFLUENCER_NOT_FOUND');
}

/** The persona of one of the creator's influencers, as its page shows it. */
export async function getPersona(
  db: TDatabase,
  deps: Pick<TPersonaDeps, 'files' | 'training'>,
  workspaceId: string,
  influencerId: string,
  influencer?: TInfluencerView,
): Promise<TPersona> {
  const row = influencer ?? (await findInfluencer(db, workspaceId, influencerId));
  const [photos, balances, trainingJob] = await Promise.all([
    listPhotos(db, row.id),
    getBalances(db, workspaceId),
    row.trainingJobId
      ? db
          .select()
          .from(jobs)
          .where(and(eq(jobs.id, row.trainingJobId), eq(jobs.workspaceId, workspaceId)))
          .then((found) => found[0] ?? null)
      : Promise.resolve(null),
  ]);
  const state = personaState(row);
  const verdicts = judge(photos);
  const publicPhotos: TPersonaPhoto[] = photos.map((photo, index) => {
    const verdict = verdicts.get(photo.id) ?? LICENSED;
    return {
      id: photo.id,
      number: index + 1,
      source: photo.source,
      url: deps.files.sign(photo.imageKey),
      thumbnail: deps.files.sign(photo.thumbnailKey),
      width: photo.width,
      height: photo.height,
      faces: photo.faceCount,
      verdict,
      reference: state.made && verdict.ok,
      createdAt: photo.createdAt.toISOString(),
    };
  });
  const passing = publicPhotos.filter((photo) => photo.verdict.ok).length;
  return {
    influencerId: row.id,
    kind: row.modelId !== null ? 'marketplace' : 'custom',
    status: state.status,
    ready: state.ready,
    engine: deps.training.name,
    trained: !!row.loraKey,
    triggerWord: row.triggerWord,
    photos: publicPhotos,
    passing,
    canTrain:
      !state.made &&
      !state.training &&
      passing >= PERSONA_PHOTOS.minToTrain &&
      !likenessRefusal(row.likeness),
    scoreable: publicPhotos.some(
      (photo, index) => photo.reference && !!photos[index]?.embedding?.length,
    ),
    training: trainingJob ? toPublicJob(trainingJob, deps.files) : null,
    modelTokens: balances.modelTokens,
    likeness: toPublicLikeness(row.likeness),
  };
}

/** Decodes an upload into something sharp reads, refusing anything but a photo. */
export async function readablePhoto(data: Buffer): Promise<Buffer> {
  if (await isHeic(data)) {
    try {
      return await decodeHeic(data);
    } catch {
      throw notAPhoto();
    }
  }
  const metadata = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !PHOTO_FORMATS.has(metadata.format) || !metadata.width)
    throw notAPhoto();
  return data;
}

export const notAPhoto = () => badRequest(PERSONA_TEXTS.notAPhoto);

/**
 * Measures a photo (in the face thread) and stores its upright copy and thumbnail. A photo with
 * a face estimated under the age threshold is refused before anything is stored, and the refusal
 * kept for the operators' review (docs/product/trust-and-safety.md, 'No minors').
 */
async function measureAndStore(
  db: TDatabase,
  deps: TPersonaDeps,
  workspaceId: string,
  influencerId: string,
  upload: Buffer,
  /** Who added it: kept with a refusal. */
  actorId: string | null,
): Promise<{ id: string; analysis: TPhotoAnalysis; keys: { image: string; thumbnail: string } }> {
  const readable = await readablePhoto(upload);
  const analysis = await deps.faces.analysePhoto(readable).catch((error: unknown) => {
    if (error instanceof UnreadablePhotoError) throw notAPhoto();
    throw error;
  });
  const youngest = Math.min(...analysis.faces.map((face) => face.estimatedAge ?? Infinity));
  if (estimatedMinor(youngest)) {
    await recordRefusal(db, {
      userId: actorId,
      kind: 'photo',
      tool: 'persona-photo',
      estimatedAge: youngest,
      influencerId,
    });
    throw badRequest(PERSONA_MINORS_TEXT, 'MINOR_REFUSED');
  }
  const id = randomUUID();
  const base = `users/${workspaceId}/influencers/${influencerId}/photos/${id}`;
  const keys = { image: `${base}.jpg`, thumbnail: `${base}-thumb.webp` };
  await Promise.all([
    deps.storage.put(keys.image, analysis.jpeg),
    deps.storage.put(keys.thumbnail, analysis.thumbnail),
  ]);
  return { id, analysis, keys };
}

function photoValues(
  id: string,
  workspaceId: string,
  influencerId: string,
  source: 'upload' | 'marketplace',
  analysis: Omit<TPhotoAnalysis, 'jpeg' | 'thumbnail'>,
  keys: { image: string; thumbnail: string },
): typeof personaPhotos.$inferInsert {
  const main = analysis.faces[0];
  return {
    id,
    influencerId,
    workspaceId,
    source,
    imageKey: keys.image,
    thumbnailKey: keys.thumbnail,
    width: analysis.width,
    height: analysis.height,
    sha256: analysis.sha256,
    dhash: analysis.dhash,
    faceCount: analysis.faces.length,
    faceBox: main ? main.box : null,
    faceCutOff: main?.cutOff ?? false,
    sharpness: analysis.sharpness,
    embedding: main?.embedding ?? null,
  };
}

/**
 * Adds one photo to a persona: checked by content, measured, stored, and written with the set
 * judged again, all or nothing. A persona keeps PERSONA_PHOTOS.max photos at most.
 */
export async function addPhoto(
  db: TDatabase,
  deps: TPersonaDeps,
  workspaceId: string,
  influencerId: string,
  upload: Buffer,
  /** The member who adds it; null for a program's key. */
  actorId: string | null,
): Promise<void> {
  await findInfluencer(db, workspaceId, influencerId);
  const { id, analysis, keys } = await measureAndStore(
    db,
    deps,
    workspaceId,
    influencerId,
    upload,
    actorId,
  );
  try {
    await db.transaction(async (tx) => {
      await lockInfluencer(tx, workspaceId, influencerId);
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(personaPhotos)
        .where(eq(personaPhotos.influencerId, influencerId));
      if ((held?.count ?? 0) >= PERSONA_PHOTOS.max)
        throw new AppError(409, PERSONA_TEXTS.tooManyPhotos, 'TOO_MANY_PHOTOS');
      await tx
        .insert(personaPhotos)
        .values(photoValues(id, workspaceId, influencerId, 'upload', analysis, keys));
      await recount(tx, influencerId);
    });
  } catch (error) {
    await Promise.all([deps.storage.delete(keys.image), deps.storage.delete(keys.thumbnail)]);
    throw error;
  }
}

/** Removes one of the creator's photos; the set is judged again. */
export async function removePhoto(
  db: TDatabase,
  deps: Pick<TPersonaDeps, 'storage'>,
  workspaceId: string,
  influencerId: string,
  photoId: string,
): Promise<void> {
  if (!isUuid(photoId)) throw photoNotFound();
  const removed = await db.transaction(async (tx) => {
    await lockInfluencer(tx, workspaceId, influencerId);
    const [row] = await tx
      .delete(personaPhotos)
      .where(
        and(
          eq(personaPhotos.id, photoId),
          eq(personaPhotos.influencerId, influencerId),
          eq(personaPhotos.workspaceId, workspaceId),
        ),
      )
      .returning();
    if (!row) throw photoNotFound();
    await recount(tx, influencerId);
    return row;
  });
  // A claimed model's portraits are shared files of the marketplace: only the row goes.
  if (removed.source === 'upload')
    await Promise.all([
      deps.storage.delete(removed.imageKey),
      deps.storage.delete(removed.thumbnailKey),
    ]);
}

/**
 * Writes a claimed model's portraits as its persona's reference photos, inside the claim's
 * transaction. The portraits are the marketplace's own files (shared, never deleted with it).
 */
export async function addLicensedPortraits(
  tx: TQueryable,
  workspaceId: string,
  influencerId: string,
  portraits: {
    analysis: Omit<TPhotoAnalysis, 'jpeg' | 'thumbnail'>;
    keys: { image: string; thumbnail: string };
  }[],
): Promise<void> {
  if (!portraits.length) return;
  const now = Date.now();
  await tx.insert(personaPhotos).values(
    portraits.map(({ analysis, keys }, index) => ({
      ...photoValues(randomUUID(), workspaceId, influencerId, 'marketplace', analysis, keys),
      // In portrait order, whatever the clock's resolution.
      createdAt: new Date(now + index),
    })),
  );
  await recount(tx, influencerId);
}

/**
 * The identity score of an image against a persona (docs/product/personas.md): 0–100 for the
 * face in it most like the persona's reference faces, or null with the reason.
 */
export async function scoreImage(
  db: TDatabase,
  deps: Pick<TPersonaDeps, 'faces'>,
  workspaceId: string,
  influencerId: string,
  image: Buffer,
): Promise<{ score: number | null; faces: number; reason: string | null }> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const readable = await readablePhoto(image);
  const faces = await deps.faces.faceEmbeddings(readable).catch((error: unknown) => {
    if (error instanceof UnreadablePhotoError) throw notAPhoto();
    throw error;
  });
  const references = await referenceEmbeddings(db, influencer);
  if (!references.length)
    return { score: null, faces: faces.length, reason: PERSONA_TEXTS.noReferenceFaces };
  if (!faces.length) return { score: null, faces: 0, reason: PERSONA_TEXTS.noFaceToScore };
  return { score: identityScore(faces, references), faces: faces.length, reason: null };
}

/** The face embeddings of a persona's reference photos (none before it is made). */
export async function referenceEmbeddings(
  db: TQueryable,
  influencer: TInfluencerView,
): Promise<number[][]> {
  if (!personaState(influencer).made) return [];
  const rows = await listPhotos(db, influencer.id);
  const verdicts = judge(rows);
  return rows.flatMap((row) =>
    verdicts.get(row.id)?.ok && row.embedding?.length ? [row.embedding] : [],
  );
}
