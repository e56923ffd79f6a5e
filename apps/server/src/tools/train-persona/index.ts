/**
 * Training a custom persona (docs/product/personas.md): the photos that pass the checks are
 * zipped, a model token is spent and the job queued in one transaction, and the job's engine
 * trains (fal: a FLUX LoRA) or confirms the reference set (offline). A failed training gives the
 * token back through the job's refund, exactly once.
 */
import { randomInt } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { PERSONA_PHOTOS, PERSONA_TEXTS } from '@muse/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';
import { influencers, jobs } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import {
  latestLikeness,
  likenessRefusal,
  type TLikenessRead,
} from '../../modules/influencers/likeness';
import { findInfluencer, personaState } from '../../modules/influencers/service';
import { JobFailure } from '../../modules/jobs/queue';
import type { TToolServer } from '../../modules/jobs/tool';
import { judge, listPhotos } from '../../modules/personas/photo-set';

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

const ZTrainingRequest = z.object({ influencerId: z.string() });

/** Training waits for a statement of whose likeness the photos show (and consent's document). */
function refuseWithoutStatement(likeness: TLikenessRead | null | undefined): void {
  const refusal = likenessRefusal(likeness);
  if (refusal) throw badRequest(refusal.text, refusal.code);
}

/**
 * Training a persona as a job: at least PERSONA_PHOTOS.minToTrain photos must pass, and whose
 * likeness they show must be stated (with the consent document for 'consent'). The zip of
 * those photos is stored as the job's input; the model token (reference `job:<id>`) is spent,
 * the job written and queued, and the influencer pointed at it, in one transaction. Running it
 * returns what makes the persona ready, written in the transaction that marks the job
 * succeeded: if the influencer was deleted meanwhile, the job fails there and the token comes
 * back.
 */
export const trainPersona: TToolServer<'train-persona'> = {
  key: 'train-persona',

  plan: async ({ db, deps, workspaceId }, { fields }) => {
    const { influencerId } = ZTrainingRequest.parse(fields);
    const influencer = await findInfluencer(db, workspaceId, influencerId);
    const state = personaState(influencer);
    if (state.training) throw conflict(PERSONA_TEXTS.trainingRunning, 'TRAINING_RUNNING');
    if (state.made) throw conflict(PERSONA_TEXTS.alreadyTrained, 'ALREADY_TRAINED');
    const photos = await passingPhotos(db, influencer.id);
    if (photos.length < PERSONA_PHOTOS.minToTrain)
      throw badRequest(PERSONA_TEXTS.notEnoughPhotos, 'NOT_ENOUGH_PHOTOS');
    // Whose likeness the photos show is stated first (docs/product/personas.md, 'Whose likeness').
    refuseWithoutStatement(influencer.likeness);
    // A training is one of the account's jobs (docs/product/tools.md): refused at its most.
    return {
      count: 1,
      prepare: async () => {
        const files: Record<string, Uint8Array> = {};
        for (const [index, photo] of photos.entries()) {
          const stored = await deps.storage.get(photo.imageKey);
          if (!stored)
            throw new Error(`A persona photo is missing from storage: ${photo.imageKey}`);
          files[`photo-${String(index + 1).padStart(2, '0')}.jpg`] = await buffer(stored.stream);
        }
        // JPEGs do not compress further: stored, not deflated.
        const zip = Buffer.from(zipSync(files, { level: 0 }));
        const options: TTrainingOptions = {
          influencerId: influencer.id,
          photos: photos.length,
          triggerWord: newTriggerWord(),
        };
        return {
          jobs: [
            {
              options,
              input: {
                key: `users/${workspaceId}/jobs/{job}/training-photos.zip`,
                width: 0,
                height: 0,
                contentType: 'application/zip',
                fileName: 'muse-training-photos.zip',
                data: zip,
              },
            },
          ],
          spend: {
            currency: 'model_tokens',
            amount: 1,
            description: `Persona training: ${influencer.name}`,
          },
          cost: 0,
          engine: deps.training.name,
          // The set and the persona are checked again under the influencer's lock: a photo
          // removed or a training started since the zip was made means starting over.
          lock: async (tx) => {
            const [locked] = await tx
              .select()
              .from(influencers)
              .where(
                and(eq(influencers.id, influencer.id), eq(influencers.workspaceId, workspaceId)),
              )
              .for('update');
            if (!locked || locked.trainingJobId !== influencer.trainingJobId)
              throw conflict(PERSONA_TEXTS.trainingRunning, 'TRAINING_RUNNING');
            const [stated] = await tx
              .select({ likeness: latestLikeness() })
              .from(influencers)
              .where(eq(influencers.id, influencer.id));
            refuseWithoutStatement(stated?.likeness);
            const now = await passingPhotos(tx, influencer.id);
            if (now.map((photo) => photo.id).join() !== photos.map((photo) => photo.id).join())
              throw conflict(PERSONA_TEXTS.photosChanged, 'PHOTOS_CHANGED');
            // A persona keeps the trigger word it was given first.
            options.triggerWord = locked.triggerWord ?? options.triggerWord;
          },
          afterInsert: async (tx, row) => {
            await tx
              .update(influencers)
              .set({
                trainingJobId: row.id,
                triggerWord: options.triggerWord,
                updatedAt: new Date(),
              })
              .where(eq(influencers.id, influencer.id));
          },
        };
      },
    };
  },

  execute: async ({ db, deps, run: context }, row, zip) => {
    const { influencerId, photos, triggerWord } = ZTrainingOptions.parse(row.options);
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
      loraKey = `users/${row.workspaceId}/influencers/${influencerId}/lora-${row.id}.safetensors`;
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
            eq(influencers.workspaceId, row.workspaceId),
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
    return { outputs: [], prompt: null, stage, commit };
  },
};
