import { ACCOUNT_TEXTS, AUTH_TEXTS } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECKS } from '../src/modules/users/service';
import { registerAccount, type TTestAccount } from './accounts';
import { mailbox, startMailWorker, tokenFrom, waitForMail } from './account-mail';
import { createTestApp, type TTestContext } from './app';
import { announced, secondInstance } from './instances';

/** The account settings (docs/product/accounts.md, 'Account settings'). */
let ctx: TTestContext;
let second: FastifyInstance;

const SLOW = { timeout: 60_000 };
const CHANGE_SUBJECT = 'Confirm your new e-mail address for Muse';
const CHANGED_SUBJECT = 'The e-mail address of your Muse account was changed';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  ctx = await createTestApp();
  second = await secondInstance(ctx);
  await startMailWorker(ctx);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Another session of the account, signed in from a browser with `userAgent`. */
async function signIn(
  account: TTestAccount,
  userAgent = CHROME_ON_WINDOWS,
  password = 'secret123',
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: account.email, password },
  });
  return { status: response.statusCode, token: response.json().token as string };
}

const me = (token: string, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

const putProfile = (account: TTestAccount, payload: object, token = account.token) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload });

const putPassword = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: bearer(token), payload });

const sessionsOf = async (token: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/users/sessions',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().sessions as {
    id: string;
    device: string;
    current: boolean;
    lastUsedAt: string;
  }[];
};

const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } });

describe('profile', () => {
  it('changes the name at once, and GET answers the account as data', async () => {
    const account = await registerAccount(ctx.app);
    const renamed = await putProfile(account, { fullName: '  Nova Lane ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ success: true, data: { fullName: 'Nova Lane' } });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: account.headers,
    });
    expect(profile.json()).toEqual({
      success: true,
      data: expect.objectContaining({
        id: account.userId,
        email: account.email,
        fullName: 'Nova Lane',
        pendingEmail: null,
        isCreator: true,
      }),
    });
    // The session shows it from its next request.
    expect((await me(account.token)).json().user.fullName).toBe('Nova Lane');

    const empty = await putProfile(account, { fullName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(AUTH_TEXTS.fullNameRequired);
  });
});

describe('e-mail change', () => {
  it(
    'mails a link to the new address, changes only when it is opened, and tells the old address',
    SLOW,
    async () => {
      const account = await registerAccount(ctx.app);
      const other = await signIn(account);
      const moved = `moved.${account.email}`;

      const asked = await putProfile(account, { email: moved, currentPassword: 'secret123' });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({
        success: true,
        data: expect.objectContaining({ email: account.email, pendingEmail: moved }),
        message: ACCOUNT_TEXTS.emailChangeSent,
      });
      const [mail] = await waitForMail(ctx, moved, CHANGE_SUBJECT);
      const link = mail?.links.find((l) => l.includes('/confirm-email?token=')) ?? '';
      expect(link.startsWith(`${ctx.config.PUBLIC_URL}/confirm-email?token=`)).toBe(true);
      // Until then, nothing changed: the old address still signs in, the other session lives.
      expect((await me(account.token)).json().user.email).toBe(account.email);
      expect((await signIn(account)).status).toBe(200);
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: account.headers,
      });
      expect(profile.json().data.pendingEmail).toBe(moved);

      const confirmed = await confirm(tokenFrom(link));
      expect(confirmed.json()).toEqual({ success: true, message: ACCOUNT_TEXTS.emailChanged });
      expect((await me(account.token)).json().user).toMatchObject({
        email: moved,
        emailVerified: true,
      });
      // Every other session is signed out; the one that asked stays.
      expect((await me(other.token)).statusCode).toBe(401);
      const [notice] = await waitForMail(ctx, account.email, CHANGED_SUBJECT);
      expect(notice?.text).toContain(moved);
      expect((await mailbox(ctx, account.email)).map((m) => m.subject)).toContain(CHANGED_SUBJECT);

      // The link works once.
      const again = await confirm(tokenFrom(link));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        error: ACCOUNT_TEXTS.emailChangeLinkInvalid,
        code: 'EMAIL_CHANGE_LINK_INVALID',
      });
      // The new address signs in; the old one no longer does.
      expect((await signIn({ ...account, email: moved })).status).toBe(200);
      expect((await signIn(account)).status).toBe(401);
    },
  );

  it(
    'refuses without or with a wrong current password, a taken address, and a Google-only account',
    SLOW,
    async () => {
      const account = await registerAccount(ctx.app);
      const noPassword = await putProfile(account, { email: `x.${account.email}` });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toMatchObject({
        error: AUTH_TEXTS.currentPasswordRequired,
        code: 'CURRENT_PASSWORD_REQUIRED',
      });
      const wrong = await putProfile(account, {
        email: `x.${account.email}`,
        currentPassword: 'not-it-at-all',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      const taken = (await registerAccount(ctx.app)).email;
      const conflict = await putProfile(account, { email: taken, currentPassword: 'secret123' });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({
        success: false,
        error: AUTH_TEXTS.emailTaken,
        code: 'EMAIL_TAKEN',
      });

      const google = await registerAccount(ctx.app);
      await ctx.database.pool.query('update users set password_hash = null where id = $1', [
        google.userId,
      ]);
      const refused = await putProfile(google, { email: `x.${google.email}` }, google.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: ACCOUNT_TEXTS.googleManagedEmail,
        code: 'GOOGLE_MANAGED_EMAIL',
      });
      // Nothing was asked for.
      expect(await mailbox(ctx, taken)).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ subject: CHANGE_SUBJECT })]),
      );
    },
  );

  it(
    'an address taken between the request and the link is refused when the link is opened',
    SLOW,
    async () => {
      const account = await registerAccount(ctx.app);
      const wanted = `wanted.${account.email}`;
      await putProfile(account, { email: wanted, currentPassword: 'secret123' });
      const [mail] = await waitForMail(ctx, wanted, CHANGE_SUBJECT);
      const squatter = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: wanted, password: 'secret123', fullName: 'Someone Else' },
      });
      expect(squatter.statusCode).toBe(200);
      const refused = await confirm(tokenFrom(mail?.links[0]));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
      expect((await me(account.token)).json().user.email).toBe(account.email);
    },
  );
});

