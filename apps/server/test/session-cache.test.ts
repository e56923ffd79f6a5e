import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { announced, secondInstance } from './instances';

/**
 * Sessions are cached in memory by each instance for a while
 * (docs/decisions/0031-session-cache-and-hot-reads.md); a change made anywhere must still reach
 * every instance as soon as the database announces it.
 */
let first: TTestContext;
let second: FastifyInstance;

beforeAll(async () => {
  first = await createTestApp();
  second = await secondInstance(first);
});

const me = (app: FastifyInstance, headers: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('the session cache', () => {
  it('a session signed out on one instance is refused on the other as soon as it is announced', async () => {
    const account = await registerAccount(first.app);
    // Both instances have served (and cached) the session.
    expect((await me(first.app, account.headers)).statusCode).toBe(200);
    expect((await me(second, account.headers)).statusCode).toBe(200);

    const heard = announced(second, { account: account.userId });
    const logout = await first.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: account.headers,
    });
    expect(logout.statusCode).toBe(200);
    await heard;
    expect((await me(second, account.headers)).statusCode).toBe(401);
  });

  it('a session revoked by another process (straight in the database) is refused by every instance', async () => {
    const account = await registerAccount(first.app);
    expect((await me(first.app, account.headers)).statusCode).toBe(200);
    expect((await me(second, account.headers)).statusCode).toBe(200);

    const heardFirst = announced(first.app, { account: account.userId });
    const heardSecond = announced(second, { account: account.userId });
    const other = new pg.Client({ connectionString: first.database.url });
    await other.connect();
    try {
      await other.query('update sessions set revoked_at = now() where user_id = $1', [
        account.userId,
      ]);
    } finally {
      await other.end();
    }
    await Promise.all([heardFirst, heardSecond]);
    expect((await me(first.app, account.headers)).statusCode).toBe(401);
    expect((await me(second, account.headers)).statusCode).toBe(401);
  });

  it('a change of the account on one instance shows on the other once announced', async () => {
    const account = await registerAccount(first.app);
    expect((await me(second, account.headers)).json().user.fullName).toBe('Test Creator');

    const heard = announced(second, { account: account.userId });
    const renamed = await first.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: account.headers,
      payload: { fullName: 'Renamed Creator' },
    });
    expect(renamed.statusCode).toBe(200);
    // The instance that made the change shows it at once.
    expect((await me(first.app, account.headers)).json().user.fullName).toBe('Renamed Creator');
    await heard;
    expect((await me(second, account.headers)).json().user.fullName).toBe('Renamed Creator');
  });

  it('a sign-out is refused at once on the same instance, without waiting for anything', async () => {
    const account = await registerAccount(first.app);
    expect((await me(first.app, account.headers)).statusCode).toBe(200);
    const logout = await first.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: account.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(first.app, account.headers)).statusCode).toBe(401);
  });

  it('never keeps the password hash with a session', async () => {
    const account = await registerAccount(first.app);
    const found = await first.app.sessionCache.find(account.token);
    expect(found?.user.id).toBe(account.userId);
    expect(found?.user).not.toHaveProperty('passwordHash');
    expect(found?.user.hasPassword).toBe(true);
  });
});
