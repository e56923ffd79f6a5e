import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { CLAIM_TEXTS, LICENCES_PER_MODEL, type TMarketplaceClaim } from '@muse/shared';
import { and, asc, count, desc, eq, isNotNull, notExists } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { influencers, marketplaceModels, modelLicences, personaPhotos } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { processUploadedImage, type TProcessedImage } from '../../lib/images';
import type { TPersonaWriter } from '../influencers/persona-writer';
import { createInfluencer, findInfluencer, type TFilesDeps } from '../influencers/service';
import type { TFaceAnalyser } from '../../engines/faces';
import { differenceHash } from '../../engines/local/face-check';
import { addLicensedPortraits } from '../personas/service';
import { marketplaceChanged } from './list-cache';
import { portraitKey, readPortrait } from './service';

export class ModelFullyClaimedError extends AppError {
  constructor() {
    super(409, CLAIM_TEXTS.fullyClaimed, 'MODEL_FULLY_CLAIMED');
  }
}

/**
 * Takes one of the model's 5 licences for the user, inside the caller's transaction. The model
 * row is the lock: concurrent claims of one model queue on it, so none is ever the sixth. The
 * lock is FOR NO KEY UPDATE, which does not conflict with the key-share lock the influencer's
 * foreign key to the model already holds, so two claims cannot deadlock on it.
 * Returns false when the user already holds one.
 */
/**
 * The licence terms a creator accepted, recorded with the licence they take; null only for an
 * onboarding pick saved before the terms were asked for.
 */
export type TAcceptedTerms = { version: string; acceptedAt: Date };

export async function claimLicence(
  tx: TQueryable,
  workspaceId: string,
  modelId: number,
  terms: TAcceptedTerms | null,
) {
  const [model] = await tx
    .select({ id: marketplaceModels.id, blackedOut: marketplaceModels.isBlackedOut })
    .from(marketplaceModels)
    .where(eq(marketplaceModels.id, modelId))
    .for('no key update');
  if (!model || model.blackedOut) throw new ModelFullyClaimedError();
  const [held] = await tx
    .select({ id: modelLicences.id })
    .from(modelLicences)
    .where(and(eq(modelLicences.modelId, modelId), eq(modelLicences.workspaceId, workspaceId)));
  if (held) return false;
  const [claimed] = await tx
    .select({ total: count() })
    .from(modelLicences)
    .where(eq(modelLicences.modelId, modelId));
  if ((claimed?.total ?? 0) >= LICENCES_PER_MODEL) throw new ModelFullyClaimedError();
  await tx.insert(modelLicences).values({
    modelId,
    workspaceId,
    termsVersion: terms?.version ?? null,
    termsAcceptedAt: terms?.acceptedAt ?? null,
  });
  // Whoever claims (the marketplace, onboarding), the cached list forgets the old count.
  marketplaceChanged();
  return true;
}

/** The model's first portrait, re-encoded as an influencer picture. */
export async function readTemplateImage(
  db: TDatabase,
  deps: TFilesDeps,
  modelId: number,
): Promise<TProcessedImage | null> {
  const portrait = await readPortrait(db, deps.storage, modelId, 0, 'full').catch(() => null);
  if (!portrait) return null;
  return processUploadedImage(await buffer(portrait.stream));
}

export type TLicensedPortrait = Parameters<typeof addLicensedPortraits>[3][number];

/**
 * The measured portraits of a model's current image version, shared by every claim of it: the
 * files are the marketplace's own, and each is measured once per process.
 */
const measured = new Map<string, Promise<TLicensedPortrait[]>>();

/** A model's portraits, measured, to become a persona's reference photos. */
export async function licensedPortraits(
  db: TDatabase,
  deps: TFilesDeps & { faces: TFaceAnalyser },
  modelOrId: typeof marketplaceModels.$inferSelect | number,
): Promise<TLicensedPortrait[]> {
  const model =
    typeof modelOrId === 'number'
      ? (await db.select().from(marketplaceModels).where(eq(marketplaceModels.id, modelOrId)))[0]
      : modelOrId;
  if (!model) return [];
  // The catalogue's own drawings (image version 1): a drawn face says nothing about a person's,
  // so it is never measured, and no identity score is invented from it.
  const drawn = model.imageVersion === 1;
  const cacheKey = `${model.id}:${model.imageVersion}`;
  let pending = measured.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      const portraits: TLicensedPortrait[] = [];
      for (let position = 0; position < model.imageCount; position++) {
        const file = await readPortrait(db, deps.storage, model.id, position, 'full');
        if (!file) continue;
        const bytes = await buffer(file.stream);
        const analysis = drawn
          ? await describeDrawing(bytes)
          : await measurePhoto(deps.faces, bytes);
        portraits.push({
          analysis,
          keys: {
            image: portraitKey(model.id, model.imageVersion, position, 'full'),
            thumbnail: portraitKey(model.id, model.imageVersion, position, 'card'),
          },
        });
      }
      return portraits;
    })();
    measured.set(cacheKey, pending);
    pending.catch(() => measured.delete(cacheKey));
  }
  return pending;
}

type TPortraitAnalysis = TLicensedPortrait['analysis'];

