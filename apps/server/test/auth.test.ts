import { randomBytes, scryptSync } from 'node:crypto';
import { ACCOUNT_TEXTS, AUTH_TEXTS } from '@muse/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECKS } from '../src/modules/users/service';
import { startMailWorker, waitForMail, waitForMailQueue } from './account-mail';
import { createTestApp, type TTestContext } from './app';

let ctx: TTestContext;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, { write: (line) => logLines.push(line) });
  // Reset links are mailed by the job worker (docs/decisions/0022-email-verification-and-google-linking.md).
  await startMailWorker(ctx);
});

let counter = 0;
const newEmail = () => `creator${++counter}.${Date.now()}@example.com`;

async function registerUser(
  overrides: Partial<{ email: string; password: string; fullName: string }> = {},
) {
  const body = { email: newEmail(), password: 'secret123', fullName: 'Ava Creator', ...overrides };
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
  });
  return { body, response, json: response.json() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('register', () => {
  it('creates the account and answers success, token and user', async () => {
    const { response, json, body } = await registerUser({ email: 'Mixed.Case@Example.com' });
    expect(response.statusCode).toBe(200);
    expect(json).toMatchObject({
      success: true,
      user: { email: 'mixed.case@example.com', fullName: body.fullName, hasPassword: true },
    });
    expect(json.token).toMatch(/^[\w-]{43}$/);
  });

  it('keeps only an argon2id hash of the password and of the session token', async () => {
    const { json } = await registerUser({ password: 'plain-text-never' });
    const { rows: users } = await ctx.database.pool.query(
      'select password_hash from users where id = $1',
      [json.user.id],
    );
    expect(users[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(users[0].password_hash).not.toContain('plain-text-never');
    const { rows: sessions } = await ctx.database.pool.query(
      'select token_hash from sessions where user_id = $1',
      [json.user.id],
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).not.toBe(json.token);
    expect(sessions[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replaces a password hash made before argon2id (scrypt) at the next sign-in', async () => {
    const { json, body } = await registerUser({ password: 'older-secret' });
    const salt = randomBytes(16);
    const key = scryptSync(body.password, salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 2 ** 28 });
    const old = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')];
    await ctx.database.pool.query('update users set password_hash = $2 where id = $1', [
      json.user.id,
      old.join('$'),
    ]);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'older-Secret' },
    });
    expect(wrong.statusCode).toBe(401);
    const hashOf = async () =>
      (
        await ctx.database.pool.query<{ password_hash: string }>(
          'select password_hash from users where id = $1',
          [json.user.id],
        )
      ).rows[0]!.password_hash;
    expect(await hashOf()).toMatch(/^scrypt\$/);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(right.statusCode).toBe(200);
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an e-mail already registered, whatever its case, with 409', async () => {
    const email = newEmail();
    await registerUser({ email });
    const { response, json } = await registerUser({ email: email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(json).toEqual({ success: false, error: AUTH_TEXTS.emailTaken, code: 'EMAIL_TAKEN' });
  });

  it.each([
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ fullName: '  ' }, AUTH_TEXTS.fullNameRequired],
    [{ email: 'not-an-email' }, AUTH_TEXTS.emailInvalid],
    [{ email: '' }, AUTH_TEXTS.emailRequired],
  ])('refuses %o with 400 and the listed text', async (overrides, error) => {
    const { response, json } = await registerUser(overrides);
    expect(response.statusCode).toBe(400);
    expect(json).toMatchObject({ success: false, error, code: 'INVALID_REQUEST' });
  });

  it('writes nothing when the request is refused', async () => {
    const email = newEmail();
    await registerUser({ email, password: '123' });
    const { rows } = await ctx.database.pool.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});

describe('login', () => {
  it('signs in with the right password, any case of e-mail', async () => {
    const { body } = await registerUser();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { email: body.email } });
  });

  it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
    const { body } = await registerUser();
    for (const payload of [
      { email: body.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: body.password },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        error: AUTH_TEXTS.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('leaves every connection committing as usual once sign-ins have counted without waiting', async () => {
    // `login()` turns synchronous_commit off for its first statement's own transaction only
    // (docs/decisions/0059-sign-in-speed.md); every connection of the pool keeps the default.
    const { body } = await registerUser();
    const signedIn = await Promise.all(
      Array.from({ length: 3 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body }),
      ),
    );
    expect(signedIn.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const settings = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.database.pool.query<{ value: string }>(
          "select current_setting('synchronous_commit') as value",
        ),
      ),
    );
    expect(settings.map(({ rows }) => rows[0]?.value)).toEqual(Array(12).fill('on'));
  });

  it('keeps a Remember me session for 30 days, otherwise for one day', async () => {
    const { body } = await registerUser();
    const expiries: number[] = [];
    for (const rememberMe of [false, true]) {
      const { token } = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { ...body, rememberMe },
        })
      ).json();
      const { rows } = await ctx.database.pool.query(
        "select extract(epoch from expires_at - now()) / 3600 as hours from sessions where token_hash = encode(sha256(convert_to($1, 'utf8')), 'hex')",
        [token],
      );
      expiries.push(Number(rows[0].hours));
    }
    expect(expiries[0]).toBeCloseTo(24, 0);
    expect(expiries[1]).toBeCloseTo(30 * 24, 0);
  });

  it('answers 429 to wrong passwords after 10 failures on one e-mail, and lets the right one in', async () => {
    const { body } = await registerUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: i < 11 ? 'wrong-guess' : body.password },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 200]);
  }, 120_000);
});

