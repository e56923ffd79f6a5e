import {
  CONTENT_TYPE_LABELS,
  furthestReachableStep,
  ONBOARDING_DEFAULT_AI_NAME,
  ONBOARDING_NICHE_LABELS,
  ONBOARDING_OFFER_SECONDS,
  ONBOARDING_STEPS,
  ONBOARDING_TEXTS,
  POSTING_FREQUENCY_LABELS,
  VISUAL_STYLE_LABELS,
  ZOnboardingAnswers,
  type TInfluencerNiche,
  type TOnboardingAnswers,
  type TOnboardingNiche,
  type TOnboardingState,
  type TUpdateOnboardingRequest,
} from '@muse/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { onboardingStates } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { getAccountState } from '../billing/entitlements';
import { createInfluencer, type TFilesDeps } from '../influencers/service';
import type { TPersonaWriter } from '../influencers/persona-writer';
import { claimLicence, ModelFullyClaimedError, readTemplateImage } from '../marketplace/claims';

type TStateRow = typeof onboardingStates.$inferSelect;

export const DEFAULT_ANSWERS: TOnboardingAnswers = {
  goal: null,
  experience: null,
  creationMethod: null,
  modelId: null,
  aiName: ONBOARDING_DEFAULT_AI_NAME,
  niche: null,
  visualStyle: null,
  platforms: [],
  postingFrequency: null,
  contentTypes: [],
  selectedPlan: null,
};

/** Answers saved by an older version are read leniently: anything unreadable is unanswered. */
function readAnswers(stored: unknown): TOnboardingAnswers {
  const parsed = ZOnboardingAnswers.partial().safeParse(stored);
  return { ...DEFAULT_ANSWERS, ...(parsed.success ? parsed.data : {}) };
}

function toState(row: TStateRow | undefined): TOnboardingState {
  const answers = readAnswers(row?.answers);
  return {
    ...answers,
    step: row?.step ?? 1,
    offerEndsAt: row?.offerEndsAt?.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    draftPending: !!row?.completedAt && !row.influencerCreatedAt,
    influencerId: row?.influencerId ?? null,
  };
}

async function findRow(db: TQueryable, userId: string) {
  const [row] = await db.select().from(onboardingStates).where(eq(onboardingStates.userId, userId));
  return row;
}

export async function getOnboarding(db: TDatabase, userId: string): Promise<TOnboardingState> {
  return toState(await findRow(db, userId));
}

/**
 * Saves the step and answers. A step is accepted only when every earlier step's rule holds
 * (docs/product/onboarding.md), so a resumed onboarding never lands past an unanswered question.
 * The offer's deadline is fixed the first time step 7 is reached, so a reload does not restart it.
 */
export async function updateOnboarding(
  db: TDatabase,
  userId: string,
  update: TUpdateOnboardingRequest,
  now = new Date(),
): Promise<TOnboardingState> {
  const { step, ...patch } = update;
  return db.transaction(async (tx) => {
    await tx
      .insert(onboardingStates)
      .values({ userId, answers: DEFAULT_ANSWERS })
      .onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(onboardingStates)
      .where(eq(onboardingStates.userId, userId))
      .for('update');
    const answers = { ...readAnswers(current?.answers), ...patch };
    if (step > 4 && answers.aiName.trim() === '') {
      throw badRequest(ONBOARDING_TEXTS.nameRequired);
    }
    if (step > furthestReachableStep(answers)) throw badRequest(ONBOARDING_TEXTS.stepLocked);
    const [row] = await tx
      .update(onboardingStates)
      .set({
        step,
        answers,
        offerEndsAt:
          current?.offerEndsAt ??
          (step === ONBOARDING_STEPS
            ? new Date(now.getTime() + ONBOARDING_OFFER_SECONDS * 1000)
            : null),
        updatedAt: now,
      })
      .where(eq(onboardingStates.userId, userId))
      .returning();
    return toState(row);
  });
}

/** Onboarding niches map onto the create form's niches (docs/product/onboarding.md). */
const INFLUENCER_NICHE_OF: Record<TOnboardingNiche, TInfluencerNiche> = {
  fashion: 'fashion',
  fitness: 'fitness',
  travel: 'travel',
  gaming: 'gaming',
  food: 'food',
  art: 'lifestyle',
  business: 'finance',
  other: 'lifestyle',
};

