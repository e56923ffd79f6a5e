import {
  INFLUENCER_NICHES,
  INFLUENCER_TEXTS,
  UPLOAD_TEXTS,
  ZGenerateInfluencerResponse,
} from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBalances, listLedger } from '../src/modules/billing/ledger';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { makePng, multipartForm } from './images';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const fields = {
  name: 'Luna Vale',
  niche: 'fitness',
  personality: 'Upbeat and honest',
  target_audience: 'Busy parents',
  description: 'Home workouts in twenty minutes.',
};

async function createInfluencer(account: TTestAccount, form: FormData = multipartForm(fields)) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: account.headers,
    payload: form,
  });
}

const get = (account: TTestAccount, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: account.headers });

describe('influencers', () => {
  it('a FREE account has no slot: 0/0, and a create is refused without spending anything', async () => {
    const account = await registerAccount(ctx.app);
    const list = await get(account, '/api/influencers');
    expect(list.json()).toMatchObject({ success: true, influencers: [], used: 0, limit: 0 });
    const created = await createInfluencer(account);
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({
      success: false,
      error: INFLUENCER_TEXTS.noSlot,
      code: 'INFLUENCER_LIMIT',
    });
    expect(await getBalances(ctx.database.db, account.userId)).toMatchObject({ credits: 75 });
  });

  it('creates with an image, reads, edits, and deletes, freeing the slot', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const photo = await makePng(2000, 1200);
    const created = await createInfluencer(
      account,
      multipartForm(fields, [{ field: 'image', name: 'luna.png', type: 'image/png', data: photo }]),
    );
    expect(created.statusCode).toBe(201);
    const { influencer } = created.json();
    expect(influencer).toMatchObject({ ...fields, modelId: null });
    expect(influencer.image).toMatch(/^\/api\/files\/users\//);

    // The picture is re-encoded (WebP, at most 1536 px), not the uploaded bytes.
    const picture = await ctx.app.inject({ method: 'GET', url: influencer.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1536, 922]);
    const thumb = await ctx.app.inject({ method: 'GET', url: influencer.thumbnail });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(384);
    // A tampered or unsigned URL serves nothing.
    const forged = influencer.image.replace(/signature=[^&]+/, 'signature=abc');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);

    expect((await get(account, '/api/influencers')).json()).toMatchObject({ used: 1, limit: 2 });
    expect((await get(account, `/api/influencers/${influencer.id}`)).json().influencer.name).toBe(
      'Luna Vale',
    );

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/influencers/${influencer.id}`,
      headers: account.headers,
      payload: multipartForm({ ...fields, name: 'Luna Rose', removeImage: 'true' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().influencer).toMatchObject({ name: 'Luna Rose', image: null });
    // The old picture is gone from storage.
    expect((await ctx.app.inject({ method: 'GET', url: influencer.image })).statusCode).toBe(404);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${influencer.id}`,
      headers: account.headers,
    });
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(account, '/api/influencers')).json()).toMatchObject({ used: 0, limit: 2 });
    expect((await getBalances(ctx.database.db, account.userId)).modelTokens).toBe(2);
    const tokens = (await listLedger(ctx.database.db, account.userId)).filter(
      (entry) => entry.currency === 'model_tokens',
    );
    // A custom influencer holds a slot but spends no token until it trains.
    expect(tokens.map((entry) => [entry.kind, entry.amount])).toEqual([['plan', 2]]);
  });

  it('refuses what the form rules refuse, with clear errors and nothing written', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const cases: [FormData, number, string][] = [
      [multipartForm({ ...fields, name: '  ' }), 400, INFLUENCER_TEXTS.nameRequired],
      [multipartForm({ ...fields, niche: 'cooking' }), 400, INFLUENCER_TEXTS.nicheRequired],
      [multipartForm({ ...fields, description: '' }), 400, INFLUENCER_TEXTS.descriptionRequired],
      [
        multipartForm(fields, [
          {
            field: 'image',
            name: 'notes.png',
            type: 'image/png',
            data: Buffer.from('these are my notes, not a picture\n'.repeat(20)),
          },
        ]),
        400,
        UPLOAD_TEXTS.notAnImage,
      ],
      [
        multipartForm(fields, [
          {
            field: 'image',
            name: 'huge.png',
            type: 'image/png',
            data: Buffer.concat([await makePng(), Buffer.alloc(11 * 1024 * 1024)]),
          },
        ]),
        413,
        UPLOAD_TEXTS.tooLarge,
      ],
    ];
    for (const [form, status, error] of cases) {
      const response = await createInfluencer(account, form);
      expect([response.statusCode, response.json()]).toEqual([
        status,
        expect.objectContaining({ success: false, error }),
      ]);
    }
    expect((await get(account, '/api/influencers')).json()).toMatchObject({ used: 0 });
    expect((await getBalances(ctx.database.db, account.userId)).modelTokens).toBe(2);
  });

  it('never creates more influencers than slots, also when asked at once', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const answers = await Promise.all(Array.from({ length: 6 }, () => createInfluencer(account)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 403, 403, 403, 403,
    ]);
    expect((await get(account, '/api/influencers')).json()).toMatchObject({ used: 2, limit: 2 });
  });

  it("another user's influencer answers 404 on get, update and delete", async () => {
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'launch');
    const { influencer } = (await createInfluencer(owner)).json();
    const stranger = await registerAccount(ctx.app);
    await buyPlan(ctx.app, stranger, 'launch');
    const url = `/api/influencers/${influencer.id}`;
    const answers = [
      await get(stranger, url),
      await ctx.app.inject({
        method: 'PUT',
        url,
        headers: stranger.headers,
        payload: multipartForm({ ...fields, name: 'Stolen' }),
      }),
      await ctx.app.inject({ method: 'DELETE', url, headers: stranger.headers }),
      await get(stranger, '/api/influencers/not-a-uuid'),
    ];
    for (const answer of answers)
      expect([answer.statusCode, answer.json()]).toEqual([
        404,
        { success: false, error: INFLUENCER_TEXTS.notFound, code: 'INFLUENCER_NOT_FOUND' },
      ]);
    expect((await get(owner, url)).json().influencer.name).toBe('Luna Vale');
    expect((await get(stranger, '/api/influencers')).json().influencers).toEqual([]);
  });

  it('generates filled, varied persona text for every niche', async () => {
    const account = await registerAccount(ctx.app);
    for (const niche of INFLUENCER_NICHES) {
      const texts = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/influencers/generate',
          headers: account.headers,
          payload: { niche },
        });
        expect(response.statusCode).toBe(200);
        const { influencer } = ZGenerateInfluencerResponse.parse(response.json());
        for (const text of Object.values(influencer)) expect(text.length).toBeGreaterThan(20);
        texts.add(JSON.stringify(influencer));
      }
      expect(texts.size, `varied text for ${niche}`).toBeGreaterThan(1);
    }
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/influencers/generate',
      headers: account.headers,
      payload: { niche: 'astrology' },
    });
    expect(refused.json()).toEqual({
      success: false,
      error: INFLUENCER_TEXTS.nicheRequired,
      code: 'INVALID_REQUEST',
      field: 'niche',
    });
  });
});
