/**
 * Input the database cannot hold or the form parser cannot read is refused with a 400 and a
 * clear text, never a 500 (docs/decisions/0025-hostile-input.md). fuzz.test.ts keeps it so for
 * every route; these are the defects it was written for, one case each.
 */
import { INPUT_TEXTS, PERSONA_TEXTS, UPLOAD_TEXTS } from '@muse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../src/db/schema';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { errorCodeOf } from './error-answers';
import { makePng, multipartForm } from './images';

let ctx: TTestContext;
let account: TTestAccount;
let influencerId: string;
let productId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  account = await registerAccount(ctx.app);
  await buyPlan(ctx.app, account, 'launch');
  const influencer = await ctx.app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: account.headers,
    payload: multipartForm({ name: 'Anna', niche: 'tech', description: 'A persona' }),
  });
  influencerId = influencer.json().influencer.id;
  const product = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: account.headers,
    payload: multipartForm({ name: 'Lamp' }),
  });
  productId = product.json().product.id;
}, 30_000);

const refusal = (response: { statusCode: number; json: () => unknown }) => [
  response.statusCode,
  response.json(),
];

describe('text the database cannot hold', () => {
  it('a NUL character in a stored JSON field is refused, and nothing is written', async () => {
    const email = 'nul.byte@example.com';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret123', fullName: 'Anna\u0000' },
    });
    expect(refusal(response)).toEqual([
      400,
      expect.objectContaining({
        success: false,
        error: INPUT_TEXTS.textNotAllowed,
        code: 'INVALID_REQUEST',
      }),
    ]);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it('a NUL character in a multipart text field is refused, and nothing is written', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: account.headers,
      payload: multipartForm({ name: 'Lamp\u0000', description: 'Bright' }),
    });
    expect(refusal(response)).toEqual([
      400,
      expect.objectContaining({
        success: false,
        error: INPUT_TEXTS.textNotAllowed,
        code: 'INVALID_REQUEST',
      }),
    ]);
    const rows = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.workspaceId, account.userId));
    expect(rows.map((row) => row.name)).toEqual(['Lamp']);
  });

  it('a lone surrogate is refused, not stored as a replacement character', async () => {
    const email = 'lone.surrogate@example.com';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret123', fullName: 'Anna\ud800' },
    });
    expect(refusal(registered)).toEqual([
      400,
      expect.objectContaining({
        success: false,
        error: INPUT_TEXTS.textNotAllowed,
        code: 'INVALID_REQUEST',
      }),
    ]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    // Options are stored as jsonb, which refuses the escaped surrogate outright.
    const generation = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: account.headers,
      payload: { prompt: 'A beach at dusk \udc00' },
    });
    expect(refusal(generation)).toEqual([
      400,
      expect.objectContaining({
        success: false,
        error: INPUT_TEXTS.textNotAllowed,
        code: 'INVALID_REQUEST',
      }),
    ]);
  });
});

describe('malformed multipart', () => {
  const uploads = () => [
    { method: 'POST', url: '/api/influencers' },
    { method: 'PUT', url: `/api/influencers/${influencerId}` },
    { method: 'POST', url: `/api/influencers/${influencerId}/photos` },
    { method: 'POST', url: `/api/influencers/${influencerId}/score` },
    { method: 'POST', url: '/api/products' },
    { method: 'PUT', url: `/api/products/${productId}` },
    { method: 'POST', url: '/api/jobs' },
  ];
  const body = [
    '--XYZ',
    'Content-Disposition: form-data; name="name"',
    '',
    'Anna',
    '--XYZ',
    'Content-Disposition: form-data; name="image"; filename="a.png"',
    'Content-Type: image/png',
    '',
    'not all of the bytes',
  ].join('\r\n');

  it('every upload route refuses a multipart content type without a boundary', async () => {
    for (const { method, url } of uploads()) {
      const response = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { ...account.headers, 'content-type': 'multipart/form-data' },
        payload: `${body}\r\n--XYZ--\r\n`,
      });
      expect({ url, method, answer: refusal(response) }).toEqual({
        url,
        method,
        answer: [400, { success: false, error: UPLOAD_TEXTS.unreadable, code: 'INVALID_REQUEST' }],
      });
    }
  });

  it('every upload route refuses a body that ends before the closing boundary', async () => {
    for (const { method, url } of uploads()) {
      const response = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { ...account.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
        payload: body,
      });
      expect({ url, method, answer: refusal(response) }).toEqual({
        url,
        method,
        answer: [400, { success: false, error: UPLOAD_TEXTS.unreadable, code: 'INVALID_REQUEST' }],
      });
    }
  });

  it('a photo whose bytes stop half way is "not a photo", not a server error', async () => {
    const png = await makePng(64, 64);
    const half = png.subarray(0, Math.floor(png.length / 2));
    for (const [path, field] of [
      ['photos', 'photo'],
      ['score', 'image'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/influencers/${influencerId}/${path}`,
        headers: account.headers,
        payload: multipartForm({}, [{ field, name: 'half.png', type: 'image/png', data: half }]),
      });
      expect({ path, answer: refusal(response) }).toEqual({
        path,
        answer: [400, { success: false, error: PERSONA_TEXTS.notAPhoto, code: 'INVALID_REQUEST' }],
      });
    }
  });
});

describe('ids beyond the integer columns', () => {
  // 400, not 404: no model can have this id, the same answer as for 0, -1 or 'abc', refused by
  // the schema before any query (the column is a 32-bit integer).
  it('a marketplace model id over 2147483647 is refused as invalid', async () => {
    for (const { method, url, headers } of [
      { method: 'GET', url: '/api/marketplace/models/2147483648', headers: {} },
      { method: 'GET', url: '/api/marketplace/models/2147483648/images/0', headers: {} },
      {
        method: 'POST',
        url: '/api/marketplace/models/2147483648/claim',
        headers: account.headers,
      },
      { method: 'GET', url: '/api/marketplace/models/1.5', headers: {} },
    ]) {
      const response = await ctx.app.inject({ method: method as 'GET', url, headers });
      expect({ url, answer: refusal(response) }).toEqual({
        url,
        answer: [
          400,
          expect.objectContaining({
            success: false,
            error: INPUT_TEXTS.idInvalid,
            code: 'INVALID_REQUEST',
          }),
        ],
      });
    }
    const existing = await ctx.app.inject({ method: 'GET', url: '/api/marketplace/models/1' });
    expect(existing.statusCode).toBe(200);
  });

  it('an onboarding model id over 2147483647 is refused, and the answers stay as they were', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: account.headers,
      payload: { step: 1, modelId: 2147483648 },
    });
    expect(refusal(response)).toEqual([
      400,
      expect.objectContaining({
        success: false,
        error: INPUT_TEXTS.idInvalid,
        code: 'INVALID_REQUEST',
      }),
    ]);
    const state = await ctx.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: account.headers,
    });
    expect(state.json().onboarding.modelId).toBeNull();
  });
});

describe('addresses the router cannot read', () => {
  it('answer in the error shape', async () => {
    const answers = [];
    for (const url of ['/api/jobs/%ED%A0%80', `/api/jobs/${'x'.repeat(300)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: account.headers });
      expect(response.statusCode).toBeLessThan(500);
      answers.push(errorCodeOf(response, url));
    }
    expect(answers).toEqual(['INVALID_REQUEST', 'URI_TOO_LONG']);
  });
});
