import { buffer } from 'node:stream/consumers';
import { CLAIM_TEXTS, LICENCES_PER_MODEL } from '@muse/shared';
import { and, count, eq } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { marketplaceModels, modelLicences } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { processUploadedImage, type TProcessedImage } from '../../lib/images';
import type { TPersonaWriter } from '../influencers/persona-writer';
import { createInfluencer, type TFilesDeps } from '../influencers/service';
import { readPortrait } from './service';

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
export async function claimLicence(tx: TQueryable, userId: string, modelId: number) {
  const [model] = await tx
    .select({ id: marketplaceModels.id, blackedOut: marketplaceModels.isBlackedOut })
    .from(marketplaceModels)
    .where(eq(marketplaceModels.id, modelId))
    .for('no key update');
  if (!model || model.blackedOut) throw new ModelFullyClaimedError();
  const [held] = await tx
    .select({ id: modelLicences.id })
    .from(modelLicences)
    .where(and(eq(modelLicences.modelId, modelId), eq(modelLicences.userId, userId)));
  if (held) return false;
  const [claimed] = await tx
    .select({ total: count() })
    .from(modelLicences)
    .where(eq(modelLicences.modelId, modelId));
  if ((claimed?.total ?? 0) >= LICENCES_PER_MODEL) throw new ModelFullyClaimedError();
  await tx.insert(modelLicences).values({ modelId, userId });
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

/**
 * Claims a marketplace model: one of its licences and one influencer slot, together or not at
 * all. The influencer starts as a lifestyle persona with the model's name and portrait.
 */
export async function claimModel(
  db: TDatabase,
  deps: TFilesDeps,
  personaWriter: TPersonaWriter,
  userId: string,
  modelId: number,
) {
  const [model] = await db
    .select()
    .from(marketplaceModels)
    .where(eq(marketplaceModels.id, modelId));
  if (!model || model.isBlackedOut) throw notFound(CLAIM_TEXTS.unavailable);
  const persona = await personaWriter.write('lifestyle');
  const traits = [model.hair, model.body, model.ethnicity]
    .filter((value) => value && value !== 'n/a')
    .join(', ');
  return createInfluencer(
    db,
    deps,
    userId,
    {
      name: model.name,
      niche: 'lifestyle',
      personality: persona.personality,
      target_audience: persona.target_audience,
      description:
        model.about ??
        `${model.name}, ${model.age}, from the Muse marketplace${traits ? `: ${traits}` : ''}.`,
      modelId,
      image: await readTemplateImage(db, deps, modelId),
    },
    async (tx) => {
      if (!(await claimLicence(tx, userId, modelId)))
        throw new AppError(409, CLAIM_TEXTS.alreadyHeld, 'MODEL_ALREADY_HELD');
    },
  );
}
