import { MAX_PAGE_SIZE, PAGE_SIZES, PAGE_TEXTS } from '@muse/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryItems, influencers, jobs, ledgerEntries } from '../src/db/schema';
import { newestLedgerEntries } from '../src/modules/billing/ledger';
import { newestGalleryItems } from '../src/modules/gallery/service';
import { newestInfluencers } from '../src/modules/influencers/service';
import { newestJobs } from '../src/modules/jobs/service';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

/**
 * The lists that grow, read a page at a time (docs/decisions/0032-keyset-pagination.md): walking
 * every page shows each row once, in order, however many rows are added meanwhile.
 */

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

type TList = {
  name: string;
  url: string;
  /** The field of the answer that holds the page's rows. */
  field: 'influencers' | 'jobs' | 'entries' | 'items';
  table: string;
  pageSize: number;
  /** Writes `count` rows for the account, all in one statement (so they share their time). */
  add: (userId: string, count: number, createdAt?: ReturnType<typeof sql>) => Promise<void>;
};

/** `count` rows of the account, written together: one statement, one creation time. */
function rows<T>(count: number, row: (n: number) => T): T[] {
  return Array.from({ length: count }, (_, n) => row(n));
}

const LISTS: TList[] = [
  {
    name: 'influencers',
    url: '/api/influencers',
    field: 'influencers',
    table: 'influencers',
    pageSize: PAGE_SIZES.influencers,
    add: async (userId, count, createdAt) => {
      await ctx.database.db.insert(influencers).values(
        rows(count, (n) => ({
          workspaceId: userId,
          name: `Persona ${n}`,
          niche: 'tech' as const,
          description: 'A persona to page through',
          ...(createdAt ? { createdAt } : {}),
        })),
      );
    },
  },
  {
    name: 'jobs',
    url: '/api/jobs',
    field: 'jobs',
    table: 'jobs',
    pageSize: PAGE_SIZES.jobs,
    add: async (userId, count, createdAt) => {
      await ctx.database.db.insert(jobs).values(
        rows(count, (n) => ({
          workspaceId: userId,
          tool: n % 2 ? ('upscale' as const) : ('edit-image' as const),
          status: 'succeeded' as const,
          options: {},
          cost: 0,
          engine: 'local',
          ...(createdAt ? { createdAt } : {}),
        })),
      );
    },
  },
  {
    name: 'credit history',
    url: '/api/credits/history',
    field: 'entries',
    table: 'ledger_entries',
    pageSize: PAGE_SIZES.creditHistory,
    add: async (userId, count, createdAt) => {
      await ctx.database.db.insert(ledgerEntries).values(
        rows(count, () => ({
          workspaceId: userId,
          currency: 'credits' as const,
          amount: -1,
          kind: 'spend' as const,
          description: 'Upscale',
          reference: `test:${crypto.randomUUID()}`,
          ...(createdAt ? { createdAt } : {}),
        })),
      );
    },
  },
  {
    name: 'gallery',
    url: '/api/gallery',
    field: 'items',
    table: 'gallery_items',
    pageSize: PAGE_SIZES.gallery,
    add: async (userId, count, createdAt) => {
      await ctx.database.db.insert(galleryItems).values(
        rows(count, (n) => ({
          workspaceId: userId,
          kind: 'image' as const,
          key: `users/${userId}/gallery/${n}.webp`,
          thumbnailKey: `users/${userId}/gallery/${n}-thumb.webp`,
          width: 64,
          height: 64,
          contentType: 'image/webp',
          fileName: `${n}.webp`,
          prompt: 'A page of pictures',
          engine: 'local',
          preview: true,
          ...(createdAt ? { createdAt } : {}),
        })),
      );
    },
  },
];

const read = (account: TTestAccount, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: account.headers });

/** The account's rows of a list as the database orders them: newest first, ties by id. */
async function idsInOrder(table: string, userId: string): Promise<string[]> {
  const { rows: found } = await ctx.database.pool.query<{ id: string }>(
    `select id from ${table} where workspace_id = $1 order by created_at desc, id desc`,
    [userId],
  );
  return found.map((row) => row.id);
}

