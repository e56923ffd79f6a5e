import { lt, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { oauthFlows } from '../../db/schema';
import { AppError } from '../../lib/errors';

const FLOW_TTL_MS = 10 * 60 * 1000;

export type TGoogleIdentity = { subject: string; email: string; fullName: string };

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

  /** The address of Google's consent screen for a new flow. */
  async start(): Promise<URL> {
    const issuer = await this.issuerConfig();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date()));
    await this.db.insert(oauthFlows).values({
      state,
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    return oidc.buildAuthorizationUrl(issuer, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
  }

  /** Checks the callback (state, code, ID token signature, nonce) and returns the verified identity. */
  async finish(callbackUrl: URL): Promise<TGoogleIdentity> {
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new AppError(400, 'The sign-in answer has no state', 'OAUTH_STATE');
    // Single use: the flow row is deleted as it is read.
    const [flow] = await this.db.delete(oauthFlows).where(eq(oauthFlows.state, state)).returning();
    if (!flow || flow.expiresAt < new Date()) {
      throw new AppError(400, 'This sign-in attempt expired or was already used', 'OAUTH_STATE');
    }
    const issuer = await this.issuerConfig();
    const tokens = await oidc.authorizationCodeGrant(issuer, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError(400, 'Google did not return an identity', 'OAUTH_CLAIMS');
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (!email || claims.email_verified !== true) {
      throw new AppError(400, 'Your Google account has no verified e-mail address', 'OAUTH_EMAIL');
    }
    const name = typeof claims.name === 'string' ? claims.name : '';
    return { subject: claims.sub, email, fullName: name };
  }
}
