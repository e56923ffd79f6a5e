import {
  AUTH_TEXTS,
  ZAuthResponse,
  ZForgotPasswordRequest,
  ZGoogleCallbackRequest,
  ZLoginRequest,
  ZMeResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSuccessResponse,
} from '@muse/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type TRateLimit } from '../../lib/rate-limit';
import { GoogleSignIn } from './google';
import { requireAuth } from './plugin';
import {
  exchangeOAuthLoginCode,
  findOrCreateGoogleUser,
  issueOAuthLoginCode,
  login,
  normaliseEmail,
  register,
  requestPasswordReset,
  resetPassword,
  toPublicUser,
} from './service';
import { revokeSession, type TSessionContext } from './sessions';

const WINDOW = 15 * 60;
/** Per e-mail address, whatever the caller's address: slows guessing one account's password. */
const PER_EMAIL: Record<'register' | 'login' | 'forgot', TRateLimit> = {
  register: { max: 10, windowSeconds: WINDOW },
  login: { max: 10, windowSeconds: WINDOW },
  forgot: { max: 5, windowSeconds: 60 * 60 },
};

function sessionContext(request: FastifyRequest): TSessionContext {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config, mailer } = app;
  const google = new GoogleSignIn(config, db);
  const perIp: TRateLimit = { max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: WINDOW };

  const limit = async (
    action: keyof typeof PER_EMAIL | 'reset' | 'oauth',
    request: FastifyRequest,
    email?: string,
  ) => {
    await consumeRateLimit(db, `${action}:ip:${request.ip}`, perIp);
    if (email && action in PER_EMAIL) {
      await consumeRateLimit(
        db,
        `${action}:email:${normaliseEmail(email)}`,
        PER_EMAIL[action as keyof typeof PER_EMAIL],
      );
    }
  };

  app.post(
    '/auth/register',
    { schema: { body: ZRegisterRequest, response: { 200: ZAuthResponse } } },
    async (request) => {
      await limit('register', request, request.body.email);
      return {
        success: true as const,
        ...(await register(db, request.body, sessionContext(request))),
      };
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: ZLoginRequest, response: { 200: ZAuthResponse } } },
    async (request) => {
      await limit('login', request, request.body.email);
      return {
        success: true as const,
        ...(await login(db, request.body, sessionContext(request))),
      };
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: ZForgotPasswordRequest, response: { 200: ZSuccessResponse } } },
    async (request) => {
      await limit('forgot', request, request.body.email);
      await requestPasswordReset(db, mailer, request.body.email, config.PUBLIC_URL);
      return { success: true as const, message: AUTH_TEXTS.forgotPasswordAnswer };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: ZResetPasswordRequest, response: { 200: ZSuccessResponse } } },
    async (request) => {
      await limit('reset', request);
      await resetPassword(db, request.body);
      return { success: true as const };
    },
  );

  /** Starts Google sign-in: a full-page navigation to Google's consent screen. */
  app.get('/auth/google', async (request, reply) => {
    if (!google.configured) return toCallbackPage(reply, { error: 'google_unavailable' });
    try {
      return reply.redirect((await google.start()).href);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in could not start');
      return toCallbackPage(reply, { error: 'provider_unreachable' });
    }
  });

  /** Google sends the browser back here; on success /oauth-callback receives a one-time code. */
  app.get(
    '/auth/google/callback',
    { schema: { querystring: z.object({ error: z.string().optional() }).loose() } },
    async (request, reply) => {
      if (!google.configured) return toCallbackPage(reply, { error: 'google_unavailable' });
      if (request.query.error)
        return toCallbackPage(reply, { error: request.query.error.slice(0, 50) });
      try {
        await limit('oauth', request);
        const identity = await google.finish(new URL(request.url, config.PUBLIC_URL));
        const { user, isNewUser } = await findOrCreateGoogleUser(db, identity);
        const code = await issueOAuthLoginCode(db, user.id, isNewUser);
        return toCallbackPage(reply, { access_token: code });
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in failed');
        return toCallbackPage(reply, { error: 'sign_in_failed' });
      }
    },
  );

  /** Trades /oauth-callback's one-time code for a session token (docs/product/accounts.md). */
  app.post(
    '/auth/google-callback',
    { schema: { body: ZGoogleCallbackRequest, response: { 200: ZAuthResponse } } },
    async (request) => {
      await limit('oauth', request);
      return {
        success: true as const,
        ...(await exchangeOAuthLoginCode(db, request.body.access_token, sessionContext(request))),
      };
    },
  );

  await app.register(async (protectedApp) => {
    requireAuth(protectedApp);

    protectedApp.get(
      '/auth/me',
      { schema: { response: { 200: ZMeResponse } } },
      async (request) => ({
        success: true as const,
        user: toPublicUser(request.auth.user),
      }),
    );

    protectedApp.post(
      '/auth/logout',
      { schema: { response: { 200: ZSuccessResponse } } },
      async (request) => {
        await revokeSession(db, request.auth.sessionId);
        return { success: true as const };
      },
    );
  });
};

/** The code travels in the address hash, which browsers never send to a server or in a Referer. */
function toCallbackPage(reply: FastifyReply, params: Record<string, string>) {
  return reply.redirect(`/oauth-callback#${new URLSearchParams(params).toString()}`);
}
