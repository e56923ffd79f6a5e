import { PRODUCT_TEXTS, UPLOAD_TEXTS } from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { makePng, multipartForm } from './images';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const list = async (account: TTestAccount) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/products', headers: account.headers })).json();

const create = (account: TTestAccount, form: FormData) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', headers: account.headers, payload: form });

const png = async (name: string) => ({
  field: 'images',
  name,
  type: 'image/png',
  data: await makePng(),
});

describe('products', () => {
  it('a FREE account has no product slot', async () => {
    const account = await registerAccount(ctx.app);
    expect(await list(account)).toEqual({ success: true, products: [], used: 0, limit: 0 });
    const refused = await create(account, multipartForm({ name: 'Lamp' }));
    expect([refused.statusCode, refused.json().error]).toEqual([403, PRODUCT_TEXTS.noSlot]);
  });

  it('creates with images, edits keeping some images, and deletes', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'builder');
    const created = await create(
      account,
      multipartForm(
        {
          name: 'Trail shoes',
          description: 'Light and grippy',
          link: 'https://shop.example.com/shoes',
        },
        [await png('a.png'), await png('b.png')],
      ),
    );
    expect(created.statusCode).toBe(201);
    const { product } = created.json();
    expect(product).toMatchObject({ name: 'Trail shoes', link: 'https://shop.example.com/shoes' });
    expect(product.images).toHaveLength(2);
    const image = await ctx.app.inject({ method: 'GET', url: product.images[0].url });
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    expect(await list(account)).toMatchObject({ used: 1, limit: 5 });

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: account.headers,
      payload: multipartForm({ name: 'Trail shoes v2', keepImageIds: [product.images[1].id] }, [
        await png('c.png'),
      ]),
    });
    expect(updated.statusCode).toBe(200);
    const edited = updated.json().product;
    expect(edited.name).toBe('Trail shoes v2');
    expect(edited.images.map((row: { id: string }) => row.id)[0]).toBe(product.images[1].id);
    expect(edited.images).toHaveLength(2);
    // The dropped image is gone.
    expect((await ctx.app.inject({ method: 'GET', url: product.images[0].url })).statusCode).toBe(
      404,
    );

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: account.headers,
    });
    expect(deleted.json()).toEqual({ success: true });
    expect(await list(account)).toMatchObject({ used: 0, products: [] });
  });

  it("validates fields and uploads, stops at the plan limit, and hides other users' products", async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'builder');
    const bad: [FormData, string][] = [
      [multipartForm({ name: '' }), PRODUCT_TEXTS.nameRequired],
      [multipartForm({ name: 'Lamp', link: 'shop.example.com' }), PRODUCT_TEXTS.linkInvalid],
      [
        multipartForm({ name: 'Lamp' }, [
          { field: 'images', name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('GIF89a nope') },
        ]),
        UPLOAD_TEXTS.notAnImage,
      ],
      [
        multipartForm(
          { name: 'Lamp' },
          await Promise.all(['1', '2', '3', '4', '5', '6'].map((n) => png(`${n}.png`))),
        ),
        UPLOAD_TEXTS.tooManyImages,
      ],
    ];
    for (const [form, error] of bad) expect((await create(account, form)).json().error).toBe(error);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(account, multipartForm({ name: `Item ${i}` }))),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(3);

    const stranger = await registerAccount(ctx.app);
    const [first] = (await list(account)).products;
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await ctx.app.inject({
        method,
        url: `/api/products/${first.id}`,
        headers: stranger.headers,
      });
      expect([answer.statusCode, answer.json().error]).toEqual([404, PRODUCT_TEXTS.notFound]);
    }
  });
});
