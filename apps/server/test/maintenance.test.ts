import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits, sessions } from '../src/db/schema';
import { startWorker, taskList } from '../src/modules/jobs/worker';
import { purgeExpired } from '../src/modules/maintenance/purge';
import { registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('purgeExpired', () => {
  it('deletes expired sessions and spent rate-limit counters, and keeps live ones', async () => {
    const { db } = ctx.database;
    const expired = await registerAccount(ctx.app);
    const live = await registerAccount(ctx.app);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.userId));
    await db.insert(rateLimitHits).values([
      { key: 'login:old', windowStartedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000), hits: 3 },
      { key: 'login:new', windowStartedAt: new Date(), hits: 1 },
    ]);

    expect(await purgeExpired(db)).toBeGreaterThanOrEqual(2);
    const left = await db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((row) => row.userId)).toContain(live.userId);
    expect(left.map((row) => row.userId)).not.toContain(expired.userId);
    const keys = await db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like 'login:%'`);
    expect(keys.map((row) => row.key)).toEqual(['login:new']);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: live.headers });
    expect(me.statusCode).toBe(200);
  });
});

describe('scheduled tasks', () => {
  it('refuses at start a task name the queue has no handler for', () => {
    const context = {
      db: ctx.database.db,
      deps: ctx.app.services,
      log: console,
      signal: new AbortController().signal,
    };
    expect(() => taskList(['purge-expired', 'no-such-task'], context)).toThrow(
      'The job queue has no handler for "no-such-task"',
    );
  });

  it('a run the queue schedules does its work in a worker', async () => {
    const { db, pool } = ctx.database;
    const expired = await registerAccount(ctx.app);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.userId));
    const worker = await startWorker({
      db,
      pool,
      deps: ctx.app.services,
      concurrency: 1,
      log: { info: () => {}, error: () => {} },
    });
    try {
      // The payload the queue's scheduler gives a run.
      await pool.query(
        `select graphile_worker.add_job('purge-expired', $1::json, max_attempts := 1)`,
        [JSON.stringify({ _cron: { ts: new Date().toISOString(), backfilled: false } })],
      );
      const left = async () =>
        (await db.select().from(sessions).where(eq(sessions.userId, expired.userId))).length;
      for (let tries = 0; (await left()) > 0; tries += 1) {
        expect(tries).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
  });
});
