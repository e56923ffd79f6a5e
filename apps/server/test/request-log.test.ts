import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

/** The log as production writes it: one JSON line per request, when it ends. */
describe('the request log', () => {
  const lines: string[] = [];
  let context: TTestContext;

  beforeAll(async () => {
    context = await createTestApp(
      { NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      { write: (line) => void lines.push(line) },
    );
  });

  const linesOf = (requestId: string) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.requestId === requestId);

  it('writes one line per request: its id, method, URL, status and time, and no token', async () => {
    const account = await registerAccount(context.app, 'log');
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me?fresh=1',
      headers: account.headers,
    });
    const refused = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not-a-session' },
    });

    const [meLine, ...meRest] = linesOf(String(me.headers['x-request-id']));
    expect(meRest).toEqual([]);
    expect(meLine).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/auth/me?fresh=1',
      statusCode: 200,
    });
    expect(meLine!.responseTime).toEqual(expect.any(Number));

    expect(linesOf(String(refused.headers['x-request-id']))).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/auth/me', statusCode: 401 }),
    ]);
    expect(lines.join('\n')).not.toContain(account.token);
    expect(lines.join('\n')).not.toContain('not-a-session');
  });
});
