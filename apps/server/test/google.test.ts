import { AUTH_TEXTS } from '@muse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailWorker, tokenFrom, waitForMail } from './account-mail';
import { createTestApp, type TTestContext } from './app';
import {
  DEFAULT_FAKE_GOOGLE_ACCOUNT,
  FAKE_GOOGLE_ACCOUNT_COOKIE,
  fakeGoogleAccountCookie,
  startFakeGoogle,
  type TFakeGoogle,
  type TFakeGoogleAccount,
} from './fakes/google-oidc';

/** Each test hashes several passwords (argon2id) and signs in several times. */
const SLOW = { timeout: 60_000 };

let google: TFakeGoogle;
let ctx: TTestContext;

beforeAll(async () => {
  google = await startFakeGoogle();
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    PUBLIC_URL: 'http://muse.test',
  });
  await startMailWorker(ctx);
});
afterAll(() => google.stop());

const FLOW_COOKIE = 'muse_google_flow';

/** Muse's answer to the start of a flow: the consent screen's address and the browser's cookie. */
async function startFlow(returnTo?: string): Promise<{ consent: URL; cookie: string }> {
  const start = await ctx.app.inject({
    method: 'GET',
    url: returnTo
      ? `/api/auth/google?${new URLSearchParams({ returnTo }).toString()}`
      : '/api/auth/google',
  });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie.startsWith(`${FLOW_COOKIE}=`)).toBe(true);
  return {
    consent: new URL(String(start.headers.location)),
    cookie: setCookie.split(';')[0] ?? '',
  };
}

/** The browser at the provider's consent screen: where the provider sends it back to. */
async function consentAt(consent: URL, account?: TFakeGoogleAccount): Promise<URL> {
  const answer = await fetch(consent, {
    redirect: 'manual',
    headers: account
      ? { cookie: `${FAKE_GOOGLE_ACCOUNT_COOKIE}=${fakeGoogleAccountCookie(account)}` }
      : {},
  });
  const back = new URL(String(answer.headers.get('location')));
  expect(back.pathname).toBe('/api/auth/google/callback');
  return back;
}

/** The browser back at Muse's callback with `cookie` (or none): the /oauth-callback# parameters. */
async function callbackWith(back: URL, cookie?: string) {
  const callback = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(callback.statusCode).toBe(302);
  // The binding is cleared whatever the outcome.
  expect(String(callback.headers['set-cookie'])).toMatch(
    new RegExp(`^${FLOW_COOKIE}=; Path=/api/auth/google; Max-Age=0`),
  );
  const target = String(callback.headers.location);
  expect(target.startsWith('/oauth-callback#')).toBe(true);
  return new URLSearchParams(target.split('#')[1]);
}

/**
 * Walks the browser's part of the flow: Muse → the provider's consent screen → back to Muse's
 * callback, which answers with /oauth-callback#… . Returns the parameters of that hash.
 */
async function signInWithGoogle(account?: TFakeGoogleAccount): Promise<URLSearchParams> {
  const { consent, cookie } = await startFlow();
  expect(consent.origin).toBe(new URL(google.issuer).origin);
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  expect(consent.searchParams.get('redirect_uri')).toBe(
    'http://muse.test/api/auth/google/callback',
  );

  return callbackWith(await consentAt(consent, account), cookie);
}

async function exchange(code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/google-callback',
    payload: { access_token: code },
  });
}

