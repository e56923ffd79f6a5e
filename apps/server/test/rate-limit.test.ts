import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from './app';

let ctx: TTestContext;

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
});

describe('rate limits per address', () => {
  it('answers 429 once one address has registered its limit, and not for another address', async () => {
    const register = (i: number, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `limit${i}.${remoteAddress}@example.com`,
          password: 'secret123',
          fullName: 'Ava',
        },
        remoteAddress,
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await register(i, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const blocked = await register(9, '203.0.113.7');
    expect(blocked.json()).toEqual({
      success: false,
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    expect((await register(10, '203.0.113.8')).statusCode).toBe(200);
  });

  it('limits forgot-password per address too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `someone${i}@example.com` },
        remoteAddress: '198.51.100.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-in attempts per IP address, whatever the e-mail address', async () => {
    const login = (i: number, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `guess${i}@example.com`, password: 'secret123' },
        remoteAddress,
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await login(i, '198.51.100.9')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(9, '198.51.100.10')).statusCode).toBe(401);
  });

  it('counts a sign-in refused per IP against that IP only, not against the address from it', async () => {
    // One statement counts both (docs/decisions/0059-sign-in-speed.md); the address from this
    // IP is counted only when the IP's limit lets the attempt through, as before.
    const email = 'counted.once@example.com';
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'secret123' },
        remoteAddress: '198.51.100.11',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const { rows } = await ctx.database.pool.query<{ key: string; hits: number }>(
      'select key, hits from rate_limit_hits where key = any($1) order by key',
      [[`login:email-ip:${email}:198.51.100.11`, 'login:ip:198.51.100.11']],
    );
    expect(rows).toEqual([
      { key: `login:email-ip:${email}:198.51.100.11`, hits: 3 },
      { key: 'login:ip:198.51.100.11', hits: 5 },
    ]);
  });
});
