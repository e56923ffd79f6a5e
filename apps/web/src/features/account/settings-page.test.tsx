import {
  API_KEY_TEXTS,
  WEBHOOK_TEXTS,
  ZProfileResponse,
  ZPublicConfig,
  ZSessionsResponse,
  type TProfile,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { SettingsPage } from './settings-page';

const profile: TProfile = {
  id: 'user-1',
  email: 'ava@example.com',
  fullName: 'Ava Rose',
  hasPassword: true,
  emailVerified: true,
  isCreator: true,
  createdAt: '2026-06-01T10:00:00.000Z',
  pendingEmail: null,
};

// The session as the page sees it: a creator unless a test makes it a fan.
const auth = vi.hoisted(() => ({ user: null as { id: string; isCreator: boolean } | null }));
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }));

function renderPage() {
  fakeApi({
    'GET /api/users/profile': () => reply(ZProfileResponse, { success: true, data: profile }),
    'GET /api/users/sessions': () => reply(ZSessionsResponse, { success: true, sessions: [] }),
    'GET /api/config': () =>
      reply(ZPublicConfig, { success: true, googleSignIn: false, supportEmail: 'help@muse.test' }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/settings']}>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings, for developers', () => {
  beforeEach(() => {
    auth.user = { id: 'user-1', isCreator: true };
  });

  it('links a creator to the API keys, the webhooks and the API reference', async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'For developers' });
    expect(within(section).getByRole('link', { name: API_KEY_TEXTS.title })).toHaveAttribute(
      'href',
      '/settings/api-keys',
    );
    expect(within(section).getByRole('link', { name: WEBHOOK_TEXTS.title })).toHaveAttribute(
      'href',
      '/settings/webhooks',
    );
    expect(within(section).getByRole('link', { name: API_KEY_TEXTS.reference })).toHaveAttribute(
      'href',
      '/docs/api',
    );
  });

  it('leaves the section out for a fan-only account, which has no studio', async () => {
    auth.user = { id: 'user-1', isCreator: false };
    renderPage();
    expect(await screen.findByRole('region', { name: 'Name' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'For developers' })).toBeNull();
  });
});
