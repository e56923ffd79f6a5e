import { ZProfileResponse, ZUpdateProfileRequest } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPublicUser } from '../auth/service';
import { updateProfile } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/profile',
    { schema: { response: { 200: ZProfileResponse } } },
    async (request) => ({
      success: true as const,
      data: toPublicUser(request.auth.user),
    }),
  );

  app.put(
    '/users/profile',
    { schema: { body: ZUpdateProfileRequest, response: { 200: ZProfileResponse } } },
    async (request) => ({
      success: true as const,
      data: toPublicUser(await updateProfile(app.database.db, request.auth, request.body)),
    }),
  );
};
