/**
 * A list that grows, against itself small: `GET /api/influencers` (in-process) for an account
 * with 5,000 influencers, for one with exactly a page of them, and for one with none. Paginated
 * (docs/decisions/0032-keyset-pagination.md), the first page costs about the same however many
 * there are behind it: the goal is flat, 5,000 against one page.
 */
import { PAGE_SIZES } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import type { TDatabaseHandle } from '../apps/server/src/db/client';
import { influencers } from '../apps/server/src/db/schema';
import { registerAccount, type TTestAccount } from '../apps/server/test/accounts';

const ROWS = 5_000;
const REQUESTS = 200;

export type TListFigures = { ms: number; bytes: number };

async function timeList(app: FastifyInstance, account: TTestAccount): Promise<TListFigures> {
  const get = () =>
    app.inject({ method: 'GET', url: '/api/influencers', headers: account.headers });
  for (let i = 0; i < 20; i += 1) await get(); // warm-up
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const response = await get();
    if (response.statusCode !== 200) throw new Error(`/api/influencers: ${response.statusCode}`);
    bytes = response.rawPayload.length;
  }
  return { ms: (performance.now() - start) / REQUESTS, bytes };
}

async function addInfluencers(database: TDatabaseHandle, userId: string, count: number) {
  for (let offset = 0; offset < count; offset += 1_000) {
    await database.db.insert(influencers).values(
      Array.from({ length: Math.min(1_000, count - offset) }, (_, n) => ({
        workspaceId: userId,
        name: `Persona ${offset + n}`,
        niche: 'tech' as const,
        description: 'A persona to page through',
      })),
    );
  }
}

export async function benchLists(app: FastifyInstance, database: TDatabaseHandle) {
  const empty = await registerAccount(app, 'bench-list-empty');
  const page = await registerAccount(app, 'bench-list-page');
  const full = await registerAccount(app, 'bench-list-full');
  await addInfluencers(database, page.userId, PAGE_SIZES.influencers);
  await addInfluencers(database, full.userId, ROWS);
  // As autovacuum leaves a table that grew: planner statistics and a visibility map that reflect
  // its rows, not the empty table of a moment ago.
  await database.pool.query('vacuum analyze influencers');
  return {
    rows: ROWS,
    pageSize: PAGE_SIZES.influencers,
    empty: await timeList(app, empty),
    page: await timeList(app, page),
    full: await timeList(app, full),
  };
}

export function reportLists(result: Awaited<ReturnType<typeof benchLists>>): void {
  const { rows, pageSize, empty, page, full } = result;
  const figures = (f: TListFigures) =>
    `${f.ms.toFixed(2)} ms/request, ${(f.bytes / 1024).toFixed(1)} kB`;
  const ratio = full.ms / page.ms;
  console.log(`\nGET /api/influencers, in-process, the first page (${pageSize} a page)`);
  console.log(`  no influencers: ${figures(empty)}`);
  console.log(`  one page of ${pageSize} (baseline): ${figures(page)}`);
  console.log(
    `  ${rows.toLocaleString('en')} influencers: ${figures(full)} (ratio ${ratio.toFixed(2)}, goal flat, at most 1.5${ratio <= 1.5 ? ', met' : ''})`,
  );
}
