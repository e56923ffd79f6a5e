import {
  LICENCE_TERMS,
  LICENCES_PER_MODEL,
  ONBOARDING_OFFER_SECONDS,
  ONBOARDING_TEXTS,
} from '@muse/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { modelLicences } from '../src/db/schema';
import { credit, getBalances } from '../src/modules/billing/ledger';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { countWrites, finishOnboarding, ONBOARDING_ANSWERS, rowsOf } from './drafts';
import { multipartForm } from './images';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const read = async (account: TTestAccount) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/onboarding', headers: account.headers })
  ).json();

const save = (account: TTestAccount, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/onboarding', headers: account.headers, payload });

const complete = (account: TTestAccount) =>
  ctx.app.inject({ method: 'POST', url: '/api/onboarding/complete', headers: account.headers });

const ALL_ANSWERS = ONBOARDING_ANSWERS;

async function walkToStep7(account: TTestAccount, answers: object = ALL_ANSWERS) {
  const answered = await save(account, { step: 7, ...answers });
  expect(answered.statusCode).toBe(200);
  return answered.json();
}

describe('onboarding', () => {
  it('takes a marketplace pick past step 3 only with the licence terms accepted', async () => {
    const account = await registerAccount(ctx.app);
    const pick = { ...ALL_ANSWERS, licenceTermsVersion: null };
    expect((await save(account, { step: 3, ...pick })).statusCode).toBe(200);
    for (const answers of [pick, { ...ALL_ANSWERS, licenceTermsVersion: '2020-01-01' }]) {
      const refused = await save(account, { step: 4, ...answers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('TERMS_NOT_ACCEPTED');
    }
    expect((await read(account)).onboarding.step).toBe(3);
    // A custom model needs no terms; an accepted pick goes on.
    expect((await save(account, { step: 4, ...pick, creationMethod: 'custom' })).statusCode).toBe(
      200,
    );
    const accepted = await save(account, { step: 4, ...ALL_ANSWERS });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().onboarding.licenceTermsVersion).toBe(LICENCE_TERMS.version);
  });

  it('starts at step 1 with the defaults, saves as it goes and resumes there', async () => {
    const account = await registerAccount(ctx.app);
    const fresh = await read(account);
    expect(fresh.onboarding).toMatchObject({
      step: 1,
      goal: null,
      aiName: 'Audrey',
      platforms: [],
      offerEndsAt: null,
      completedAt: null,
      draftPending: false,
    });
    expect(Date.parse(fresh.serverTime)).toBeGreaterThan(0);

    await save(account, { step: 2 });
    await save(account, { step: 2, goal: 'agency-services', experience: 'new' });
    await save(account, { step: 3 });
    const saved = await save(account, { step: 4, creationMethod: 'custom', niche: 'art' });
    expect(saved.statusCode).toBe(200);

    // Another device (a second session of the same account) resumes at the same place.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'secret123' },
    });
    const other = { ...account, headers: { authorization: `Bearer ${login.json().token}` } };
    expect((await read(other)).onboarding).toMatchObject({
      step: 4,
      goal: 'agency-services',
      experience: 'new',
      creationMethod: 'custom',
      niche: 'art',
      visualStyle: null,
    });
  });

  it('refuses a step whose earlier rules do not hold, and an empty name past step 4', async () => {
    const account = await registerAccount(ctx.app);
    const skipped = await save(account, { step: 3, goal: 'build-business' });
    expect([skipped.statusCode, skipped.json().error]).toEqual([400, ONBOARDING_TEXTS.stepLocked]);
    const nameless = await save(account, { step: 5, ...ALL_ANSWERS, aiName: '   ' });
    expect([nameless.statusCode, nameless.json().error]).toEqual([
      400,
      ONBOARDING_TEXTS.nameRequired,
    ]);
    const wrong = await save(account, { step: 2, goal: 'get-rich' });
    expect(wrong.statusCode).toBe(400);
    expect((await read(account)).onboarding).toMatchObject({ step: 1, goal: null });
  });

  it('fixes the offer deadline the first time step 7 is reached', async () => {
    const account = await registerAccount(ctx.app);
    const before = Date.now();
    const first = await walkToStep7(account);
    const deadline = Date.parse(first.onboarding.offerEndsAt);
    expect(deadline - before).toBeGreaterThanOrEqual(ONBOARDING_OFFER_SECONDS * 1000 - 1000);
    expect(deadline - before).toBeLessThanOrEqual(ONBOARDING_OFFER_SECONDS * 1000 + 5000);
    await save(account, { step: 6 });
    const again = await save(account, { step: 7 });
    expect(again.json().onboarding.offerEndsAt).toBe(first.onboarding.offerEndsAt);
  });

  it('a FREE account finishes with a draft that becomes an influencer once a plan gives a slot', async () => {
    const account = await registerAccount(ctx.app);
    expect((await complete(account)).statusCode).toBe(400);
    await walkToStep7(account);
    const done = (await complete(account)).json();
    expect(done.onboarding).toMatchObject({ draftPending: true, influencerId: null });
    expect(Date.parse(done.onboarding.completedAt)).toBeGreaterThan(0);
    // No licence is taken while the persona waits.
    const licences = await ctx.database.db
      .select()
      .from(modelLicences)
      .where(eq(modelLicences.workspaceId, account.userId));
    expect(licences).toEqual([]);

    // Paying for the plan makes the influencer: before anything is read.
    await buyPlan(ctx.app, account, 'launch');
    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.influencers.map((row) => [row.name, row.modelId])).toEqual([['Mira', 2]]);
    expect(rows.onboarding?.influencerId).toBe(rows.influencers[0]?.id);
    const dashboard = (
      await ctx.app.inject({ method: 'GET', url: '/api/users/dashboard', headers: account.headers })
    ).json().dashboard;
    expect(dashboard.influencers).toEqual({ used: 1, limit: 2 });
    const [influencer] = dashboard.recentInfluencers;
    expect(influencer).toMatchObject({ name: 'Mira', niche: 'travel', modelId: 2 });
    // The pick's five portraits are its persona's reference photos: ready at once.
    expect(influencer).toMatchObject({ ready: true, personaStatus: 'ready', referencePhotos: 5 });
    expect(influencer.description).toContain('Travel & Lifestyle');
    expect(influencer.image).toMatch(/^\/api\/files\//);
    expect((await read(account)).onboarding).toMatchObject({
      draftPending: false,
      influencerId: influencer.id,
    });
    // The marketplace model's licence is now the creator's.
    const model = (await ctx.app.inject({ method: 'GET', url: '/api/marketplace/models/2' })).json()
      .model;
    const held = await ctx.database.db
      .select()
      .from(modelLicences)
      .where(eq(modelLicences.workspaceId, account.userId));
    expect(held.map((licence) => licence.modelId)).toEqual([2]);
    // With the licence terms accepted at the pick, as a marketplace claim records them.
    expect(held[0]!.termsVersion).toBe(LICENCE_TERMS.version);
    expect(held[0]!.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(model.claimed).toBeGreaterThan(0);

    // Deleting that influencer does not bring the draft back.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${influencer.id}`,
      headers: account.headers,
    });
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/influencers', headers: account.headers })
    ).json();
    expect(after).toMatchObject({ used: 0, influencers: [] });
  });

  it('an account with a free slot gets its influencer when it finishes; a custom model has no picture', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'builder');
    await walkToStep7(account, { ...ALL_ANSWERS, creationMethod: 'custom', modelId: null });
    const done = (await complete(account)).json().onboarding;
    expect(done).toMatchObject({ draftPending: false });
    expect(done.influencerId).toBeTruthy();
    const { influencer } = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/influencers/${done.influencerId}`,
        headers: account.headers,
      })
    ).json();
    expect(influencer).toMatchObject({ name: 'Mira', image: null, modelId: null });
    // It holds the slot; its token is spent when it trains (docs/product/personas.md).
    expect(influencer).toMatchObject({ personaStatus: 'needs-photos', ready: false });
    expect((await getBalances(ctx.database.db, account.userId)).modelTokens).toBe(1);
    // Completing twice changes nothing.
    expect((await complete(account)).json().onboarding.influencerId).toBe(done.influencerId);
  });

  it('a persona that waited beside a full plan becomes an influencer when an upgrade adds slots', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'builder');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/influencers',
      headers: account.headers,
      payload: multipartForm({
        name: 'Luna Vale',
        niche: 'fitness',
        personality: 'Upbeat',
        target_audience: 'Parents',
        description: 'Home workouts.',
      }),
    });
    expect(created.statusCode).toBe(201);
    const waiting = await finishOnboarding(ctx.app, account, {
      ...ALL_ANSWERS,
      creationMethod: 'custom',
      modelId: null,
    });
    expect(waiting).toMatchObject({ draftPending: true, influencerId: null });

    await buyPlan(ctx.app, account, 'launch');
    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.influencers.map((row) => row.name).sort()).toEqual(['Luna Vale', 'Mira']);
    // Two custom influencers in three slots: no token spent until they train.
    expect(rows.balance).toMatchObject({ modelTokensGranted: 3, modelTokens: 3 });
    expect((await read(account)).onboarding).toMatchObject({ draftPending: false });
  });

  it('a pick fully claimed while the persona waited becomes an influencer without the template', async () => {
    const account = await registerAccount(ctx.app);
    await finishOnboarding(ctx.app, account, { ...ALL_ANSWERS, modelId: 9 });
    const [held] = await ctx.database.db
      .select({ total: count() })
      .from(modelLicences)
      .where(eq(modelLicences.modelId, 9));
    const outside = Array.from({ length: LICENCES_PER_MODEL - (held?.total ?? 0) }, () => ({
      modelId: 9,
      userId: null,
    }));
    if (outside.length) await ctx.database.db.insert(modelLicences).values(outside);

    await buyPlan(ctx.app, account, 'builder');
    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.influencers).toHaveLength(1);
    expect(rows.influencers[0]).toMatchObject({ name: 'Mira', modelId: null, imageKey: null });
    expect(rows.licences).toEqual([]);
  });
});

describe('reads never write', () => {
  it.each(['/api/onboarding', '/api/users/dashboard', '/api/influencers'])(
    'GET %s leaves a waiting persona waiting, even beside a free slot',
    async (url) => {
      const account = await registerAccount(ctx.app);
      expect(await finishOnboarding(ctx.app, account)).toMatchObject({ draftPending: true });
      // A slot given by hand, not by a grant: only a grant or finishing promotes a persona.
      await credit(ctx.database.db, {
        workspaceId: account.userId,
        currency: 'model_tokens',
        amount: 1,
        kind: 'adjustment',
        description: 'One slot by hand',
        reference: 'test-slot',
      });
      const before = await countWrites(ctx.database.db);

      const response = await ctx.app.inject({ method: 'GET', url, headers: account.headers });
      expect(response.statusCode).toBe(200);
      expect(await countWrites(ctx.database.db)).toEqual(before);
      expect((await rowsOf(ctx.database.db, account.userId)).onboarding).toMatchObject({
        influencerId: null,
        influencerCreatedAt: null,
      });
    },
  );
});
