/**
 * Generate (docs/product/generate.md): new photos of a persona, one job per image. A request for
 * N images checks the plan, picks the persona's best reference photo, and writes, pays for and
 * queues all N jobs in one transaction: all are queued and paid for, or none is. A job made by
 * the offline engine is an 'Offline preview' and costs nothing.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  CREDIT_COSTS,
  GENERATE_TEXTS,
  SEED_MAX,
  ZGenerateRequest,
  type TGenerateOptions,
} from '@muse/shared';
import type { TDatabase, TQueryable } from '../../db/client';
import { jobs, type TJobFileRow } from '../../db/schema';
import type { TEngines } from '../../engines';
import type { TPersonaRef } from '../../engines/types';
import { badRequest, notFound } from '../../lib/errors';
import { checkAction, getAccountState } from '../billing/entitlements';
import { debit, jobSpendDescription } from '../billing/ledger';
import { findInfluencer, personaState, type TInfluencerView } from '../influencers/service';
import { ToolNotAllowedError } from '../jobs/errors';
import { checkJobRoom, laneOf, takeTurns } from '../jobs/fair-share';
import { queueAttempt } from '../jobs/queue';
import { centralIndex } from '../personas/checks';
import { judge, listPhotos } from '../personas/photo-set';

type TJobRow = typeof jobs.$inferSelect;

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

/** The seeds of a batch: the chosen one counting up, or a random one per image. */
function batchSeeds(seed: number | null, count: number): number[] {
  return Array.from({ length: count }, (_, index) =>
    seed === null ? randomInt(0, SEED_MAX) : (seed + index) % (SEED_MAX + 1),
  );
}

/** Queues one job per image asked for, paying for all of them at once (or refusing all). */
export async function enqueueGenerations(
  db: TDatabase,
  deps: { engines: TEngines },
  userId: string,
  body: unknown,
): Promise<TJobRow[]> {
  const parsed = ZGenerateRequest.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid options');
  const request = parsed.data;
  const engine = deps.engines['generate-image'];

  const account = await getAccountState(db, userId);
  const allowed = checkAction(account, 'imageGeneration', request.count);
  if (!allowed.allowed && allowed.reason === 'plan') throw new ToolNotAllowedError();
  // An offline preview is free; a hosted image costs its credits (the ledger refuses a short balance).
  const cost = engine.preview ? 0 : CREDIT_COSTS.imageGeneration;
  await checkJobRoom(db, userId, request.count);

  let input: TJobFileRow | null = null;
  if (request.influencerId) {
    const influencer = await findInfluencer(db, userId, request.influencerId);
    if (!personaState(influencer).ready)
      throw badRequest(GENERATE_TEXTS.notReady, 'PERSONA_NOT_READY');
    input = await bestReference(db, influencer.id);
    if (!input) throw badRequest(GENERATE_TEXTS.notReady, 'PERSONA_NOT_READY');
  }

  return db.transaction(async (tx) => {
    const rows: TJobRow[] = [];
    const lane = laneOf({ tool: 'generate-image', cost });
    const turns = await takeTurns(tx, userId, lane, request.count);
    for (const [index, seed] of batchSeeds(request.seed, request.count).entries()) {
      const id = randomUUID();
      if (cost > 0)
        await debit(tx, {
          userId,
          currency: 'credits',
          amount: cost,
          description: jobSpendDescription('generate-image', request.prompt),
          reference: `job:${id}`,
        });
      const options: TGenerateOptions = {
        influencerId: request.influencerId,
        prompt: request.prompt,
        style: request.style,
        aspectRatio: request.aspectRatio,
        seed,
      };
      const [row] = await tx
        .insert(jobs)
        .values({
          id,
          userId,
          tool: 'generate-image',
          options,
          input,
          cost,
          engine: engine.name,
          turn: turns[index]!,
        })
        .returning();
      await queueAttempt(tx, row!, 1);
      rows.push(row!);
    }
    return rows;
  });
}

/**
 * What the engine is told about the persona of a queued generation, read when it runs: the
 * persona may have been trained since. A deleted influencer fails the job (refunded).
 */
export async function personaForJob(
  db: TQueryable,
  userId: string,
  influencerId: string | null,
): Promise<{ persona: TPersonaRef | null; influencer: TInfluencerView | null }> {
  if (!influencerId) return { persona: null, influencer: null };
  const influencer = await findInfluencer(db, userId, influencerId).catch(() => null);
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
