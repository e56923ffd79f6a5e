import { CLAIM_TEXTS, INFLUENCER_TEXTS, LICENCES_PER_MODEL, LICENCE_TERMS } from '@muse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { influencers, modelLicences } from '../src/db/schema';
import { getBalances } from '../src/modules/billing/ledger';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { finishOnboarding } from './drafts';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const claim = (account: TTestAccount, id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/marketplace/models/${id}/claim`,
    payload: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
    headers: account.headers,
  });

const claimedCount = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/marketplace/models/${id}` })).json().model
    .claimed as number;

describe('POST /api/marketplace/models/:id/claim', () => {
  it('needs a session, and a FREE account has no slot to claim into', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/marketplace/models/2/claim' })).statusCode,
    ).toBe(401);
    const account = await registerAccount(ctx.app);
    const before = await claimedCount(2);
    const answer = await claim(account, 2);
    expect([answer.statusCode, answer.json().error]).toEqual([403, INFLUENCER_TEXTS.noSlot]);
    expect(await claimedCount(2)).toBe(before);
  });

  it('takes a licence and a slot together, once per creator', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const before = await claimedCount(3);
    const answer = await claim(account, 3);
    expect(answer.statusCode).toBe(201);
    const { influencer } = answer.json();
    expect(influencer).toMatchObject({ modelId: 3, niche: 'lifestyle' });
    expect(influencer.image).toMatch(/^\/api\/files\//);
    expect(await claimedCount(3)).toBe(before + 1);
    expect((await getBalances(ctx.database.db, account.userId)).modelTokens).toBe(1);

    const again = await claim(account, 3);
    expect([again.statusCode, again.json().error]).toEqual([409, CLAIM_TEXTS.alreadyHeld]);
    expect((await getBalances(ctx.database.db, account.userId)).modelTokens).toBe(1);
    expect(await claimedCount(3)).toBe(before + 1);
  });

  it('records the licence terms accepted, and takes nothing without them', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const before = await claimedCount(6);
    for (const payload of [
      undefined,
      { acceptTerms: false, termsVersion: LICENCE_TERMS.version },
      { acceptTerms: true, termsVersion: '2020-01-01' },
    ]) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/marketplace/models/6/claim',
        headers: account.headers,
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'TERMS_NOT_ACCEPTED',
        error: payload?.acceptTerms ? CLAIM_TEXTS.termsChanged : CLAIM_TEXTS.termsRequired,
      });
    }
    expect(await claimedCount(6)).toBe(before);
    expect(
      await ctx.database.db
        .select()
        .from(influencers)
        .where(eq(influencers.workspaceId, account.userId)),
    ).toEqual([]);

    const started = Date.now();
    expect((await claim(account, 6)).statusCode).toBe(201);
    const [licence] = await ctx.database.db
      .select()
      .from(modelLicences)
      .where(eq(modelLicences.workspaceId, account.userId));
    expect(licence).toMatchObject({ modelId: 6, termsVersion: LICENCE_TERMS.version });
    expect(licence!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it('never hands out more than 5 licences of a model, also to concurrent claims', async () => {
    const id = 4;
    const free = LICENCES_PER_MODEL - (await claimedCount(id));
    const accounts = await Promise.all(
      Array.from({ length: free + 3 }, async () => {
        const account = await registerAccount(ctx.app);
        await buyPlan(ctx.app, account, 'builder');
        return account;
      }),
    );
    const answers = await Promise.all(accounts.map((account) => claim(account, id)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(free);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    for (const answer of answers.filter((one) => one.statusCode === 409))
      expect(answer.json().error).toBe(CLAIM_TEXTS.fullyClaimed);
    expect(await claimedCount(id)).toBe(LICENCES_PER_MODEL);
    const rows = await ctx.database.db
      .select()
      .from(modelLicences)
      .where(eq(modelLicences.modelId, id));
    expect(rows).toHaveLength(LICENCES_PER_MODEL);
    // The refused creators kept their slot.
    const refused = accounts.filter((_, index) => answers[index]!.statusCode === 409);
    for (const account of refused)
      expect((await getBalances(ctx.database.db, account.userId)).modelTokens).toBe(1);
  });

  it('a placeholder model cannot be claimed', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'builder');
    const answer = await claim(account, 5);
    expect([answer.statusCode, answer.json().error]).toEqual([404, CLAIM_TEXTS.unavailable]);
  });
});

/** Every picture of the influencer's persona, as its page asks for them: status and type. */
async function personaPictures(account: TTestAccount, influencerId: string) {
  const persona = await ctx.app.inject({
    method: 'GET',
    url: `/api/influencers/${influencerId}/persona`,
    headers: account.headers,
  });
  expect(persona.statusCode, persona.body).toBe(200);
  const photos: { url: string; thumbnail: string }[] = persona.json().persona.photos;
  const urls = photos.flatMap((photo) => [photo.thumbnail, photo.url]);
  const answers = await Promise.all(urls.map((url) => ctx.app.inject({ method: 'GET', url })));
  return answers.map((answer, index) => ({
    url: urls[index],
    status: answer.statusCode,
    type: answer.headers['content-type'],
    bytes: answer.rawPayload.length,
  }));
}

describe("a claimed persona's reference photos", () => {
  const served = { status: 200, type: 'image/webp', bytes: expect.any(Number) };

  it('are served to their owner, claimed from the marketplace', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const answer = await claim(account, 6);
    expect(answer.statusCode, answer.body).toBe(201);
    const pictures = await personaPictures(account, answer.json().influencer.id);
    expect(pictures).toHaveLength(10);
    for (const picture of pictures) expect(picture, picture.url).toMatchObject(served);
    expect(pictures.every((picture) => picture.bytes > 1000)).toBe(true);
    // The link is the owner's: without its signature the file is not served.
    const unsigned = pictures[0]!.url!.split('?')[0]!;
    expect((await ctx.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);
  });

  it('are served to their owner, claimed in the onboarding', async () => {
    const account = await registerAccount(ctx.app);
    await finishOnboarding(ctx.app, account, {
      goal: 'content-creation',
      experience: 'some',
      creationMethod: 'marketplace',
      modelId: 8,
      licenceTermsVersion: LICENCE_TERMS.version,
      aiName: 'Nova',
      niche: 'travel',
      visualStyle: 'realistic',
      platforms: ['Instagram'],
      postingFrequency: 'regular',
      contentTypes: ['photos'],
    });
    await buyPlan(ctx.app, account, 'launch');
    const [made] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.workspaceId, account.userId));
    expect(made?.modelId).toBe(8);
    const pictures = await personaPictures(account, made!.id);
    expect(pictures).toHaveLength(10);
    for (const picture of pictures) expect(picture, picture.url).toMatchObject(served);
  });
});

describe('GET /api/marketplace/claims', () => {
  const claims = async (account: TTestAccount) => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/marketplace/claims',
      headers: account.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().claims;
  };

  it("lists the creator's own claims with the influencer to open, and nobody else's", async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    expect(await claims(account)).toEqual([]);
    const answer = await claim(account, 13);
    expect(answer.statusCode, answer.body).toBe(201);
    const influencerId = answer.json().influencer.id;
    expect(await claims(account)).toEqual([{ modelId: 13, influencerId }]);

    const stranger = await registerAccount(ctx.app);
    expect(await claims(stranger)).toEqual([]);

    // Deleted, the influencer is gone; the licence stays the creator's.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${influencerId}`,
      headers: account.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await claims(account)).toEqual([{ modelId: 13, influencerId: null }]);
  });
});