const withCursor = (url: string, cursor: string | null, limit: number) =>
  `${url}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

describe.each(LISTS)('the $name list', (list) => {
  let owner: TTestAccount;
  let stranger: TTestAccount;

  beforeAll(async () => {
    owner = await registerAccount(ctx.app, 'pager');
    stranger = await registerAccount(ctx.app, 'stranger');
    // Rows that share their creation time (one statement), rows a microsecond apart (within one
    // millisecond, which a JavaScript date cannot tell apart), and rows seconds apart.
    await list.add(owner.userId, 7, sql`now() - interval '1 hour'`);
    for (let n = 0; n < 5; n += 1)
      await list.add(
        owner.userId,
        1,
        sql`date_trunc('second', now()) - interval '1 minute' + ${n}::int * interval '1 microsecond'`,
      );
    for (let n = 0; n < 6; n += 1)
      await list.add(owner.userId, 1, sql`now() - ${n}::int * interval '3 seconds'`);
    await list.add(stranger.userId, 4);
  });

  it('walking every page shows each row once, in order, while rows are added between reads', async () => {
    const before = await idsInOrder(list.table, owner.userId);
    const strangers = new Set(await idsInOrder(list.table, stranger.userId));
    expect(before.length).toBeGreaterThan(15);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await read(owner, withCursor(list.url, cursor, 4));
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      const page = (body[list.field] as { id: string }[]).map((row) => row.id);
      expect(page.length).toBeLessThanOrEqual(4);
      seen.push(...page);
      cursor = body.nextCursor;
      pages += 1;
      // Meanwhile the creator makes more, and so does someone else.
      await list.add(owner.userId, 2);
      await list.add(stranger.userId, 1);
    } while (cursor !== null && pages < 50);

    // Every row that was there when the walk began, once each, newest first; none of those
    // added meanwhile (they are newer than the first page), none of another account's.
    expect(seen).toEqual(before);
    expect(seen.filter((id) => strangers.has(id))).toEqual([]);
    expect(pages).toBe(Math.ceil(before.length / 4));

    // A new first page starts with what was added meanwhile.
    const fresh = (await read(owner, withCursor(list.url, null, 4))).json();
    const now = await idsInOrder(list.table, owner.userId);
    expect((fresh[list.field] as { id: string }[]).map((row) => row.id)).toEqual(now.slice(0, 4));
    expect(before).not.toContain(now[0]);
  });

  it('another account walks only its own rows, even with the owner’s cursor', async () => {
    const first = (await read(owner, withCursor(list.url, null, 2))).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const theirs = await idsInOrder(list.table, stranger.userId);
    const mine = new Set(await idsInOrder(list.table, owner.userId));
    const answer = await read(stranger, withCursor(list.url, first.nextCursor, MAX_PAGE_SIZE));
    expect(answer.statusCode).toBe(200);
    const ids = (answer.json()[list.field] as { id: string }[]).map((row) => row.id);
    expect(ids.every((id) => !mine.has(id))).toBe(true);
    const all = (await read(stranger, list.url)).json();
    expect((all[list.field] as { id: string }[]).map((row) => row.id)).toEqual(theirs);
  });

  it('answers its stated page size without a limit, and a last page has no cursor', async () => {
    await list.add(owner.userId, list.pageSize + 1);
    const total = (await idsInOrder(list.table, owner.userId)).length;
    const first = (await read(owner, list.url)).json();
    expect(first[list.field]).toHaveLength(list.pageSize);
    expect(first.nextCursor).toEqual(expect.any(String));
    const all = (await read(owner, withCursor(list.url, null, MAX_PAGE_SIZE))).json();
    expect(all[list.field]).toHaveLength(Math.min(total, MAX_PAGE_SIZE));
    expect(total).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(all.nextCursor).toBeNull();
  });

  it.each([
    ['not base64 JSON', 'abc'],
    ['an empty cursor', ''],
    ['a zero byte', '\u0000'],
    ['a cursor of another shape', Buffer.from('[1,2]').toString('base64url')],
    [
      'a day that does not exist',
      Buffer.from(
        JSON.stringify({ at: '2026-02-30T00:00:00.000000Z', id: crypto.randomUUID() }),
      ).toString('base64url'),
    ],
    [
      'an id that is not one',
      Buffer.from(JSON.stringify({ at: '2026-01-01T00:00:00.000000Z', id: "1' or 1=1" })).toString(
        'base64url',
      ),
    ],
    ['a very long cursor', 'x'.repeat(5000)],
  ])('refuses %s as a cursor with a 400 that says to reload', async (_, cursor) => {
    const answer = await read(owner, `${list.url}?cursor=${encodeURIComponent(cursor)}`);
    if (cursor === '') {
      // An empty cursor is no cursor: the first page.
      expect(answer.statusCode).toBe(200);
      return;
    }
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      error: PAGE_TEXTS.badCursor,
      code: 'INVALID_REQUEST',
    });
  });

  it.each(['0', '-1', String(MAX_PAGE_SIZE + 1), '2.5', 'ten', '1e999'])(
    'refuses limit=%s with a 400 that states the bounds',
    async (limit) => {
      const answer = await read(owner, `${list.url}?limit=${limit}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        success: false,
        error: PAGE_TEXTS.badLimit,
        code: 'INVALID_REQUEST',
      });
    },
  );
});

