/**
 * What the generators know of a persona (docs/product/generate.md,
 * docs/product/video-and-products.md): its best reference photo, and the persona as it is when
 * a job runs. Influencers are the account's own: another account's answer 404 like unknown ones.
 */
import { buffer } from 'node:stream/consumers';
import { GENERATE_TEXTS, VIDEO_TEXTS } from '@muse/shared';
import type { TDatabase, TQueryable } from '../../db/client';
import type { TJobFileRow } from '../../db/schema';
import type { TPersonaRef } from '../../engines/types';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import { findInfluencer, type TInfluencerView } from '../influencers/service';
import { JobFailure } from '../jobs/queue';
import { centralIndex } from './checks';
import { judge, listPhotos } from './photo-set';

/**
 * The persona's best reference photo: of the photos that pass the checks and have a measured
 * face, the most central one (most like all the others); else the first passing photo (a claimed
 * model's portrait). Null when it has none.
 */
export async function bestReference(
  db: TQueryable,
  influencerId: string,
): Promise<TJobFileRow | null> {
  const rows = await listPhotos(db, influencerId);
  const verdicts = judge(rows);
  const passing = rows.filter((row) => verdicts.get(row.id)?.ok);
  const measured = passing.filter((row) => row.embedding?.length);
  const best = measured.length
    ? measured[centralIndex(measured.map((row) => row.embedding!))]
    : passing[0];
  if (!best) return null;
  return {
    key: best.imageKey,
    width: best.width,
    height: best.height,
    contentType: 'image/jpeg',
    fileName: 'muse-persona-reference.jpg',
  };
}

/**
 * What the engine is told about the persona of a queued generation, read when it runs: the
 * persona may have been trained since. A deleted influencer fails the job (refunded).
 */
export async function personaForJob(
  db: TQueryable,
  workspaceId: string,
  influencerId: string | null,
): Promise<{ persona: TPersonaRef | null; influencer: TInfluencerView | null }> {
  if (!influencerId) return { persona: null, influencer: null };
  const influencer = await findInfluencer(db, workspaceId, influencerId).catch(() => null);
  if (!influencer) throw notFound(GENERATE_TEXTS.influencerNotFound, 'INFLUENCER_NOT_FOUND');
  return {
    influencer,
    persona: {
      name: influencer.name,
      triggerWord: influencer.loraKey ? influencer.triggerWord : null,
      loraKey: influencer.loraKey,
    },
  };
}

export async function readStored(storage: TStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  return stored ? buffer(stored.stream) : null;
}

/** The key of the persona's best reference photo; refused when it has none yet. */
export async function personaPhotoKey(
  db: TDatabase,
  storage: TStorage,
  workspaceId: string,
  id: string,
) {
  const influencer = await findInfluencer(db, workspaceId, id);
  const reference = await bestReference(db, influencer.id);
  if (!reference || !(await storage.exists(reference.key)))
    throw badRequest(VIDEO_TEXTS.personaNotReady, 'PERSONA_NOT_READY');
  return reference.key;
}

/** A 404 while the job ran means its persona or product was deleted after it was queued. */
export function goneAs(reason: string) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.statusCode === 404) throw new JobFailure(reason);
    throw error;
  };
}

/** The persona of a job, and the bytes of its best reference photo. */
export async function personaWithPhoto(
  db: TDatabase,
  storage: TStorage,
  workspaceId: string,
  influencerId: string,
) {
  const { persona, influencer } = await personaForJob(db, workspaceId, influencerId).catch(
    goneAs(VIDEO_TEXTS.influencerGone),
  );
  const reference = influencer ? await bestReference(db, influencer.id) : null;
  const stored = reference ? await storage.get(reference.key) : null;
  if (!persona || !influencer || !stored) throw new JobFailure(VIDEO_TEXTS.personaNotReady);
  return { persona, influencer, photo: new Uint8Array(await buffer(stored.stream)) };
}
