import { randomUUID } from 'node:crypto';
import {
  CLAIM_TEXTS,
  CONTENT_TYPE_LABELS,
  LICENCE_TERMS,
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
import { eq, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable, TTransaction } from '../../db/client';
import { onboardingStates } from '../../db/schema';
import type { TFaceAnalyser } from '../../engines/faces';
import { badRequest } from '../../lib/errors';
import type { TPersonaWriter } from '../influencers/persona-writer';
import {
  insertInfluencer,
  lockFreeSlot,
  removeInfluencerFiles,
  storeInfluencerImage,
  type TFilesDeps,
  type TInfluencerImageKeys,
  type TNewInfluencer,
} from '../influencers/service';
import {
  claimLicence,
  licensedPortraits,
  ModelFullyClaimedError,
  readTemplateImage,
  type TLicensedPortrait,
} from '../marketplace/claims';
import { addLicensedPortraits } from '../personas/service';
import { describeOffer } from '../billing/first-month-offer';

type TStateRow = typeof onboardingStates.$inferSelect;

export const DEFAULT_ANSWERS: TOnboardingAnswers = {
  goal: null,
  experience: null,
  creationMethod: null,
  modelId: null,
  licenceTermsVersion: null,
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

function toState(row: TStateRow | undefined, now = new Date()): TOnboardingState {
  const answers = readAnswers(row?.answers);
  return {
    ...answers,
    step: row?.step ?? 1,
    offerEndsAt: row?.offerEndsAt?.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    draftPending: !!row?.completedAt && !row.influencerCreatedAt,
    influencerId: row?.influencerId ?? null,
    offer: describeOffer(row, now),
  };
}

async function findRow(db: TQueryable, userId: string) {
  const [row] = await db.select().from(onboardingStates).where(eq(onboardingStates.userId, userId));
  return row;
}

async function lockRow(tx: TTransaction, userId: string) {
  const [row] = await tx
    .select()
    .from(onboardingStates)
    .where(eq(onboardingStates.userId, userId))
    .for('update');
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
    // A marketplace pick is a claim: it goes past its step only with the licence terms accepted
    // (docs/product/marketplace.md, 'Licence terms').
    const accepted = answers.licenceTermsVersion === LICENCE_TERMS.version;
    if (answers.licenceTermsVersion !== null && !accepted)
      throw badRequest(CLAIM_TEXTS.termsChanged, 'TERMS_NOT_ACCEPTED');
    if (
      step > 3 &&
      answers.creationMethod === 'marketplace' &&
      answers.modelId !== null &&
      !accepted
    )
      throw badRequest(CLAIM_TEXTS.termsRequired, 'TERMS_NOT_ACCEPTED');
    const termsAcceptedAt = accepted ? (current?.licenceTermsAcceptedAt ?? now) : null;
    if (step > furthestReachableStep(answers))
      throw badRequest(ONBOARDING_TEXTS.stepLocked, 'ONBOARDING_STEP_LOCKED');
    const [row] = await tx
      .update(onboardingStates)
      .set({
        step,
        answers,
        licenceTermsAcceptedAt: termsAcceptedAt,
        offerEndsAt:
          current?.offerEndsAt ??
          (step === ONBOARDING_STEPS
            ? new Date(now.getTime() + ONBOARDING_OFFER_SECONDS * 1000)
            : null),
        updatedAt: now,
      })
      .where(eq(onboardingStates.userId, userId))
      .returning();
    return toState(row, now);
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

/** What became of a finished onboarding's waiting persona when a slot could have appeared. */
export type TPromotionOutcome =
  | { status: 'promoted'; influencerId: string }
  /** Nothing waits: the onboarding is not finished, or its persona is an influencer already. */
  | { status: 'no-draft' }
  /** The persona keeps waiting: the account has no free slot. */
  | { status: 'no-slot' };

/** What turning a persona into an influencer needs: the database, file storage, a writer. */
export type TPromotionContext = TFilesDeps & {
  db: TDatabase;
  personaWriter: TPersonaWriter;
  faces: TFaceAnalyser;
};

const NO_DRAFT: TPromotionOutcome = { status: 'no-draft' };

/** A persona made ready outside the transaction: its texts, and the template's stored picture. */
type TPreparedDraft = {
  influencerId: string;
  influencer: Omit<TNewInfluencer, 'image' | 'modelId'>;
  modelId: number | null;
  keys: TInfluencerImageKeys | null;
  /** The pick's portraits, measured, to become the persona's reference photos. */
  portraits: TLicensedPortrait[];
};

/** A persona waits while its onboarding is finished (or finishing) and it is no influencer yet. */
function isWaiting(row: TStateRow | undefined, finishing: boolean): row is TStateRow {
  return !!row && !row.influencerCreatedAt && (finishing || !!row.completedAt);
}

/** Writes the persona and stores the template's picture: slow work kept out of the transaction. */
async function prepareDraft(
  context: TPromotionContext,
  userId: string,
  row: TStateRow,
): Promise<TPreparedDraft> {
  const answers = readAnswers(row.answers);
  const niche = INFLUENCER_NICHE_OF[answers.niche ?? 'other'];
  const persona = await context.personaWriter.write(niche);
  const influencerId = randomUUID();
  const modelId = answers.creationMethod === 'marketplace' ? answers.modelId : null;
  const image = modelId ? await readTemplateImage(context.db, context, modelId) : null;
  return {
    influencerId,
    influencer: {
      name: answers.aiName.trim() || ONBOARDING_DEFAULT_AI_NAME,
      niche,
      personality: persona.personality,
      target_audience: persona.target_audience,
      description: describePersona(answers),
      visualStyle: answers.visualStyle,
    },
    modelId,
    keys: image ? await storeInfluencerImage(context.storage, userId, influencerId, image) : null,
    portraits: modelId ? await licensedPortraits(context.db, context, modelId) : [],
  };
}

/** Takes one of the pick's licences; false when the model was fully claimed meanwhile. */
async function takeLicence(tx: TTransaction, userId: string, modelId: number): Promise<boolean> {
  // The terms the creator accepted with the pick (the onboarding row is locked by the caller).
  const [state] = await tx
    .select({ answers: onboardingStates.answers, at: onboardingStates.licenceTermsAcceptedAt })
    .from(onboardingStates)
    .where(eq(onboardingStates.userId, userId));
  const version = readAnswers(state?.answers).licenceTermsVersion;
  const terms = version && state?.at ? { version, acceptedAt: state.at } : null;
  try {
    // Already holding one (claimed from the marketplace) is fine: the influencer shares it.
    await claimLicence(tx, userId, modelId, terms);
    return true;
  } catch (error) {
    if (error instanceof ModelFullyClaimedError) return false;
    throw error;
  }
}

/**
 * Turns the persona into an influencer inside the caller's transaction, which holds the
 * onboarding row's lock. The balance row is locked before it is read, so the slot seen free is
 * the slot spent. A marketplace pick takes one of the model's licences; if the model has been
 * fully claimed meanwhile, the influencer is made without the template.
 */
async function promoteLocked(
  tx: TTransaction,
  userId: string,
  draft: TPreparedDraft,
): Promise<{ outcome: TPromotionOutcome; keptPicture: boolean }> {
  if (!(await lockFreeSlot(tx, userId)))
    return { outcome: { status: 'no-slot' }, keptPicture: false };
  const withModel = draft.modelId !== null && (await takeLicence(tx, userId, draft.modelId));
  const row = await insertInfluencer(
    tx,
    userId,
    draft.influencerId,
    { ...draft.influencer, modelId: withModel ? draft.modelId : null },
    withModel ? draft.keys : null,
  );
  if (withModel) await addLicensedPortraits(tx, userId, row.id, draft.portraits);
  await tx
    .update(onboardingStates)
    .set({ influencerId: row.id, influencerCreatedAt: new Date() })
    .where(eq(onboardingStates.userId, userId));
  return { outcome: { status: 'promoted', influencerId: row.id }, keptPicture: withModel };
}

/**
 * Runs `write` in one transaction with the promotion of the account's waiting persona, so that
 * whatever `write` commits (a grant of slots, the onboarding's completion) commits together
 * with the influencer it makes possible: no crash can leave a free slot beside a waiting
 * persona. The onboarding row is locked before `write` runs and the balance after it, the order
 * of every path that takes both.
 */
async function writePromotingDraft<T>(
  context: TPromotionContext,
  userId: string,
  write: (tx: TTransaction) => Promise<T>,
  finishing: boolean,
): Promise<{ written: T; promotion: TPromotionOutcome }> {
  const row = await findRow(context.db, userId);
  const draft = isWaiting(row, finishing) ? await prepareDraft(context, userId, row) : null;
  let keptPicture = false;
  try {
    const done = await context.db.transaction(async (tx) => {
      if (!draft) return { written: await write(tx), promotion: NO_DRAFT, keptPicture: false };
      const locked = await lockRow(tx, userId);
      const written = await write(tx);
      // Another request may have promoted the persona since it was read: then nothing is made.
      if (!isWaiting(locked, finishing)) {
        return { written, promotion: NO_DRAFT, keptPicture: false };
      }
      const { outcome, keptPicture } = await promoteLocked(tx, userId, draft);
      return { written, promotion: outcome, keptPicture };
    });
    keptPicture = done.keptPicture;
    return { written: done.written, promotion: done.promotion };
  } finally {
    // The template's picture stays only with the influencer it was stored for.
    if (draft && !keptPicture) {
      await removeInfluencerFiles(context.storage, [
        draft.keys?.imageKey,
        draft.keys?.thumbnailKey,
      ]);
    }
  }
}

/** An onboarding that stands on its last step, answered and not finished yet. */
const onLastStep = (row: TStateRow | undefined): row is TStateRow =>
  !!row && !row.completedAt && row.step === ONBOARDING_STEPS;

/** Marks the onboarding finished (once: a later call keeps the first time). */
function markCompleted(tx: TTransaction, userId: string, now: Date) {
  return tx
    .update(onboardingStates)
    .set({
      completedAt: sql`coalesce(${onboardingStates.completedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(onboardingStates.userId, userId));
}

/**
 * A grant of influencer slots (a paid period, a renewal, an upgrade): `grant` runs in one
 * transaction with the promotion of a finished onboarding's waiting persona into one of them.
 * A payment made while the onboarding stands on its plan step (its checkout) finishes it in the
 * same transaction: the persona is kept, and a checkout cancelled instead leaves it open.
 */
export async function grantPromotingDraft<T>(
  context: TPromotionContext,
  userId: string,
  grant: (tx: TTransaction) => Promise<T>,
): Promise<{ granted: T; promotion: TPromotionOutcome }> {
  const finishing = onLastStep(await findRow(context.db, userId));
  const { written, promotion } = await writePromotingDraft(
    context,
    userId,
    async (tx) => {
      const granted = await grant(tx);
      if (finishing) await markCompleted(tx, userId, new Date());
      return granted;
    },
    finishing,
  );
  return { granted: written, promotion };
}

/**
 * Step 7's Continue (or paying its checkout, see `grantPromotingDraft`): the onboarding is
 * finished and the persona is kept. It
 * becomes an influencer at once when the account has a free slot; otherwise it waits for the
 * next grant of slots (see `grantPromotingDraft`).
 */
export async function completeOnboarding(
  db: TDatabase,
  deps: TFilesDeps & { faces: TFaceAnalyser },
  userId: string,
  personaWriter: TPersonaWriter,
  now = new Date(),
): Promise<TOnboardingState> {
  const current = await getOnboarding(db, userId);
  if (current.step < ONBOARDING_STEPS)
    throw badRequest(ONBOARDING_TEXTS.stepLocked, 'ONBOARDING_STEP_LOCKED');
  await writePromotingDraft(
    { db, ...deps, personaWriter },
    userId,
    (tx) => markCompleted(tx, userId, now),
    true,
  );
  return getOnboarding(db, userId);
}
