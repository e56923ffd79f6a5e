import { timingSafeEqual } from 'node:crypto';
import { lt, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { oauthFlows } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';

const FLOW_TTL_MS = 10 * 60 * 1000;

/**
 * Binds a flow to the browser that started it: the hash of its state, sent back only to the
 * Google routes. A callback without it is someone else's flow (a link an attacker made to sign
 * a victim into the attacker's account) and is refused.
 */
export const FLOW_COOKIE = 'muse_google_flow';
const FLOW_COOKIE_PATH = '/api/auth/google';

/** The Set-Cookie value that binds the flow of `state` to this browser for the flow's lifetime. */
export function flowCookie(state: string, secure: boolean): string {
  return cookieHeader(hashToken(state), FLOW_TTL_MS / 1000, secure);
}

/** The Set-Cookie value that removes the binding (after every callback, whatever its outcome). */
export function clearedFlowCookie(secure: boolean): string {
  return cookieHeader('', 0, secure);
}

function cookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  // Lax: the browser sends it on Google's top-level redirect back, never on cross-site requests.
  const attributes = [
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return [`${FLOW_COOKIE}=${value}`, ...attributes].join('; ');
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name)
      return part.slice(separator + 1).trim();
  }
  return undefined;
}

function sameBrowser(state: string, binding: string | undefined): boolean {
  const expected = Buffer.from(hashToken(state));
  const given = Buffer.from(binding ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A verified Google identity; `fan` when the flow started from a post a fan is buying (its
 * return path is a public page's), so a new account starts fan-only (docs/product/accounts.md).
 */
export type TGoogleIdentity = { subject: string; email: string; fullName: string; fan: boolean };

/** A return path that leads to an influencer's public page or post: the sign-in of a fan. */
export function isFanReturnPath(path: string | null | undefined): boolean {
  return !!path && /^\/i\/[a-z0-9._]{1,30}(\/posts\/[0-9a-f-]{36})?$/i.test(path);
}

/**
 * Google sign-in with the OpenID Connect authorisation code flow (PKCE, state, nonce), run by
 * Muse itself with `openid-client`. What the callback must check is kept in the database, so
 * any instance can finish a flow another one started.
 */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly config: TConfig,
    private readonly db: TDatabase,
  ) {}

  get configured(): boolean {
    return !!(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  get redirectUri(): string {
    return `${this.config.PUBLIC_URL}/api/auth/google/callback`;
  }

  private issuerConfig(): Promise<oidc.Configuration> {
    const { GOOGLE_ISSUER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = this.config;
    if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET)
      throw new Error('Google sign-in is not configured');
    this.discovered ??= oidc
      .discovery(
        new URL(GOOGLE_ISSUER),
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET,
        undefined,
        // A local test issuer speaks plain HTTP; production insists on HTTPS (see config).
        GOOGLE_ISSUER.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return this.discovered;
  }

  /** The address of Google's consent screen for a new flow, and its state (see FLOW_COOKIE). */
  async start(returnTo?: string): Promise<{ url: URL; state: string }> {
    const issuer = await this.issuerConfig();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date()));
    await this.db.insert(oauthFlows).values({
      state,
      nonce,
      codeVerifier,
      returnTo: isFanReturnPath(returnTo) ? returnTo : null,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    const url = oidc.buildAuthorizationUrl(issuer, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url, state };
  }

  /**
   * Checks the callback (the browser's binding to the state, state, code, ID token signature,
   * nonce) and returns the verified identity. `binding` is the FLOW_COOKIE the browser sent.
   */
  async finish(callbackUrl: URL, binding: string | undefined): Promise<TGoogleIdentity> {
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new AppError(400, 'The sign-in answer has no state', 'GOOGLE_SIGN_IN_FAILED');
    // Checked first: a callback from another browser touches nothing.
    if (!sameBrowser(state, binding)) {
      throw new AppError(
        400,
        'This sign-in was started in another browser',
        'GOOGLE_SIGN_IN_FAILED',
      );
    }
    // Single use: the flow row is deleted as it is read.
    const [flow] = await this.db.delete(oauthFlows).where(eq(oauthFlows.state, state)).returning();
    if (!flow || flow.expiresAt < new Date()) {
      throw new AppError(
        400,
        'This sign-in attempt expired or was already used',
        'GOOGLE_SIGN_IN_FAILED',
      );
    }
    const issuer = await this.issuerConfig();
    const tokens = await oidc.authorizationCodeGrant(issuer, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims)
      throw new AppError(400, 'Google did not return an identity', 'GOOGLE_SIGN_IN_FAILED');
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (!email || claims.email_verified !== true) {
      throw new AppError(
        400,
        'Your Google account has no verified e-mail address',
        'GOOGLE_SIGN_IN_FAILED',
      );
    }
    const name = typeof claims.name === 'string' ? claims.name : '';
    return { subject: claims.sub, email, fullName: name, fan: isFanReturnPath(flow.returnTo) };
  }
}