describe('Google sign-in', () => {
  it('creates the account on the first sign-in and reuses it on the next', async () => {
    const first = await exchange((await signInWithGoogle()).get('access_token') ?? '');
    expect(first.statusCode).toBe(200);
    const firstBody = first.json();
    expect(firstBody).toMatchObject({
      success: true,
      isNewUser: true,
      user: {
        email: DEFAULT_FAKE_GOOGLE_ACCOUNT.email,
        fullName: DEFAULT_FAKE_GOOGLE_ACCOUNT.name,
        hasPassword: false,
        // Google verified the address.
        emailVerified: true,
      },
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${firstBody.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: firstBody.user.id, emailVerified: true });

    const second = (await exchange((await signInWithGoogle()).get('access_token') ?? '')).json();
    expect(second).toMatchObject({
      success: true,
      isNewUser: false,
      user: { id: firstBody.user.id },
    });
  });

  it('a first sign-in on the way to a post makes a fan-only account; any other, a creator', async () => {
    const flow = await startFlow('/i/ava.rose/posts/3f2a9c1b-0000-4000-8000-000000000000');
    const fan = { sub: 'google-fan', email: 'gia.fan@example.com', name: 'Gia Fan' };
    const fanSignIn = await exchange(
      (await callbackWith(await consentAt(flow.consent, fan), flow.cookie)).get('access_token') ??
        '',
    );
    expect(fanSignIn.json()).toMatchObject({ isNewUser: true, user: { isCreator: false } });

    // A return path elsewhere is no fan's: the account is a creator.
    const other = await startFlow('/dashboard');
    const creator = { sub: 'google-creator', email: 'gia.creator@example.com', name: 'Gia' };
    const creatorSignIn = await exchange(
      (await callbackWith(await consentAt(other.consent, creator), other.cookie)).get(
        'access_token',
      ) ?? '',
    );
    expect(creatorSignIn.json()).toMatchObject({ isNewUser: true, user: { isCreator: true } });
  });

  it('refuses an identity whose e-mail Google has not verified', async () => {
    const params = await signInWithGoogle({
      sub: 'google-unverified',
      email: 'unverified@example.com',
      name: 'Un Verified',
      emailVerified: false,
    });
    expect(params.get('access_token')).toBeNull();
    expect(params.get('error')).toBe('sign_in_failed');
  });

  it('accepts a one-time code only once', async () => {
    const code = (await signInWithGoogle()).get('access_token') ?? '';
    expect((await exchange(code)).statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      success: false,
      error: AUTH_TEXTS.oauthCodeInvalid,
      code: 'OAUTH_CODE_INVALID',
    });
  });

  it('refuses a code older than 2 minutes', async () => {
    const code = (await signInWithGoogle()).get('access_token') ?? '';
    await ctx.database.pool.query(
      "update oauth_login_codes set expires_at = now() - interval '1 second'",
    );
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('refuses a callback whose state it did not issue', async () => {
    const callback = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=stolen&state=forged',
    });
    expect(callback.headers.location).toBe('/oauth-callback#error=sign_in_failed');
  });

  it('passes on a refusal at the consent screen', async () => {
    const callback = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?error=access_denied',
    });
    expect(callback.headers.location).toBe('/oauth-callback#error=access_denied');
  });
});