describe('the influencers list', () => {
  it('keeps the count of all influencers held beside a page of them', async () => {
    const account = await registerAccount(ctx.app, 'counted');
    await LISTS[0]!.add(account.userId, 5);
    const answer = (await read(account, '/api/influencers?limit=2')).json();
    expect(answer.influencers).toHaveLength(2);
    expect(answer.used).toBe(5);
  });
});

describe('the jobs list of one tool', () => {
  it('pages through that tool’s jobs only', async () => {
    const account = await registerAccount(ctx.app, 'tools');
    await LISTS[1]!.add(account.userId, 9);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await read(account, `${withCursor('/api/jobs', cursor, 2)}&tool=upscale`);
      const body: { jobs: { tool: string }[]; nextCursor: string | null } = answer.json();
      seen.push(...body.jobs.map((job) => job.tool));
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(['upscale', 'upscale', 'upscale', 'upscale']);
  });
});

/**
 * The order is read from an index, a range of it from the cursor on, never sorted: the plan of
 * each list's query on an account with thousands of rows (5,000 of them).
 */
describe('the indexes', () => {
  type TPlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: TPlanNode[] };
  const nodes = (node: TPlanNode): TPlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

  async function plan(query: { toSQL: () => { sql: string; params: unknown[] } }) {
    const { sql: text, params } = query.toSQL();
    const { rows: found } = await ctx.database.pool.query<{ 'QUERY PLAN': [{ Plan: TPlanNode }] }>(
      `explain (format json) ${text}`,
      params,
    );
    return nodes(found[0]!['QUERY PLAN'][0].Plan);
  }

  let heavy: TTestAccount;
  let cursor: string;
  beforeAll(async () => {
    heavy = await registerAccount(ctx.app, 'heavy');
    const other = await registerAccount(ctx.app, 'other');
    for (const list of LISTS)
      for (const account of [heavy, other])
        for (let batch = 0; batch < 5; batch += 1)
          await list.add(account.userId, 500, sql`now() - random() * interval '30 days'`);
    await ctx.database.pool.query(
      'analyze influencers; analyze jobs; analyze ledger_entries; analyze gallery_items',
    );
    cursor = Buffer.from(
      JSON.stringify({
        at: new Date().toISOString().replace('Z', '000Z'),
        id: crypto.randomUUID(),
      }),
    ).toString('base64url');
  });

  it.each([
    ['influencers', 'influencers_user_created_id_idx'],
    ['jobs', 'jobs_user_created_id_idx'],
    ['jobs of one tool', 'jobs_user_tool_created_id_idx'],
    ['credit history', 'ledger_entries_user_created_id_idx'],
    ['gallery', 'gallery_items_user_created_idx'],
  ])('the %s list reads %s without a sort', async (name, index) => {
    const db = ctx.database.db;
    const page = { cursor, limit: 25 };
    const query = {
      influencers: () => newestInfluencers(db, heavy.userId, page),
      jobs: () => newestJobs(db, heavy.userId, page),
      'jobs of one tool': () => newestJobs(db, heavy.userId, { ...page, tool: 'upscale' }),
      'credit history': () => newestLedgerEntries(db, heavy.userId, page),
      gallery: () => newestGalleryItems(db, heavy.userId, page).rows,
    }[name]!();
    const steps = await plan(query);
    expect(steps.map((step) => step['Node Type'])).not.toContain('Sort');
    expect(steps.map((step) => step['Node Type'])).not.toContain('Incremental Sort');
    expect(steps.find((step) => step['Index Name'] === index)).toMatchObject({
      'Node Type': 'Index Scan',
    });
  });
});
