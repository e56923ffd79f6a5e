import { AUTH_TEXTS } from '@muse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from './app';
import {
  DEFAULT_FAKE_GOOGLE_ACCOUNT,
  FAKE_GOOGLE_ACCOUNT_COOKIE,
  fakeGoogleAccountCookie,
  startFakeGoogle,
  type TFakeGoogle,
  type TFakeGoogleAccount,
} from './fakes/google-oidc';

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
});
afterAll(() => google.stop());

/**
 * Walks the browser's part of the flow: Muse → the provider's consent screen → back to Muse's
 * callback, which answers with /oauth-callback#… . Returns the parameters of that hash.
 */
async function signInWithGoogle(account?: TFakeGoogleAccount): Promise<URLSearchParams> {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const consent = new URL(String(start.headers.location));
  expect(consent.origin).toBe(new URL(google.issuer).origin);
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  expect(consent.searchParams.get('redirect_uri')).toBe(
    'http://muse.test/api/auth/google/callback',
  );

  const answer = await fetch(consent, {
    redirect: 'manual',
    headers: account
      ? { cookie: `${FAKE_GOOGLE_ACCOUNT_COOKIE}=${fakeGoogleAccountCookie(account)}` }
      : {},
  });
  const back = new URL(String(answer.headers.get('location')));
  expect(back.pathname).toBe('/api/auth/google/callback');

  const callback = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode).toBe(302);
  const target = String(callback.headers.location);
  expect(target.startsWith('/oauth-callback#')).toBe(true);
  return new URLSearchParams(target.split('#')[1]);
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
      },
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${firstBody.token}` },
    });
    expect(me.statusCode).toBe(200);

    const second = (await exchange((await signInWithGoogle()).get('access_token') ?? '')).json();
    expect(second).toMatchObject({
      success: true,
      isNewUser: false,
      user: { id: firstBody.user.id },
    });
  });

  it('links Google to an existing account with the same verified e-mail', async () => {
    const registered = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'Linked@Example.com', password: 'secret123', fullName: 'Lin Ked' },
      })
    ).json();
    const params = await signInWithGoogle({
      sub: 'google-linked-1',
      email: 'linked@example.com',
      name: 'Lin',
    });
    const body = (await exchange(params.get('access_token') ?? '')).json();
    expect(body).toMatchObject({
      isNewUser: false,
      user: { id: registered.user.id, hasPassword: true },
    });
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
    expect(again.json()).toEqual({ success: false, error: AUTH_TEXTS.oauthCodeInvalid });
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

describe('Google sign-in when not configured', () => {
  it('says so in /api/config and sends the browser back with an error', async () => {
    const plain = await createTestApp();
    const config = await plain.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ success: true, googleSignIn: false });
    const start = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.headers.location).toBe('/oauth-callback#error=google_unavailable');
  });
});
