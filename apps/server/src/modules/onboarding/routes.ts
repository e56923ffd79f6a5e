import { ZOnboardingResponse, ZUpdateOnboardingRequest, type TOnboardingState } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeOnboarding, getOnboarding, updateOnboarding } from './service';

const answer = (onboarding: TOnboardingState) => ({
  success: true as const,
  onboarding,
  serverTime: new Date().toISOString(),
});

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { services } = app;

  app.get('/onboarding', { schema: { response: { 200: ZOnboardingResponse } } }, async (request) =>
    answer(await getOnboarding(db, request.auth.user.id)),
  );

  app.put(
    '/onboarding',
    { schema: { body: ZUpdateOnboardingRequest, response: { 200: ZOnboardingResponse } } },
    async (request) => answer(await updateOnboarding(db, request.auth.user.id, request.body)),
  );

  app.post(
    '/onboarding/complete',
    { schema: { response: { 200: ZOnboardingResponse } } },
    async (request) =>
      answer(await completeOnboarding(db, services, request.auth.user.id, services.personaWriter)),
  );
};