describe('Google sign-in and an account registered with the same address', SLOW, () => {
  const password = 'secret123';
  const register = async (email: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, fullName: 'Reg Istered' },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { token: string; user: { id: string } };
  };
  const me = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
  const passwordLogin = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('links Google to an account whose owner confirmed the address: same id, password kept', async () => {
    const email = 'linked@example.com';
    const registered = await register('Linked@Example.com');
    const [confirmation] = await waitForMail(ctx, email, 'Confirm your e-mail address for Muse');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: tokenFrom(confirmation?.links[0]) },
    });
    expect(confirmed.statusCode).toBe(200);

    const params = await signInWithGoogle({ sub: 'google-linked-1', email, name: 'Lin' });
    const body = (await exchange(params.get('access_token') ?? '')).json();
    expect(body).toMatchObject({
      isNewUser: false,
      user: { id: registered.user.id, hasPassword: true, emailVerified: true },
    });
    expect((await me(registered.token)).statusCode).toBe(200);
    expect((await passwordLogin(email)).statusCode).toBe(200);
  });

  it('takes over an account whose address was never confirmed: the other password and sessions are gone', async () => {
    // An impostor registers the owner's address with a password of their own, before the owner.
    const email = 'pre-registered@example.com';
    const impostor = await register(email);
    const second = (await passwordLogin(email)).json().token as string;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    const [resetMail] = await waitForMail(ctx, email, 'Reset your Muse password');

    // The owner signs in with Google.
    const params = await signInWithGoogle({ sub: 'google-owner-1', email, name: 'Real Owner' });
    const owner = await exchange(params.get('access_token') ?? '');
    expect(owner.statusCode).toBe(200);
    // The same account (its id and anything in it), now the Google owner's alone.
    expect(owner.json()).toMatchObject({
      isNewUser: false,
      user: { id: impostor.user.id, email, hasPassword: false, emailVerified: true },
    });
    expect((await me(owner.json().token)).statusCode).toBe(200);

    // Every session the impostor had answers 401, the password no longer signs in, and the
    // reset link mailed before is void.
    expect((await me(impostor.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const login = await passwordLogin(email);
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({
      success: false,
      error: AUTH_TEXTS.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFrom(resetMail?.links[0]), password: 'impostor-again' },
    });
    expect(reset.statusCode).toBe(400);

    // The owner is told.
    const [notice] = await waitForMail(
      ctx,
      email,
      'Your Muse account is now secured by Google sign-in',
    );
    expect(notice?.text).toContain('the password it had was removed');

    // The next Google sign-in finds the account by Google's id.
    const again = await exchange(
      (await signInWithGoogle({ sub: 'google-owner-1', email, name: 'Real Owner' })).get(
        'access_token',
      ) ?? '',
    );
    expect(again.json()).toMatchObject({ user: { id: impostor.user.id } });
  });

  it('leaves the account alone when Google has not verified the address', async () => {
    const email = 'not-verified-by-google@example.com';
    const registered = await register(email);
    const params = await signInWithGoogle({
      sub: 'google-unverified-2',
      email,
      name: 'Un Verified',
      emailVerified: false,
    });
    expect(params.get('error')).toBe('sign_in_failed');
    expect((await me(registered.token)).statusCode).toBe(200);
    expect((await passwordLogin(email)).statusCode).toBe(200);
  });
});

describe('the browser that started Google sign-in', () => {
  it('gets a short-lived HttpOnly cookie, scoped to the Google routes, holding a hash of the state', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(
        `^${FLOW_COOKIE}=[0-9a-f]{64}; Path=/api/auth/google; Max-Age=600; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(cookie).not.toContain(state);
  });

  it('a callback with a valid code and state, but without the cookie, signs nobody in', async () => {
    const codesBefore = await ctx.database.pool.query('select count(*) from oauth_login_codes');
    const { consent, cookie } = await startFlow();
    const back = await consentAt(consent);
    // A link an attacker made with their own flow, opened by a victim's browser.
    const refused = await callbackWith(back);
    expect(refused.get('access_token')).toBeNull();
    expect(refused.get('error')).toBe('sign_in_failed');
    const codesAfter = await ctx.database.pool.query('select count(*) from oauth_login_codes');
    expect(codesAfter.rows[0].count).toBe(codesBefore.rows[0].count);

    // The browser that started it finishes it.
    const accepted = await callbackWith(back, cookie);
    expect((await exchange(accepted.get('access_token') ?? '')).statusCode).toBe(200);
  });

  it('a callback with the cookie of another flow is refused', async () => {
    const attacker = await startFlow();
    const attackerCallback = await consentAt(attacker.consent);
    const victim = await startFlow();
    const refused = await callbackWith(attackerCallback, victim.cookie);
    expect(refused.get('error')).toBe('sign_in_failed');
    expect(refused.get('access_token')).toBeNull();
  });

  it('marks the cookie Secure when Muse is served over https', async () => {
    const secure = await createTestApp({
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      PUBLIC_URL: 'https://muse.example.com',
    });
    const start = await secure.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    expect(String(start.headers['set-cookie'])).toMatch(/; SameSite=Lax; Secure$/);
  });
});

describe('Google sign-in when not configured', () => {
  it('says so in /api/config and sends the browser back with an error', async () => {
    const plain = await createTestApp();
    const config = await plain.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ success: true, googleSignIn: false });
    const start = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.headers.location).toBe('/oauth-callback#error=google_unavailable');
  });
});
