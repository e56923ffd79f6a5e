import { ZOnboardingResponse, ZUpdateOnboardingRequest, type TOnboardingState } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client';
import { findLiveSubscription } from '../billing/subscriptions';
import { completeOnboarding, getOnboarding, updateOnboarding } from './service';

/** The state, with the offer only while a checkout could use it: a live plan changes in place. */
async function answer(db: TDatabase, userId: string, onboarding: TOnboardingState) {
  const live = onboarding.offer ? await findLiveSubscription(db, userId) : undefined;
  return {
    success: true as const,
    onboarding: live ? { ...onboarding, offer: null } : onboarding,
    serverTime: new Date().toISOString(),
  };
}

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { services } = app;

  app.get(
    '/onboarding',
    { config: { person: true }, schema: { response: { 200: ZOnboardingResponse } } },
    async (request) =>
      answer(db, request.auth.user.id, await getOnboarding(db, request.auth.user.id)),
  );

  app.put(
    '/onboarding',
    {
      config: { person: true },
      schema: { body: ZUpdateOnboardingRequest, response: { 200: ZOnboardingResponse } },
    },
    async (request) =>
      answer(
        db,
        request.auth.user.id,
        await updateOnboarding(db, request.auth.user.id, request.body),
      ),
  );

  app.post(
    '/onboarding/complete',
    { config: { person: true }, schema: { response: { 200: ZOnboardingResponse } } },
    async (request) =>
      answer(
        db,
        request.auth.user.id,
        await completeOnboarding(db, services, request.auth.user.id, services.personaWriter),
      ),
  );
};
