import { randomBytes } from 'node:crypto';
import { PUBLISHING_TEXTS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { influencers } from '../src/db/schema';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

/*
 * A handle a page lets go of (docs/product/publishing.md, "The public page") is kept 30 days for
 * the account that held it: its address leads to the page's new handle, another account cannot
 * take it, its owner can; after 30 days it is free.
 */

let ctx: TTestContext;
let owner: TTestAccount;
let stranger: TTestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, stranger] = await Promise.all([
    registerAccount(ctx.app, 'owner'),
    registerAccount(ctx.app, 'stranger'),
  ]);
}, 60_000);

const handleOf = (prefix: string) => `${prefix}.${randomBytes(3).toString('hex')}`;

async function newInfluencer(account: TTestAccount, name: string): Promise<string> {
  const [row] = await ctx.database.db
    .insert(influencers)
    .values({ workspaceId: account.userId, name, niche: 'fashion', description: '' })
    .returning();
  return row!.id;
}

const savePage = (account: TTestAccount, influencerId: string, handle: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/influencers/${influencerId}/page`,
    headers: account.headers,
    payload: { handle, bio: '', published: true },
  });

const publicPage = (handle: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/pages/${handle}` });

/** Moves the handle's 30 days into the past, as if they had gone by. */
async function thirtyDaysOn(handle: string) {
  await ctx.database.pool.query(
    `update released_handles set kept_until = now() - interval '1 second' where handle = $1`,
    [handle],
  );
}

describe('a renamed page', () => {
  it('leads from its old handle to the new one; another account is refused it until 30 days on', async () => {
    const influencerId = await newInfluencer(owner, 'Ava Rose');
    const before = handleOf('ava');
    const after = handleOf('ava.new');
    expect((await savePage(owner, influencerId, before)).statusCode).toBe(200);
    const renamed = await savePage(owner, influencerId, after);
    expect([renamed.statusCode, renamed.json().page.handle]).toEqual([200, after]);

    // The old address, in any case, leads to the new one: the page, a post, the picture.
    const moved = await publicPage(before.toUpperCase());
    expect([moved.statusCode, moved.headers.location]).toEqual([302, `/api/public/pages/${after}`]);
    const post = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/pages/${before}/posts/00000000-0000-4000-8000-000000000000`,
    });
    expect(post.headers.location).toBe(
      `/api/public/pages/${after}/posts/00000000-0000-4000-8000-000000000000`,
    );
    const picture = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/pages/${before}/picture`,
    });
    expect(picture.headers.location).toBe(`/api/public/pages/${after}/picture`);
    const followed = await publicPage(after);
    expect([followed.statusCode, followed.json().page.handle]).toEqual([200, after]);

    // Another account cannot take it, in any case.
    const impostor = await newInfluencer(stranger, 'Not Ava');
    for (const attempt of [before, before.toUpperCase()]) {
      const refused = await savePage(stranger, impostor, attempt);
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { success: false, error: PUBLISHING_TEXTS.handleKept, code: 'HANDLE_KEPT' },
      ]);
    }
    expect((await publicPage(before)).statusCode).toBe(302);

    // 30 days on, the handle is free: no more redirect, and anyone may take it.
    await thirtyDaysOn(before);
    const gone = await publicPage(before);
    expect([gone.statusCode, gone.json()]).toEqual([
      404,
      { success: false, error: PUBLISHING_TEXTS.pageNotFound, code: 'PAGE_NOT_FOUND' },
    ]);
    const taken = await savePage(stranger, impostor, before);
    expect([taken.statusCode, taken.json().page.handle]).toEqual([200, before]);
    const theirs = await publicPage(before);
    expect([theirs.statusCode, theirs.json().page.name]).toEqual([200, 'Not Ava']);
  });

  it('lets its owner take the old handle back, for the same or another of their influencers', async () => {
    const first = await newInfluencer(owner, 'Mia Lane');
    const second = await newInfluencer(owner, 'Mia Lane Two');
    const original = handleOf('mia');
    const interim = handleOf('mia.tmp');
    expect((await savePage(owner, first, original)).statusCode).toBe(200);
    expect((await savePage(owner, first, interim)).statusCode).toBe(200);
    const back = await savePage(owner, first, original);
    expect([back.statusCode, back.json().page.handle]).toEqual([200, original]);
    expect((await publicPage(original)).statusCode).toBe(200);
    // The interim handle is now kept for the owner: their other influencer may take it.
    const impostor = await newInfluencer(stranger, 'Not Mia');
    expect((await savePage(stranger, impostor, interim)).statusCode).toBe(409);
    const other = await savePage(owner, second, interim);
    expect([other.statusCode, other.json().page.handle]).toEqual([200, interim]);
  });
});

describe('a deleted page', () => {
  it('keeps its handle 30 days for nobody else: its address is not found, then it is free', async () => {
    const influencerId = await newInfluencer(owner, 'Zoe Park');
    const handle = handleOf('zoe');
    expect((await savePage(owner, influencerId, handle)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${influencerId}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await publicPage(handle)).statusCode).toBe(404);
    const impostor = await newInfluencer(stranger, 'Not Zoe');
    const refused = await savePage(stranger, impostor, handle);
    expect([refused.statusCode, refused.json().error]).toEqual([409, PUBLISHING_TEXTS.handleKept]);

    await thirtyDaysOn(handle);
    expect((await savePage(stranger, impostor, handle)).statusCode).toBe(200);
  });
});
