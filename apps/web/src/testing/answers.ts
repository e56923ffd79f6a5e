import { ZDashboardResponse, type TDashboard, type TInfluencer } from '@muse/shared';
import { reply, type TFakeAnswer } from './fake-api';

/*
 * What the API's common answers hold, for the component tests' fakes (fake-api.ts): one place
 * that knows every field, so a test names only what it is about.
 */

/**
 * An influencer as the API lists it: a persona ready to generate with (10 reference photos)
 * unless `ready: false`, which makes one that still needs its photos.
 */
export function anInfluencer({
  ready = true,
  ...overrides
}: Partial<TInfluencer> = {}): TInfluencer {
  return {
    id: '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11',
    name: 'Mara Lind',
    niche: 'fashion',
    personality: '',
    target_audience: '',
    description: 'Street style',
    image: null,
    thumbnail: null,
    modelId: null,
    personaStatus: ready ? 'ready' : 'needs-photos',
    ready,
    referencePhotos: ready ? 10 : 0,
    likeness: null,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/users/dashboard`: a free account with nothing yet, unless told otherwise. */
export function dashboardAnswer(overrides: Partial<TDashboard> = {}): TFakeAnswer {
  return reply(ZDashboardResponse, {
    success: true,
    dashboard: {
      plan: null,
      planLabel: 'FREE',
      credits: 0,
      modelTokens: 0,
      influencers: { used: 0, limit: 0 },
      products: { used: 0, limit: 0 },
      recentInfluencers: [],
      ...overrides,
    },
  });
}