async function measurePhoto(faces: TFaceAnalyser, bytes: Buffer): Promise<TPortraitAnalysis> {
  // The stored forms are not kept: the portrait's own files are the persona's.
  const { faces: found, width, height, sha256, dhash, sharpness } = await faces.analysePhoto(bytes);
  return { faces: found, width, height, sha256, dhash, sharpness };
}

/** A drawing as a reference photo: its size and hashes, no face. */
async function describeDrawing(bytes: Buffer): Promise<TPortraitAnalysis> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return {
    width,
    height,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    dhash: await differenceHash(bytes),
    faces: [],
    sharpness: null,
  };
}

/**
 * The models the creator holds a licence of, each with their newest influencer made of it (null
 * once deleted: the licence stays theirs), so the marketplace offers to open it instead of a claim.
 */
export async function listClaims(db: TDatabase, workspaceId: string): Promise<TMarketplaceClaim[]> {
  const [licences, made] = await Promise.all([
    db
      .select({ modelId: modelLicences.modelId })
      .from(modelLicences)
      .where(eq(modelLicences.workspaceId, workspaceId))
      .orderBy(asc(modelLicences.modelId)),
    db
      .select({ id: influencers.id, modelId: influencers.modelId })
      .from(influencers)
      .where(and(eq(influencers.workspaceId, workspaceId), isNotNull(influencers.modelId)))
      .orderBy(desc(influencers.createdAt), desc(influencers.id)),
  ]);
  return licences.map(({ modelId }) => ({
    modelId,
    influencerId: made.find((influencer) => influencer.modelId === modelId)?.id ?? null,
  }));
}

/** "Hair: Blonde · Body: Athletic · Ethnicity: Nordic · Age: 24", leaving out n/a values. */
function attributesLine(model: typeof marketplaceModels.$inferSelect): string {
  const parts = [
    ['Hair', model.hair],
    ['Body', model.body],
    ['Ethnicity', model.ethnicity],
    ['Age', model.age > 0 ? String(model.age) : 'n/a'],
  ].filter(([, value]) => value && value !== 'n/a');
  return parts.map(([label, value]) => `${label}: ${value}`).join(' · ');
}

/**
 * Claims a marketplace model: one of its licences and one influencer slot (its model token
 * spent), together or not at all. The influencer gets the model's about text and attributes,
 * its first portrait as picture, and all its portraits as the persona's reference photos.
 */
export async function claimModel(
  db: TDatabase,
  deps: TFilesDeps & { faces: TFaceAnalyser },
  personaWriter: TPersonaWriter,
  workspaceId: string,
  modelId: number,
  terms: TAcceptedTerms,
) {
  const [model] = await db
    .select()
    .from(marketplaceModels)
    .where(eq(marketplaceModels.id, modelId));
  if (!model || model.isBlackedOut) throw notFound(CLAIM_TEXTS.unavailable, 'MODEL_NOT_FOUND');
  const persona = await personaWriter.write('lifestyle');
  const attributes = attributesLine(model);
  const about = model.about ?? `${model.name}, from the Muse marketplace.`;
  const portraits = await licensedPortraits(db, deps, model);
  const created = await createInfluencer(
    db,
    deps,
    workspaceId,
    {
      name: model.name,
      niche: 'lifestyle',
      personality: persona.personality,
      target_audience: persona.target_audience,
      description: attributes ? `${about}\n\n${attributes}` : about,
      modelId,
      image: await readTemplateImage(db, deps, modelId),
    },
    async (tx, row) => {
      if (!(await claimLicence(tx, workspaceId, modelId, terms)))
        throw new AppError(409, CLAIM_TEXTS.alreadyHeld, 'MODEL_ALREADY_HELD');
      await addLicensedPortraits(tx, workspaceId, row.id, portraits);
    },
  );
  // Read again: the portraits changed its count of reference photos after it was written.
  return findInfluencer(db, workspaceId, created.id);
}

/**
 * Gives every claimed influencer without reference photos its model's portraits (influencers
 * claimed before personas kept photos). Idempotent: each is written under the influencer's row
 * lock, only if it still has none, so instances starting together do it once.
 */
export async function backfillLicensedPortraits(
  db: TDatabase,
  deps: TFilesDeps & { faces: TFaceAnalyser },
  signal?: AbortSignal,
): Promise<number> {
  const waiting = await db
    .select({
      id: influencers.id,
      workspaceId: influencers.workspaceId,
      modelId: influencers.modelId,
    })
    .from(influencers)
    .where(
      and(
        isNotNull(influencers.modelId),
        notExists(
          db
            .select({ id: personaPhotos.id })
            .from(personaPhotos)
            .where(eq(personaPhotos.influencerId, influencers.id)),
        ),
      ),
    );
  let filled = 0;
  for (const influencer of waiting) {
    if (signal?.aborted) break;
    const portraits = await licensedPortraits(db, deps, influencer.modelId!);
    const wrote = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: influencers.id })
        .from(influencers)
        .where(eq(influencers.id, influencer.id))
        .for('update');
      if (!locked) return false;
      const [held] = await tx
        .select({ id: personaPhotos.id })
        .from(personaPhotos)
        .where(eq(personaPhotos.influencerId, influencer.id))
        .limit(1);
      if (held) return false;
      await addLicensedPortraits(tx, influencer.workspaceId, influencer.id, portraits);
      return true;
    });
    if (wrote) filled += 1;
  }
  return filled;
}
