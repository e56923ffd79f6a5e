import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

export type TFakeGoogleAccount = {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
};

/** The cookie the fake reads to know who is "signed in to Google" in this browser. */
export const FAKE_GOOGLE_ACCOUNT_COOKIE = 'fake_google_account';

export const DEFAULT_FAKE_GOOGLE_ACCOUNT: TFakeGoogleAccount = {
  sub: '104729357810000000001',
  email: 'google.creator@example.com',
  name: 'Gia Google',
};

export type TFakeGoogle = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
};

function accountFromCookie(request: IncomingMessage): TFakeGoogleAccount | undefined {
  const cookie = request.headers.cookie ?? '';
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FAKE_GOOGLE_ACCOUNT_COOKIE}=`));
  if (!raw) return undefined;
  try {
    return JSON.parse(decodeURIComponent(raw.slice(FAKE_GOOGLE_ACCOUNT_COOKIE.length + 1)));
  } catch {
    return undefined;
  }
}

/** A cookie value that makes the fake sign a browser in as `account`. */
export function fakeGoogleAccountCookie(account: TFakeGoogleAccount): string {
  return encodeURIComponent(JSON.stringify(account));
}

/**
 * A local OpenID Connect provider standing in for Google in tests (npm `oauth2-mock-server`):
 * discovery, /authorize (with PKCE and nonce), /token and JWKS, over real HTTP. Like Google,
 * it knows who the browser is signed in as: from a cookie, else a default account.
 */
export async function startFakeGoogle(options: { port?: number } = {}): Promise<TFakeGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const accountsByCode = new Map<string, TFakeGoogleAccount>();
  // Like Google, the fake grants the scopes the consent asked for, and a refresh keeps them (the
  // library's own default is a placeholder scope): a platform fake reads them from the token.
  const scopesByCode = new Map<string, string>();
  const scopesByRefreshToken = new Map<string, string>();
  type TTokenRequest = { body?: { code?: string; refresh_token?: string } };
  const grantedScopes = (request: TTokenRequest) =>
    request.body?.code
      ? scopesByCode.get(request.body.code)
      : scopesByRefreshToken.get(request.body?.refresh_token ?? '');

  server.service.on(
    'beforeAuthorizeRedirect',
    (redirect: { url: URL }, request: IncomingMessage) => {
      const code = redirect.url.searchParams.get('code');
      if (!code) return;
      accountsByCode.set(code, accountFromCookie(request) ?? DEFAULT_FAKE_GOOGLE_ACCOUNT);
      const scope = new URL(request.url ?? '/', 'http://fake').searchParams.get('scope');
      if (scope) scopesByCode.set(code, scope);
    },
  );
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, request: TTokenRequest) => {
      const account = accountsByCode.get(request.body?.code ?? '') ?? DEFAULT_FAKE_GOOGLE_ACCOUNT;
      const scope = grantedScopes(request);
      Object.assign(token.payload, {
        sub: account.sub,
        email: account.email,
        email_verified: account.emailVerified ?? true,
        name: account.name,
        ...(scope ? { scope } : {}),
      });
    },
  );
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, request: TTokenRequest) => {
      const scope = grantedScopes(request);
      if (!scope) return;
      response.body.scope = scope;
      if (typeof response.body.refresh_token === 'string')
        scopesByRefreshToken.set(response.body.refresh_token, scope);
    },
  );

  await server.start(options.port ?? 0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the fake Google did not start');
  return {
    issuer,
    clientId: 'muse-test-client',
    clientSecret: 'muse-test-secret',
    stop: () => server.stop(),
  };
}
