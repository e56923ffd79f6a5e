import type { TMarketplaceModel } from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { importModelImages } from '../src/modules/marketplace/import-images';
import { seedMarketplace } from '../src/modules/marketplace/service';
import { createTestApp, type TTestContext } from './app';
import { announced } from './instances';

let ctx: TTestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

async function models(): Promise<TMarketplaceModel[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/marketplace/models' });
  expect(response.statusCode).toBe(200);
  return response.json().models;
}

describe('GET /api/marketplace/models', () => {
  it('serves the 18 seeded models with their seeded states', async () => {
    const list = await models();
    expect(list.map((model) => model.id)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));

    for (const model of list.filter((m) => [5, 11, 12].includes(m.id))) {
      expect(model).toMatchObject({
        isBlackedOut: true,
        available: false,
        age: 0,
        hair: 'n/a',
        body: 'n/a',
        ethnicity: 'n/a',
        images: [],
      });
    }
    const available = list.filter((m) => ![5, 11, 12].includes(m.id));
    expect(available).toHaveLength(15);
    for (const model of available) {
      expect(model.available).toBe(true);
      expect(model.fullyClaimed).toBe(false);
      expect(model.claimed).toBeGreaterThanOrEqual(1);
      expect(model.claimed).toBeLessThanOrEqual(3);
      expect(model.licences).toBe(5);
      expect(model.tier).toBe('Classic');
      expect(model.images).toHaveLength(5);
      expect(model.about).toBeTruthy();
      expect(model.age).toBeGreaterThan(17);
    }
    expect(list.filter((m) => m.isLive).map((m) => m.id)).toEqual([1]);
  });

  it('counts claims from licence rows, and a model with 5 licences held is fully claimed', async () => {
    const before = (await models()).find((m) => m.id === 2)!;
    const { rows } = await ctx.database.pool.query(
      `insert into users (email, full_name) values ('claimer@example.com', 'Claire') returning id`,
    );
    // Written straight into the database, as another process would: the cached list changes
    // once the database announces it (docs/decisions/0031-session-cache-and-hot-reads.md).
    const insertLicence = async (userId: string | null) => {
      const heard = announced(ctx.app, 'marketplace');
      await ctx.database.pool.query(
        'insert into model_licences (model_id, workspace_id) values (2, $1)',
        [userId],
      );
      await heard;
    };
    await insertLicence(rows[0].id);
    expect((await models()).find((m) => m.id === 2)?.claimed).toBe(before.claimed + 1);

    const missing = 5 - (before.claimed + 1);
    for (let i = 0; i < missing; i += 1) await insertLicence(null);
    expect((await models()).find((m) => m.id === 2)).toMatchObject({
      claimed: 5,
      fullyClaimed: true,
      available: false,
    });
  });

  it('seeds once: starting again adds no models and no claims', async () => {
    const before = await models();
    await seedMarketplace(ctx.database.db);
    expect(await models()).toEqual(before);
  });

  it('answers one model, and 404 for an unknown one', async () => {
    const one = await ctx.app.inject({ method: 'GET', url: '/api/marketplace/models/7' });
    expect(one.json()).toMatchObject({ success: true, model: { id: 7 } });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/marketplace/models/99' });
    expect(none.statusCode).toBe(404);
  });
});

describe('model images', () => {
  it('serves each portrait as WebP at the grid and the detail sizes, cached by version', async () => {
    const [model] = await models();
    for (const [url, width, height] of [
      [model!.images[0]!.card, 480, 640],
      [model!.images[4]!.full, 960, 1280],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
    }
  });

  it('answers 404 for a placeholder model or a position it does not have', async () => {
    for (const url of [
      '/api/marketplace/models/5/images/0',
      '/api/marketplace/models/1/images/5',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('importing real photos for a model', () => {
  const photo = (colour: string) =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  it('replaces the portraits with the photos, cropped to 3:4, under a new version', async () => {
    const result = await importModelImages(ctx.database.db, ctx.app.services.storage, 3, [
      { name: 'one.jpg', data: await photo('#ff0000') },
      { name: 'two.jpg', data: await photo('#0000ff') },
    ]);
    expect(result).toEqual({ imageCount: 2, imageVersion: 2 });

    const model = (await models()).find((m) => m.id === 3)!;
    expect(model.images).toHaveLength(2);
    expect(model.images[1]!.card).toContain('v=2');
    const response = await ctx.app.inject({ method: 'GET', url: model.images[1]!.full });
    const { data, info } = await sharp(response.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([960, 1280]);
    expect(data[2]).toBeGreaterThan(200); // the blue photo, not a drawn portrait
  });

  it('refuses a file that is not an image, whatever its name, and changes nothing', async () => {
    const before = (await models()).find((m) => m.id === 4)!;
    await expect(
      importModelImages(ctx.database.db, ctx.app.services.storage, 4, [
        { name: 'photo.png', data: Buffer.from('this is plain text, not a PNG') },
      ]),
    ).rejects.toThrow(/photo.png is not an image/);
    expect((await models()).find((m) => m.id === 4)).toEqual(before);
  });
});
