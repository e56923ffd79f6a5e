import { LICENCE_TERMS } from '@muse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFalConnection } from '../src/engines/fal/client';
import { renderPersonaPortraits } from '../src/engines/fal/render-portraits';
import { renderMarketplacePortraits } from '../src/modules/marketplace/render-marketplace';
import { buyPlan, registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { startFakeFal, type TFakeFal } from './fakes/fal';

let ctx: TTestContext;
let fal: TFakeFal;
beforeAll(async () => {
  ctx = await createTestApp();
  fal = await startFakeFal();
});
afterAll(() => fal.close());

const model = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/marketplace/models/${id}` })).json().model;

describe('npm run marketplace:render', () => {
  it('replaces a model’s drawings with five rendered photographs, once', async () => {
    fal.script('fal-ai/flux/dev', { polls: 1 });
    expect(await model(3)).toMatchObject({ imageKind: 'illustration' });
    const connection = createFalConnection({ key: fal.apiKey, apiUrl: fal.url });
    const render = (persona: Parameters<typeof renderPersonaPortraits>[1]) =>
      renderPersonaPortraits(connection, persona, { pollIntervalMs: 5 });
    const outcomes = await renderMarketplacePortraits(
      ctx.database.db,
      ctx.app.services.storage,
      render,
      { ids: [3] },
    );
    expect(outcomes).toEqual([expect.objectContaining({ modelId: 3, imageVersion: 2 })]);
    const rendered = await model(3);
    expect(rendered).toMatchObject({ imageKind: 'photo' });
    expect(rendered.images).toHaveLength(5);
    const image = await ctx.app.inject({ method: 'GET', url: rendered.images[0].full });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
    // Already photographs: nothing is rendered again unless forced.
    const before = fal.submits().length;
    expect(
      await renderMarketplacePortraits(ctx.database.db, ctx.app.services.storage, render, {
        ids: [3],
      }),
    ).toEqual([]);
    expect(fal.submits()).toHaveLength(before);

    // A claim now takes the photographs as its reference photos, measured.
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'builder');
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketplace/models/3/claim',
      payload: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
      headers: owner.headers,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const persona = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/influencers/${claimed.json().influencer.id}/persona`,
        headers: owner.headers,
      })
    ).json().persona;
    expect(persona.photos).toHaveLength(5);
  });
});
