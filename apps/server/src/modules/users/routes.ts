import {
  ACCOUNT_TEXTS,
  ZChangePasswordRequest,
  ZConfirmEmailChangeRequest,
  ZProfileResponse,
  ZRevokeSessionsResponse,
  ZSessionsResponse,
  ZSuccessResponse,
  ZUpdateProfileRequest,
  isUuid,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { listSessions, revokeOtherSessions, revokeOwnSession } from './account-sessions';
import {
  changePassword,
  confirmEmailChange,
  getProfile,
  limitAccountAction,
  updateProfile,
} from './service';

/** The link mailed to a new address: opened by whoever holds it, signed in or not. */
export const userPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const perIp = { max: app.config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 15 * 60 };

  /** Makes the e-mail change whose link was mailed to the new address (/confirm-email sends it). */
  app.post(
    '/auth/confirm-email-change',
    { schema: { body: ZConfirmEmailChangeRequest, response: { 200: ZSuccessResponse } } },
    async (request) => {
      await limitAccountAction(db, `email-change-confirm:ip:${request.ip}`, perIp);
      await confirmEmailChange(db, request.body.token);
      return { success: true as const, message: ACCOUNT_TEXTS.emailChanged };
    },
  );
};

/** The signed-in account's settings (docs/product/accounts.md, 'Account settings'). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const perIp = { max: app.config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 15 * 60 };

  app.get(
    '/users/profile',
    { config: { person: true }, schema: { response: { 200: ZProfileResponse } } },
    async (request) => ({
      success: true as const,
      data: await getProfile(db, request.auth.user),
    }),
  );

  app.put(
    '/users/profile',
    {
      config: { person: true },
      schema: { body: ZUpdateProfileRequest, response: { 200: ZProfileResponse } },
    },
    async (request) => {
      if (request.body.email !== undefined) {
        await limitAccountAction(db, `email-change:ip:${request.ip}`, perIp);
      }
      const { profile, message } = await updateProfile(db, request.auth, request.body);
      return { success: true as const, data: profile, message };
    },
  );

  app.put(
    '/users/password',
    {
      config: { person: true },
      schema: { body: ZChangePasswordRequest, response: { 200: ZProfileResponse } },
    },
    async (request) => {
      await limitAccountAction(db, `password-change:ip:${request.ip}`, perIp);
      const { profile, message } = await changePassword(db, request.auth, request.body);
      return { success: true as const, data: profile, message };
    },
  );

  app.get(
    '/users/sessions',
    { config: { person: true }, schema: { response: { 200: ZSessionsResponse } } },
    async (request) => ({
      success: true as const,
      sessions: await listSessions(db, request.auth.user.id, request.auth.sessionId),
    }),
  );

  app.delete(
    '/users/sessions/:id',
    {
      config: { person: true },
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ZSuccessResponse },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) {
        throw new AppError(404, ACCOUNT_TEXTS.sessionNotFound, 'SESSION_NOT_FOUND');
      }
      await revokeOwnSession(db, request.auth.user.id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/users/sessions/revoke-others',
    { config: { person: true }, schema: { response: { 200: ZRevokeSessionsResponse } } },
    async (request) => ({
      success: true as const,
      revoked: await revokeOtherSessions(db, request.auth.user.id, request.auth.sessionId),
    }),
  );
};
