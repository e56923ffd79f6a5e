import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import type { TTestAccount } from './accounts';
import { finishedJobStatus } from './jobs';

/** Real photographs (apps/server/test/fixtures/photos/persona): ten of one woman, and others. */
export const PERSONA_PHOTOS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/test/fixtures/photos/persona',
);
const SAME = Array.from(
  { length: 10 },
  (_, i) => `same-person-${String(i + 1).padStart(2, '0')}.jpg`,
);

/** A persona made offline from ten photos of one woman, through the API as the page would. */
export async function seedPersona(
  request: APIRequestContext,
  account: TTestAccount,
  name: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${account.token}`, connection: 'close' };
  const created = await request.post('/api/influencers', {
    headers,
    multipart: { name, niche: 'fashion', description: 'Street style in soft light' },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { influencer: { id: string } }).influencer.id;
  for (const file of SAME) {
    const answer = await request.post(`/api/influencers/${id}/photos`, {
      headers,
      multipart: {
        photo: {
          name: file,
          mimeType: 'image/jpeg',
          buffer: readFileSync(path.join(PERSONA_PHOTOS, file)),
        },
      },
    });
    expect(answer.status()).toBe(201);
  }
  // Training waits for a statement of whose likeness the photos show (docs/product/personas.md).
  const stated = await request.post(`/api/influencers/${id}/likeness`, {
    headers,
    multipart: { statement: 'synthetic' },
  });
  expect(stated.status()).toBe(201);
  const training = await request.post(`/api/influencers/${id}/training`, { headers });
  expect(training.status()).toBe(202);
  const job = ((await training.json()) as { job: { id: string } }).job;
  expect(await finishedJobStatus(request, headers, job.id)).toBe('succeeded');
  return id;
}