describe('password change', () => {
  it(
    'needs the current password, signs out the other sessions at once and keeps this one',
    SLOW,
    async () => {
      const account = await registerAccount(ctx.app);
      const other = await signIn(account);
      // Both instances have the other session in memory.
      expect((await me(other.token)).statusCode).toBe(200);
      expect((await me(other.token, second)).statusCode).toBe(200);

      const missing = await putPassword(account.token, { newPassword: 'brand-new-1' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        error: ACCOUNT_TEXTS.currentPasswordRequired,
        code: 'CURRENT_PASSWORD_REQUIRED',
      });
      const wrong = await putPassword(account.token, {
        currentPassword: 'wrong-one',
        newPassword: 'brand-new-1',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        success: false,
        error: ACCOUNT_TEXTS.currentPasswordWrong,
        code: 'WRONG_PASSWORD',
      });
      const short = await putPassword(account.token, {
        currentPassword: 'secret123',
        newPassword: 'abc',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe(AUTH_TEXTS.passwordTooShort);

      const heard = announced(second, { account: account.userId });
      const changed = await putPassword(account.token, {
        currentPassword: 'secret123',
        newPassword: 'brand-new-1',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().message).toBe(ACCOUNT_TEXTS.passwordChanged);
      // At once on this instance, without waiting for the announcement.
      expect((await me(other.token)).statusCode).toBe(401);
      expect((await me(account.token)).statusCode).toBe(200);
      await heard;
      expect((await me(other.token, second)).statusCode).toBe(401);

      expect((await signIn(account, CHROME_ON_WINDOWS, 'secret123')).status).toBe(401);
      expect((await signIn(account, CHROME_ON_WINDOWS, 'brand-new-1')).status).toBe(200);
    },
  );

  it('an account that signs in with Google alone sets its first password', SLOW, async () => {
    const account = await registerAccount(ctx.app);
    await ctx.database.pool.query('update users set password_hash = null where id = $1', [
      account.userId,
    ]);
    const set = await putPassword(account.token, { newPassword: 'first-password' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      data: { hasPassword: true },
      message: ACCOUNT_TEXTS.passwordSet,
    });
    expect((await signIn(account, CHROME_ON_WINDOWS, 'first-password')).status).toBe(200);
  });

  it('limits guesses of the current password per account, with its code', SLOW, async () => {
    const account = await registerAccount(ctx.app);
    for (let guess = 0; guess < PASSWORD_CHECKS.max; guess += 1) {
      const response = await putPassword(account.token, {
        currentPassword: `wrong-${guess}`,
        newPassword: 'brand-new-1',
      });
      expect(response.statusCode).toBe(403);
    }
    const limited = await putPassword(account.token, {
      currentPassword: 'secret123',
      newPassword: 'brand-new-1',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
  });
});

describe('sessions', () => {
  it(
    'lists the live sessions with their device, last use and which is this one',
    SLOW,
    async () => {
      const account = await registerAccount(ctx.app);
      const phone = await signIn(account, SAFARI_ON_IPHONE);
      const listed = await sessionsOf(phone.token);
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({
        id: expect.any(String),
        current: true,
        device: 'Safari on iOS',
      });
      expect(listed[1]).toMatchObject({ current: false });
      expect(Number.isNaN(Date.parse(listed[0]?.lastUsedAt ?? ''))).toBe(false);
    },
  );

  it('signs out one session at once, everywhere, and never another account’s', SLOW, async () => {
    const account = await registerAccount(ctx.app);
    const other = await signIn(account);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await me(other.token, second)).statusCode).toBe(200);
    const target = (await sessionsOf(account.token)).find((s) => !s.current);

    // Another account cannot see or end it.
    const stranger = await registerAccount(ctx.app);
    expect((await sessionsOf(stranger.token)).map((s) => s.id)).not.toContain(target?.id);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${target?.id}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      success: false,
      error: ACCOUNT_TEXTS.sessionNotFound,
      code: 'SESSION_NOT_FOUND',
    });
    expect((await me(other.token)).statusCode).toBe(200);
    const garbage = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/sessions/not-a-session',
      headers: account.headers,
    });
    expect(garbage.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });

    const heard = announced(second, { account: account.userId });
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${target?.id}`,
      headers: account.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    await heard;
    expect((await me(other.token, second)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await sessionsOf(account.token)).map((s) => s.id)).not.toContain(target?.id);
  });

  it('signs out every other session and says how many', SLOW, async () => {
    const account = await registerAccount(ctx.app);
    const first = await signIn(account);
    const secondSession = await signIn(account, SAFARI_ON_IPHONE);
    const stranger = await registerAccount(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/sessions/revoke-others',
      headers: account.headers,
    });
    expect(response.json()).toEqual({ success: true, revoked: 2 });
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(secondSession.token)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await me(stranger.token)).statusCode).toBe(200);
    expect(await sessionsOf(account.token)).toHaveLength(1);
  });

  it('answer 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/sessions'],
      ['POST', '/api/users/sessions/revoke-others'],
      ['PUT', '/api/users/password'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('fans and creators', () => {
  it(
    'an account signed up to buy a post is fan-only until it starts the onboarding',
    SLOW,
    async () => {
      const creator = await registerAccount(ctx.app);
      expect((await me(creator.token)).json().user.isCreator).toBe(true);

      const signedUp = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `fan.${creator.email}`,
          password: 'secret123',
          fullName: 'Fay Fan',
          fan: true,
        },
      });
      const fan = signedUp.json();
      expect(fan.user.isCreator).toBe(false);
      expect((await me(fan.token)).json().user.isCreator).toBe(false);
      // Signing in says so too, so the app knows where to go.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `fan.${creator.email}`, password: 'secret123' },
      });
      expect(login.json().user.isCreator).toBe(false);

      const started = await ctx.app.inject({
        method: 'PUT',
        url: '/api/onboarding',
        headers: bearer(fan.token),
        payload: { step: 2 },
      });
      expect(started.statusCode).toBe(200);
      expect((await me(fan.token)).json().user.isCreator).toBe(true);
    },
  );
});
