import {
  ACCOUNT_DATA_TEXTS,
  API_KEY_TEXTS,
  ZAccountExportResponse,
  ZLatestAccountExportResponse,
  ZSuccessResponse,
  type TAccountExport,
  WEBHOOK_TEXTS,
  ZProfileResponse,
  ZPublicConfig,
  ZSessionsResponse,
  type TProfile,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOpenWorkspace, TOKEN_STORAGE_KEY } from '../../lib/api';
import { aTeamWorkspace, aWorkspace, teamAnswer, workspacesAnswer } from '../../testing/answers';
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

const exported: TAccountExport = {
  id: 'export-1',
  status: 'ready',
  progress: 100,
  sizeBytes: 3 * 1024 * 1024,
  failure: null,
  createdAt: '2026-06-02T10:00:00.000Z',
  finishedAt: '2026-06-02T10:01:00.000Z',
  expiresAt: '2099-06-09T10:01:00.000Z',
  expired: false,
  downloadUrl: '/api/account/exports/export-1/download?expires=1&signature=s',
};

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  fakeApi({
    'GET /api/account/exports': () =>
      reply(ZLatestAccountExportResponse, { success: true, export: null }),
    'GET /api/workspace/members': () => teamAnswer(),
    ...routes,
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
  afterEach(() => localStorage.clear());

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
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
  });

  it.each(['editor', 'viewer'] as const)(
    "leaves the section out for the role %s, which manages no keys, and keeps the team's",
    async (role) => {
      const team = aTeamWorkspace({ role });
      localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
      setOpenWorkspace(team.id);
      renderPage({
        'GET /api/workspaces': () => workspacesAnswer([aWorkspace(), team], team.id),
        'GET /api/workspace/members': () => teamAnswer({ workspace: team }),
      });
      expect(await screen.findByRole('region', { name: 'Team' })).toBeVisible();
      expect(
        await screen.findByText(
          role === 'editor' ? /You are an editor here/ : /You are a viewer here/,
        ),
      ).toBeVisible();
      expect(screen.queryByRole('region', { name: 'For developers' })).toBeNull();
    },
  );

  it('shows it to an admin of a team workspace', async () => {
    const team = aTeamWorkspace({ role: 'admin' });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
    setOpenWorkspace(team.id);
    renderPage({
      'GET /api/workspaces': () => workspacesAnswer([aWorkspace(), team], team.id),
      'GET /api/workspace/members': () => teamAnswer({ workspace: team }),
    });
    expect(await screen.findByRole('region', { name: 'For developers' })).toBeVisible();
  });
});

describe('Settings, your data', () => {
  beforeEach(() => {
    auth.user = { id: 'user-1', isCreator: true };
  });

  it('starts an export, shows its progress, then its download link', async () => {
    let reads = 0;
    renderPage({
      'POST /api/account/exports': () =>
        reply(ZAccountExportResponse, {
          success: true,
          export: { ...exported, status: 'running', progress: 40, downloadUrl: null },
        }),
      'GET /api/account/exports': () => {
        reads += 1;
        return reply(ZLatestAccountExportResponse, {
          success: true,
          export: reads === 1 ? null : exported,
        });
      },
    });
    const section = await screen.findByRole('region', { name: 'Your data' });
    await userEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    const link = await within(section).findByRole(
      'link',
      { name: 'Download ZIP (3.0 MB)' },
      {
        timeout: 3000,
      },
    );
    expect(link).toHaveAttribute('href', exported.downloadUrl);
  });

  it('asks for the password in a dialog that says what deletion does', async () => {
    let sent: unknown;
    renderPage({
      'DELETE /api/account': (call) => {
        sent = call.body;
        return reply(ZSuccessResponse, {
          success: true,
          message: ACCOUNT_DATA_TEXTS.accountDeleted,
        });
      },
    });
    auth.user = { id: 'user-1', isCreator: true };
    Object.assign(auth, { forgetSession: vi.fn(), signOut: vi.fn() });
    const section = await screen.findByRole('region', { name: 'Delete account' });
    await userEvent.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Posts fans bought stay visible to those fans only');
    expect(dialog).toHaveTextContent('Your subscription is cancelled now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(ACCOUNT_DATA_TEXTS.passwordRequired)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Your Password'), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(sent).toEqual({ password: 'secret123' }));
  });
});
