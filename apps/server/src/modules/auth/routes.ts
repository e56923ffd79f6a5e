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
  ZVerifyEmailRequest,
} from '@muse/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type TRateLimit } from '../../lib/rate-limit';
import { verifyEmail } from './email-verification';
import { clearedFlowCookie, FLOW_COOKIE, flowCookie, GoogleSignIn, readCookie } from './google';
import { queueAccountMail, queueAccountMailOncePer } from './mail-queue';
import {
  exchangeOAuthLoginCode,
  findOrCreateGoogleUser,
  isEmailVerified,
  issueOAuthLoginCode,
  login,
  normaliseEmail,
  register,
  resetPassword,
} from './service';
import { revokeSession, type TSessionContext } from './sessions';

const WINDOW = 15 * 60;
/**
 * Per e-mail address, whatever the caller's address. Sign-in counts only failures, per address
 * and IP, in `login()` (docs/decisions/0024-sign-in-limits.md), so strangers cannot lock it.
 */
const PER_EMAIL: Record<'register', TRateLimit> = {
  register: { max: 10, windowSeconds: WINDOW },
};

/**
 * Reset requests (docs/decisions/0024-sign-in-limits.md): 5 an hour per address and IP, so one
 * client's flood refuses that client only, and at most one mail per address every 5 minutes,
 * whoever asks; a request inside those minutes gets the same answer and sends nothing.
 */
export const RESET_REQUESTS_PER_CLIENT: TRateLimit = { max: 5, windowSeconds: 60 * 60 };
export const RESET_MAIL_EVERY_SECONDS = 5 * 60;

/** Confirmation links asked for again, per account, like reset links per address. */
const RESENDS_PER_ACCOUNT: TRateLimit = { max: 5, windowSeconds: 60 * 60 };

function sessionContext(request: FastifyRequest): TSessionContext {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/** Signing up and in, Google sign-in and password resets: before anyone is signed in. */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;
  const google = new GoogleSignIn(config, db);
  const secureCookies = config.PUBLIC_URL.startsWith('https:');
  const perIp: TRateLimit = { max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: WINDOW };

  const limit = async (
    action: keyof typeof PER_EMAIL | 'forgot' | 'reset' | 'oauth' | 'verify',
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
      // `login()` counts the per-IP hit itself, in its first statement.
      return {
        success: true as const,
        ...(await login(db, request.body, sessionContext(request), perIp)),
      };
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: ZForgotPasswordRequest, response: { 200: ZSuccessResponse } } },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await limit('forgot', request);
      await consumeRateLimit(
        db,
        `forgot:email-ip:${email}:${request.ip}`,
        RESET_REQUESTS_PER_CLIENT,
      );
      // At most one queue message per address every few minutes, whether or not the address has
      // an account: the answer and its timing say nothing; the worker looks the account up and
      // mails the link.
      await queueAccountMailOncePer(db, `forgot:mail:${email}`, RESET_MAIL_EVERY_SECONDS, {
        kind: 'password-reset',
        email,
      });
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

  /** Confirms the address a link was mailed to (the /verify-email page sends the token). */
  app.post(
    '/auth/verify-email',
    { schema: { body: ZVerifyEmailRequest, response: { 200: ZSuccessResponse } } },
    async (request) => {
      await limit('verify', request);
      await verifyEmail(db, request.body.token);
      return { success: true as const, message: AUTH_TEXTS.emailVerified };
    },
  );

  /** Starts Google sign-in: a full-page navigation to Google's consent screen. */
  app.get(
    '/auth/google',
    { schema: { querystring: z.object({ returnTo: z.string().max(200).optional() }).loose() } },
    async (request, reply) => {
      if (!google.configured) return toCallbackPage(reply, { error: 'google_unavailable' });
      try {
        const { url, state } = await google.start(request.query.returnTo);
        reply.header('set-cookie', flowCookie(state, secureCookies));
        return reply.redirect(url.href);
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return toCallbackPage(reply, { error: 'provider_unreachable' });
      }
    },
  );

  /** Google sends the browser back here; on success /oauth-callback receives a one-time code. */
  app.get(
    '/auth/google/callback',
    { schema: { querystring: z.object({ error: z.string().optional() }).loose() } },
    async (request, reply) => {
      // The binding is single use like the flow: gone after this answer, whatever it is.
      reply.header('set-cookie', clearedFlowCookie(secureCookies));
      if (!google.configured) return toCallbackPage(reply, { error: 'google_unavailable' });
      if (request.query.error)
        return toCallbackPage(reply, { error: request.query.error.slice(0, 50) });
      try {
        await limit('oauth', request);
        const identity = await google.finish(
          new URL(request.url, config.PUBLIC_URL),
          readCookie(request.headers.cookie, FLOW_COOKIE),
        );
        const { user, isNewUser } = await findOrCreateGoogleUser(db, identity);
        const code = await issueOAuthLoginCode(db, user.id, isNewUser);
        return toCallbackPage(reply, { access_token: code });
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in failed');
        return toCallbackPage(reply, { error: 'sign_in_failed' });
      }
    },
  );

  /** Trades the one-time code from /oauth-callback's address for a session token (docs/product/accounts.md). */
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
};

/** The signed-in account itself (registered in the protected scope). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing to wait for: the session, and the account as the API shows it, are at hand.
  app.get(
    '/auth/me',
    { config: { person: true }, schema: { response: { 200: ZMeResponse } } },
    (request) => ({
      success: true as const,
      user: request.auth.publicUser,
    }),
  );

  app.post(
    '/auth/logout',
    { config: { person: true }, schema: { response: { 200: ZSuccessResponse } } },
    async (request) => {
      await revokeSession(app.database.db, request.auth.sessionId);
      return { success: true as const };
    },
  );

  /** Mails a new confirmation link for the signed-in account's address. */
  app.post(
    '/auth/verify-email/resend',
    { config: { person: true }, schema: { response: { 200: ZSuccessResponse } } },
    async (request) => {
      const { db } = app.database;
      const { user } = request.auth;
      await consumeRateLimit(db, `verify-resend:ip:${request.ip}`, {
        max: app.config.AUTH_RATE_LIMIT_PER_IP,
        windowSeconds: WINDOW,
      });
      await consumeRateLimit(db, `verify-resend:user:${user.id}`, RESENDS_PER_ACCOUNT);
      if (isEmailVerified(user)) {
        return { success: true as const, message: AUTH_TEXTS.emailAlreadyVerified };
      }
      await queueAccountMail(db, { kind: 'verify-email', userId: user.id });
      return { success: true as const, message: AUTH_TEXTS.verificationSent };
    },
  );
};

/** The code travels in the address hash, which browsers never send to a server or in a Referer. */
function toCallbackPage(reply: FastifyReply, params: Record<string, string>) {
  return reply.redirect(`/oauth-callback#${new URLSearchParams(params).toString()}`);
}