function describePersona(answers: TOnboardingAnswers): string {
  const name = answers.aiName.trim() || ONBOARDING_DEFAULT_AI_NAME;
  const style = answers.visualStyle ? VISUAL_STYLE_LABELS[answers.visualStyle] : null;
  const niche = answers.niche ? ONBOARDING_NICHE_LABELS[answers.niche] : null;
  const parts = [`${name} is ${style ? `an ${style.toLowerCase()}` : 'an'} AI influencer`];
  if (niche) parts[0] += ` in ${niche}`;
  const where = answers.platforms.length ? ` on ${answers.platforms.join(', ')}` : '';
  const how = answers.postingFrequency
    ? ` ${POSTING_FREQUENCY_LABELS[answers.postingFrequency].toLowerCase()}`
    : '';
  const what = answers.contentTypes.map((type) => CONTENT_TYPE_LABELS[type]).join(', ');
  if (where || how || what) parts.push(`posting${how}${where}${what ? `: ${what}` : ''}`);
  return `${parts.join(', ')}.`;
}

class AlreadyPromoted extends Error {}

/**
 * Turns a finished onboarding's persona into an influencer when the account has a free slot;
 * otherwise it waits as a draft, and this runs again whenever the workspace is opened. A
 * marketplace pick claims one of the model's licences in the same transaction; if the model
 * has been fully claimed in the meantime, the influencer is made without the template.
 */
export async function promoteOnboardingDraft(
  db: TDatabase,
  deps: TFilesDeps,
  userId: string,
  personaWriter: TPersonaWriter,
): Promise<boolean> {
  const row = await findRow(db, userId);
  if (!row?.completedAt || row.influencerCreatedAt) return false;
  const account = await getAccountState(db, userId);
  if (account.modelTokens < 1) return false;

  const answers = readAnswers(row.answers);
  const niche = INFLUENCER_NICHE_OF[answers.niche ?? 'other'];
  const persona = await personaWriter.write(niche);
  const base = {
    name: answers.aiName.trim() || ONBOARDING_DEFAULT_AI_NAME,
    niche,
    personality: persona.personality,
    target_audience: persona.target_audience,
    description: describePersona(answers),
    visualStyle: answers.visualStyle,
  };
  const modelId = answers.creationMethod === 'marketplace' ? answers.modelId : null;

  const attempt = async (withModel: number | null) => {
    const image = withModel ? await readTemplateImage(db, deps, withModel) : null;
    await createInfluencer(
      db,
      deps,
      userId,
      { ...base, modelId: withModel, image },
      async (tx, influencer) => {
        if (withModel) await claimLicence(tx, userId, withModel);
        const [linked] = await tx
          .update(onboardingStates)
          .set({ influencerId: influencer.id, influencerCreatedAt: new Date() })
          .where(
            and(eq(onboardingStates.userId, userId), isNull(onboardingStates.influencerCreatedAt)),
          )
          .returning({ userId: onboardingStates.userId });
        // Another request promoted the draft first: this one takes nothing.
        if (!linked) throw new AlreadyPromoted();
      },
    );
  };

  try {
    try {
      await attempt(modelId);
    } catch (error) {
      if (!(error instanceof ModelFullyClaimedError)) throw error;
      await attempt(null);
    }
    return true;
  } catch (error) {
    if (error instanceof AlreadyPromoted) return false;
    // No free slot after all (a concurrent create took it): the draft keeps waiting.
    if ((error as { code?: string }).code === 'INFLUENCER_LIMIT') return false;
    throw error;
  }
}

/** Step 7's Continue (or the checkout): the onboarding is finished and the persona is kept. */
export async function completeOnboarding(
  db: TDatabase,
  deps: TFilesDeps,
  userId: string,
  personaWriter: TPersonaWriter,
  now = new Date(),
): Promise<TOnboardingState> {
  const current = await getOnboarding(db, userId);
  if (current.step < ONBOARDING_STEPS) throw badRequest(ONBOARDING_TEXTS.stepLocked);
  await db
    .update(onboardingStates)
    .set({
      completedAt: sql`coalesce(${onboardingStates.completedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(onboardingStates.userId, userId));
  await promoteOnboardingDraft(db, deps, userId, personaWriter);
  return getOnboarding(db, userId);
}
