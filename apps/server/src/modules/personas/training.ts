/**
 * Training a custom persona (docs/product/personas.md): the photos that pass the checks are
 * zipped, a model token is spent and the job queued in one transaction, and the job's engine
 * trains (fal: a FLUX LoRA) or confirms the reference set (offline). A failed training gives the
 * token back through the job's refund, exactly once.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { PERSONA_PHOTOS, PERSONA_TEXTS } from '@muse/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { z } from 'zod';
import type { TDatabase, TQueryable } from '../../db/client';
import { influencers, jobs, type TJobFileRow } from '../../db/schema';
import type { TTrainingEngine } from '../../engines/training';
import type { TRunContext } from '../../engines/types';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import { debit, InsufficientBalanceError } from '../billing/ledger';
import { findInfluencer, personaState } from '../influencers/service';
import { checkJobRoom, laneOf, takeTurns } from '../jobs/fair-share';
import { JobFailure, queueAttempt } from '../jobs/queue';
import { judge, listPhotos } from './photo-set';

type TJobRow = typeof jobs.$inferSelect;

/** What a training job stores as its options, and reads back (parsed, not trusted) to run. */
const ZTrainingOptions = z.object({
  influencerId: z.uuid(),
  photos: z.number().int().min(1),
  triggerWord: z.string().min(1),
});
type TTrainingOptions = z.infer<typeof ZTrainingOptions>;

/** A trigger word unlike any English word, so prompts call up the persona and nothing else. */
export function newTriggerWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  const digits = '23456789';
  const pick = (set: string) => set[randomInt(set.length)]!;
  return `ms${pick(letters)}${pick(digits)}${pick(letters)}${pick(letters)}${pick(digits)}`;
}

/** The photos of a custom persona that pass every check, in upload order. */
async function passingPhotos(db: TQueryable, influencerId: string) {
  const rows = await listPhotos(db, influencerId);
  const verdicts = judge(rows);
  return rows.filter((row) => row.source === 'upload' && verdicts.get(row.id)?.ok);
}

/**
 * Starts training a custom persona: at least PERSONA_PHOTOS.minToTrain photos must pass. The
 * zip of those photos is stored as the job's input; the model token (reference `job:<id>`) is
 * spent, the job written and queued, and the influencer pointed at it, in one transaction.
 */