describe('sessions', () => {
  it('answers /auth/me and /users/profile with the user for a valid token', async () => {
    const { json } = await registerUser();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(json.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, user: json.user });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(json.token),
    });
    expect(profile.json()).toEqual({ success: true, data: { ...json.user, pendingEmail: null } });
  });

  it.each([
    ['no header', {}],
    ['a garbage token', bearer('garbage')],
    ['a well-formed unknown token', bearer('a'.repeat(43))],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 with %s', async (_, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('revokes the session on logout', async () => {
    const { json } = await registerUser();
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(json.token),
    });
    expect(logout.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(json.token),
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { json } = await registerUser();
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${json.user.id}`,
    );
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(json.token),
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('the development mailbox', () => {
  it('answers only this machine: reset links are not handed to anyone who can reach it', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.7', '::ffff:192.168.1.4', '2001:db8::1']) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress,
        // A forwarded-for header is not believed.
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(answer.statusCode, remoteAddress).toBe(404);
      expect(answer.json().messages).toBeUndefined();
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress,
      });
      expect(answer.statusCode, remoteAddress).toBe(200);
    }
  });
});

describe('password reset', () => {
  async function mailbox(email: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    });
    return response.json().messages as { subject: string; text: string; links: string[] }[];
  }
  /** The reset mail, once the worker has sent it. */
  const resetMail = (email: string) => waitForMail(ctx, email, 'Reset your Muse password');
  const tokenFrom = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('mails a single-use link that sets the password and signs every session out', async () => {
    const { body, json } = await registerUser();
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email.toUpperCase() },
    });
    expect(forgot.json()).toEqual({ success: true, message: AUTH_TEXTS.forgotPasswordAnswer });

    const [mail] = await resetMail(body.email);
    expect(mail?.subject).toBe('Reset your Muse password');
    const link = mail?.links.find((l) => l.includes('/reset-password?token=')) ?? '';
    expect(link.startsWith(`${ctx.config.PUBLIC_URL}/reset-password?token=`)).toBe(true);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFrom(link), password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(json.token),
    });
    expect(me.statusCode).toBe(401);
    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'brand-new-pass' },
    });
    expect(newLogin.statusCode).toBe(200);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFrom(link), password: 'another-pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      error: AUTH_TEXTS.resetLinkInvalid,
      code: 'RESET_LINK_INVALID',
    });
  });

  it('refuses an expired link', async () => {
    const { body } = await registerUser();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email },
    });
    const [mail] = await resetMail(body.email);
    await ctx.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second'`,
    );
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFrom(mail?.links[0] ?? ''), password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = newEmail();
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ success: true, message: AUTH_TEXTS.forgotPasswordAnswer });
    // Once the worker has handled the message, the mailbox is still empty.
    await waitForMailQueue(ctx);
    expect(await mailbox(email)).toEqual([]);
  });
});

describe('profile', () => {
  it('updates the full name, and the e-mail only with the current password', async () => {
    const { body, json } = await registerUser();
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: bearer(json.token),
        payload,
      });

    const renamed = await put({ fullName: 'Ava Renamed' });
    expect(renamed.json()).toMatchObject({ success: true, data: { fullName: 'Ava Renamed' } });

    const noPassword = await put({ email: newEmail() });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toBe(AUTH_TEXTS.currentPasswordRequired);

    const wrongPassword = await put({ email: newEmail(), currentPassword: 'nope-nope' });
    expect(wrongPassword.statusCode).toBe(403);

    const taken = (await registerUser()).body.email;
    const conflict = await put({ email: taken, currentPassword: body.password });
    expect(conflict.statusCode).toBe(409);

    // The new address changes nothing until its link is opened.
    const fresh = newEmail();
    const moved = await put({ email: fresh, currentPassword: body.password });
    expect(moved.json()).toMatchObject({
      success: true,
      data: { email: body.email, pendingEmail: fresh },
      message: ACCOUNT_TEXTS.emailChangeSent,
    });
  });

  it('limits guesses of the current password, and a right one is not let through past it', async () => {
    const { body, json } = await registerUser();
    const put = (currentPassword: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: bearer(json.token),
        payload: { email: newEmail(), currentPassword },
      });
    for (let guess = 0; guess < PASSWORD_CHECKS.max; guess += 1)
      expect((await put(`wrong-${guess}`)).statusCode).toBe(403);
    expect((await put('wrong-again')).statusCode).toBe(429);
    expect((await put(body.password)).statusCode).toBe(429);
  });

  it('a confirmed new address voids the reset links mailed to the old one and signs other sessions out', async () => {
    const { body, json } = await registerUser();
    const other = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    const otherToken: string = other.json().token;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email },
    });
    const [mail] = await waitForMail(ctx, body.email, 'Reset your Muse password');
    const link = mail?.links[0] ?? '';

    const fresh = newEmail();
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(json.token),
      payload: { email: fresh, currentPassword: body.password },
    });
    expect(moved.statusCode).toBe(200);
    const [confirmation] = await waitForMail(
      ctx,
      fresh,
      'Confirm your new e-mail address for Muse',
    );
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      payload: { token: new URL(confirmation?.links[0] ?? 'http://x').searchParams.get('token') },
    });
    expect(confirmed.statusCode).toBe(200);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: new URL(link).searchParams.get('token'), password: 'taken-over-1' },
    });
    expect(reset.statusCode).toBe(400);
    const me = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me(otherToken)).statusCode).toBe(401);
    expect((await me(json.token)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { fullName: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a password or a session token', async () => {
    const { body, json } = await registerUser({ password: 'log-canary-password' });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(json.token) });
    const all = logLines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain('log-canary-password');
    expect(all).not.toContain(json.token);
  });
});
