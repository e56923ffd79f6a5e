/**
 * What the API tests of the generators share: a persona trained from real photos, jobs waited
 * for until they finish, the gallery and the credit balance as a caller reads them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TGalleryItem, TJob } from '@muse/shared';
import { expect } from 'vitest';
import { getBalances } from '../src/modules/billing/ledger';
import type { TTestAccount } from './accounts';
import type { TTestContext } from './app';
import { multipartForm } from './images';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/photos/persona');
/** A persona test photo's bytes, by its name in fixtures/photos/persona. */
export const photo = (name: string) => readFileSync(path.join(FIXTURES, name));
const SAME = Array.from(
  { length: 10 },
  (_, i) => `same-person-${String(i + 1).padStart(2, '0')}.jpg`,
);

export const credits = async (context: TTestContext, owner: TTestAccount) =>
  (await getBalances(context.database.db, owner.userId)).credits;

export const getJob = async (
  context: TTestContext,
  owner: TTestAccount,
  id: string,
): Promise<TJob> =>
  (
    await context.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: owner.headers })
  ).json().job;

/** Waits for `check`, however long a busy machine takes, up to the bound. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The jobs once every one of them has succeeded or failed. */
export async function finished(context: TTestContext, owner: TTestAccount, ids: string[]) {
  await waitFor(async () => {
    const states = await Promise.all(ids.map((id) => getJob(context, owner, id)));
    return states.every((job) => job.status === 'succeeded' || job.status === 'failed');
  });
  return Promise.all(ids.map((id) => getJob(context, owner, id)));
}

export async function gallery(context: TTestContext, owner: TTestAccount, query = '') {
  const answer = await context.app.inject({
    method: 'GET',
    url: `/api/gallery${query}`,
    headers: owner.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { items: TGalleryItem[]; nextCursor: string | null };
}

/** A custom persona, trained offline from ten photos of one woman. */
export async function trainedPersona(context: TTestContext, owner: TTestAccount): Promise<string> {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: owner.headers,
    payload: multipartForm({ name: 'Mara', niche: 'fashion', description: 'Street style' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().influencer.id;
  for (const name of SAME) {
    const answer = await context.app.inject({
      method: 'POST',
      url: `/api/influencers/${id}/photos`,
      headers: owner.headers,
      payload: multipartForm({}, [{ field: 'photo', name, type: 'image/jpeg', data: photo(name) }]),
    });
    expect(answer.statusCode, answer.body).toBe(201);
  }
  // Training waits for a statement of whose likeness the photos show (docs/product/personas.md).
  const stated = await context.app.inject({
    method: 'POST',
    url: `/api/influencers/${id}/likeness`,
    headers: owner.headers,
    payload: multipartForm({ statement: 'synthetic' }),
  });
  expect(stated.statusCode, stated.body).toBe(201);
  const started = await context.app.inject({
    method: 'POST',
    url: `/api/influencers/${id}/training`,
    headers: owner.headers,
  });
  expect(started.statusCode, started.body).toBe(202);
  const [training] = await finished(context, owner, [started.json().job.id]);
  expect(training!.status).toBe('succeeded');
  return id;
}
