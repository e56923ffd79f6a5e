// A read-only disk under the files folder (docs/decisions/0026-outages.md): the server, run in a
// mount namespace of its own where that folder is bound read-only, answers an upload that needs a
// new folder with the storage outage's 503, and nothing is written or spent.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENERIC_ERRORS } from '@muse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerEntries } from '../src/db/schema';
import { getBalances } from '../src/modules/billing/ledger';
import { buyPlan, registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { makePng, multipartForm } from './images';
import { canMountReadOnly, startReadOnlyFilesServer } from './read-only-disk';

describe.skipIf(!canMountReadOnly)('a read-only disk under the files folder', () => {
  let ctx: TTestContext;
  let folder = '';
  let server: Awaited<ReturnType<typeof startReadOnlyFilesServer>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    folder = await mkdtemp(path.join(os.tmpdir(), 'muse-read-only-files-'));
    await mkdir(path.join(folder, 'files'));
    server = await startReadOnlyFilesServer(ctx.database.url, path.join(folder, 'files'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers an upload that needs a new folder with 503 and the storage text; nothing is kept or spent', async () => {
    const { db } = ctx.database;
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const ledger = () =>
      db
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.workspaceId, account.userId));
    const before = { balances: await getBalances(db, account.userId), ledger: await ledger() };

    const response = await fetch(`${server.url}/api/jobs`, {
      method: 'POST',
      headers: account.headers,
      body: multipartForm({ tool: 'upscale' }, [
        { field: 'image', name: 'in.png', type: 'image/png', data: await makePng(32, 24) },
      ]),
    });
    expect([response.status, await response.json(), response.headers.get('retry-after')]).toEqual([
      503,
      { success: false, error: GENERIC_ERRORS.storageUnavailable, code: 'STORAGE_UNAVAILABLE' },
      '30',
    ]);

    expect(await readdir(path.join(folder, 'files'), { recursive: true })).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.workspaceId, account.userId))).toEqual([]);
    const queue = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from graphile_worker.jobs where task_identifier = 'run-job'`,
    );
    expect(queue.rows[0]?.count).toBe(0);
    expect(await getBalances(db, account.userId)).toEqual(before.balances);
    expect(await ledger()).toEqual(before.ledger);
  });
});