export async function startTraining(
  db: TDatabase,
  deps: { storage: TStorage; training: TTrainingEngine },
  userId: string,
  influencerId: string,
): Promise<TJobRow> {
  const influencer = await findInfluencer(db, userId, influencerId);
  const state = personaState(influencer);
  if (state.training) throw conflict(PERSONA_TEXTS.trainingRunning, 'TRAINING_RUNNING');
  if (state.made) throw conflict(PERSONA_TEXTS.alreadyTrained, 'ALREADY_TRAINED');
  const photos = await passingPhotos(db, influencer.id);
  if (photos.length < PERSONA_PHOTOS.minToTrain)
    throw badRequest(PERSONA_TEXTS.notEnoughPhotos, 'NOT_ENOUGH_PHOTOS');
  // A training is one of the account's jobs (docs/product/tools.md): refused at its most.
  await checkJobRoom(db, userId, 1);

  const files: Record<string, Uint8Array> = {};
  for (const [index, photo] of photos.entries()) {
    const stored = await deps.storage.get(photo.imageKey);
    if (!stored) throw new Error(`A persona photo is missing from storage: ${photo.imageKey}`);
    files[`photo-${String(index + 1).padStart(2, '0')}.jpg`] = await buffer(stored.stream);
  }
  // JPEGs do not compress further: stored, not deflated.
  const zip = Buffer.from(zipSync(files, { level: 0 }));

  const id = randomUUID();
  const input: TJobFileRow = {
    key: `users/${userId}/jobs/${id}/training-photos.zip`,
    width: 0,
    height: 0,
    contentType: 'application/zip',
    fileName: 'muse-training-photos.zip',
  };
  await deps.storage.put(input.key, zip);
  try {
    return await db.transaction(async (tx) => {
      // The account's lock on its jobs comes first, as in every path that queues one.
      const lane = laneOf({ tool: 'train-persona', cost: 0 });
      const [turn] = await takeTurns(tx, userId, lane, 1);
      // The set and the persona are checked again under the influencer's lock: a photo removed
      // or a training started since the zip was made means starting over.
      const [locked] = await tx
        .select()
        .from(influencers)
        .where(and(eq(influencers.id, influencer.id), eq(influencers.userId, userId)))
        .for('update');
      if (!locked || locked.trainingJobId !== influencer.trainingJobId)
        throw conflict(PERSONA_TEXTS.trainingRunning, 'TRAINING_RUNNING');
      const now = await passingPhotos(tx, influencer.id);
      if (now.map((photo) => photo.id).join() !== photos.map((photo) => photo.id).join())
        throw conflict(PERSONA_TEXTS.photosChanged, 'PHOTOS_CHANGED');
      await debit(tx, {
        userId,
        currency: 'model_tokens',
        amount: 1,
        description: `Persona training: ${influencer.name}`,
        reference: `job:${id}`,
      });
      const triggerWord = locked.triggerWord ?? newTriggerWord();
      const [row] = await tx
        .insert(jobs)
        .values({
          id,
          userId,
          tool: 'train-persona',
          options: {
            influencerId: influencer.id,
            photos: photos.length,
            triggerWord,
          } satisfies TTrainingOptions,
          input,
          cost: 0,
          engine: deps.training.name,
          turn: turn!,
        })
        .returning();
      await tx
        .update(influencers)
        .set({ trainingJobId: id, triggerWord, updatedAt: new Date() })
        .where(eq(influencers.id, influencer.id));
      await queueAttempt(tx, row!, 1);
      return row!;
    });
  } catch (error) {
    await deps.storage.delete(input.key);
    if (error instanceof InsufficientBalanceError)
      throw new AppError(402, error.message, error.code);
    throw error;
  }
}

/**
 * Runs a training job's engine. Returns what makes the persona ready, to be written in the
 * transaction that marks the job succeeded: if the influencer was deleted meanwhile, the job
 * fails there and the token comes back.
 */
export async function runTraining(
  db: TDatabase,
  deps: { storage: TStorage; training: TTrainingEngine },
  row: TJobRow,
  context: TRunContext,
): Promise<{ stage: string; commit: (tx: TQueryable) => Promise<void> }> {
  const { influencerId, photos, triggerWord } = ZTrainingOptions.parse(row.options);
  const stored = row.input ? await deps.storage.get(row.input.key) : null;
  if (!stored) throw new Error('The training photos are missing from storage');
  const zip = await buffer(stored.stream);
  const result = await deps.training.run(
    {
      zip,
      photoCount: photos,
      triggerWord,
      requestId: row.providerRequestId,
    },
    {
      ...context,
      onSubmitted: async (requestId) => {
        await db
          .update(jobs)
          .set({ providerRequestId: requestId, updatedAt: new Date() })
          .where(eq(jobs.id, row.id));
      },
    },
  );
  let loraKey: string | null = null;
  if (result.lora) {
    loraKey = `users/${row.userId}/influencers/${influencerId}/lora-${row.id}.safetensors`;
    await deps.storage.put(loraKey, result.lora.data);
  }
  // Offline, nothing was trained: the finished job says so rather than a bare 'Done'.
  const stage = result.lora
    ? 'Trained'
    : `Reference set of ${photos} photos ready (offline: nothing is trained)`;
  const commit = async (tx: TQueryable) => {
    const [made] = await tx
      .update(influencers)
      .set({ trainedAt: new Date(), loraKey, updatedAt: new Date() })
      .where(
        and(
          eq(influencers.id, influencerId),
          eq(influencers.userId, row.userId),
          eq(influencers.trainingJobId, row.id),
          isNull(influencers.trainedAt),
        ),
      )
      .returning({ id: influencers.id });
    if (!made) {
      if (loraKey) await deps.storage.delete(loraKey);
      throw new JobFailure(PERSONA_TEXTS.influencerGone);
    }
  };
  return { stage, commit };
}
