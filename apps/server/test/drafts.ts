import { LICENCE_TERMS } from '@muse/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../src/db/client';
import {
  accountBalances,
  influencers,
  ledgerEntries,
  modelLicences,
  onboardingStates,
} from '../src/db/schema';
import type { TTestAccount } from './accounts';

/**
 * Every answer of the seven steps: a marketplace pick of model 2 (its licence terms accepted),
 * named Mira, in travel.
 */
export const ONBOARDING_ANSWERS = {
  goal: 'content-creation',
  experience: 'some',
  creationMethod: 'marketplace',
  modelId: 2,
  licenceTermsVersion: LICENCE_TERMS.version,
  aiName: 'Mira',
  niche: 'travel',
  visualStyle: 'realistic',
  platforms: ['Instagram', 'TikTok'],
  postingFrequency: 'regular',
  contentTypes: ['photos', 'reels'],
} as const;

/** Answers all seven steps and finishes the onboarding, as step 7's Continue does. */
export async function finishOnboarding(
  app: FastifyInstance,
  account: Pick<TTestAccount, 'headers'>,
  answers: object = ONBOARDING_ANSWERS,
) {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: account.headers,
    payload: { step: 7, ...answers },
  });
  if (saved.statusCode !== 200) throw new Error(`saving step 7 failed: ${saved.body}`);
  const done = await app.inject({
    method: 'POST',
    url: '/api/onboarding/complete',
    headers: account.headers,
  });
  if (done.statusCode !== 200) throw new Error(`finishing failed: ${done.body}`);
  return done.json().onboarding;
}

/** What a promotion writes, counted over every account: influencers, licences, ledger rows. */
export async function countWrites(db: TDatabase) {
  const [[made], [licences], [ledger]] = await Promise.all([
    db.select({ rows: count() }).from(influencers),
    db.select({ rows: count() }).from(modelLicences),
    db.select({ rows: count() }).from(ledgerEntries),
  ]);
  return { influencers: made?.rows, licences: licences?.rows, ledger: ledger?.rows };
}

/** The account's own rows: its influencers, licences, ledger entries and onboarding. */
export async function rowsOf(db: TDatabase, userId: string) {
  const [made, licences, ledger, [onboarding], [balance]] = await Promise.all([
    db.select().from(influencers).where(eq(influencers.workspaceId, userId)),
    db.select().from(modelLicences).where(eq(modelLicences.workspaceId, userId)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.workspaceId, userId)),
    db.select().from(onboardingStates).where(eq(onboardingStates.userId, userId)),
    db.select().from(accountBalances).where(eq(accountBalances.workspaceId, userId)),
  ]);
  return { influencers: made, licences, ledger, onboarding, balance };
}
