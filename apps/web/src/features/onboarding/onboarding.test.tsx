import {
  ZMarketplaceModelsResponse,
  ZOnboardingResponse,
  type TOnboardingState,
  type TUpdateOnboardingRequest,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { dashboardAnswer } from '../../testing/answers';
import { OnboardingPage } from './onboarding-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

function state(overrides: Partial<TOnboardingState> = {}): TOnboardingState {
  return {
    step: 1,
    goal: null,
    experience: null,
    creationMethod: null,
    modelId: null,
    licenceTermsVersion: null,
    aiName: '',
    niche: null,
    visualStyle: null,
    platforms: [],
    postingFrequency: null,
    contentTypes: [],
    selectedPlan: null,
    offerEndsAt: null,
    completedAt: null,
    draftPending: false,
    influencerId: null,
    offer: null,
    ...overrides,
  };
}

/**
 * The server's onboarding in memory: GET answers what the saves left, and PUT keeps what it is
 * sent, as the server does.
 */
function stubApi(
  start: TOnboardingState,
  overrides: Partial<Record<TFakeRoute, TFakeHandler>> = {},
) {
  let held = start;
  const answer = () =>
    reply(ZOnboardingResponse, {
      success: true,
      onboarding: held,
      serverTime: '2026-11-28T10:00:00.000Z',
    });
  const api = fakeApi({
    'GET /api/onboarding': answer,
    'PUT /api/onboarding': ({ body }) => {
      held = { ...held, ...(body as TUpdateOnboardingRequest) };
      return answer();
    },
    'GET /api/users/dashboard': () => dashboardAnswer(),
    // Step 3's marketplace grid.
    'GET /api/marketplace/models': () =>
      reply(ZMarketplaceModelsResponse, { success: true, models: [] }),
    ...overrides,
  });
  return {
    saves: () => api.callsTo('PUT /api/onboarding').map((call) => call.body),
    held: () => held,
  };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="/dashboard" element={<p>The dashboard</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  // Toasts outlive their Toaster; a new one would show them again.
  toast.dismiss();
});

describe('the onboarding', () => {
  it('starts with the welcome, and Start Creating moves on to the goal, saving the step', async () => {
    const api = stubApi(state());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Creating' }));
    expect(await screen.findByRole('heading', { name: 'What brings you to Muse?' })).toBeVisible();
    await waitFor(() => expect(api.held().step).toBe(2));
  });

  it('resumes at the step the server holds, and Continue waits for both answers', async () => {
    const api = stubApi(state({ step: 2 }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'What brings you to Muse?' })).toBeVisible();
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Build a Business/ }));
    expect(screen.getByRole('button', { name: /Build a Business/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Some experience/ }));
    expect(next).toBeEnabled();
    await waitFor(() =>
      expect(api.held()).toMatchObject({ goal: 'build-business', experience: 'some' }),
    );

    await user.click(next);
    await waitFor(() => expect(api.held().step).toBe(3));
    expect(api.saves().at(-1)).toMatchObject({ step: 3, goal: 'build-business' });
  });

  it('keeps the answers of an earlier visit chosen', async () => {
    stubApi(state({ step: 2, goal: 'content-creation', experience: 'new' }));
    renderPage();
    expect(await screen.findByRole('button', { name: /Create Content/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: /New to this/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it("shows the server's refusal of a save and goes back to what the server holds", async () => {
    stubApi(state({ step: 2 }), {
      'PUT /api/onboarding': () =>
        refuse(400, { error: 'That answer is not one of the choices', code: 'INVALID_REQUEST' }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Build a Business/ }));
    expect(await screen.findByText('That answer is not one of the choices')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Build a Business/ })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('says when the setup could not be loaded, and loads it again on Try again', async () => {
    let failing = true;
    const api = stubApi(state({ step: 2 }), {
      'GET /api/onboarding': () =>
        failing
          ? refuse(500, { error: 'Internal server error', code: 'INTERNAL_ERROR' })
          : reply(ZOnboardingResponse, {
              success: true,
              onboarding: api.held(),
              serverTime: '2026-11-28T10:00:00.000Z',
            }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Your setup could not be loaded' }),
    ).toBeVisible();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'What brings you to Muse?' })).toBeVisible();
  });

  it("step 7 speaks of influencer slots, and says the cards' model tokens are the same", async () => {
    stubApi(
      state({
        step: 7,
        goal: 'content-creation',
        experience: 'some',
        creationMethod: 'custom',
        aiName: 'Mira',
        niche: 'fitness',
        visualStyle: 'realistic',
        platforms: ['Instagram'],
        postingFrequency: 'weekly',
        contentTypes: ['photos'],
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose Plan' })).toBeVisible();
    expect(
      screen.getByText(
        'Pick a plan to put Mira to work. Credits and influencer slots arrive every month: each model token below is one influencer slot.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Pro Plan' }));
    expect(
      await screen.findByText('Cancel anytime. Your credits and influencer slots never reset.'),
    ).toBeVisible();
  });

  it('sends an account that finished to the dashboard', async () => {
    stubApi(state({ step: 7, completedAt: '2026-11-27T10:00:00.000Z' }));
    renderPage();
    expect(await screen.findByText('The dashboard')).toBeVisible();
  });
});
