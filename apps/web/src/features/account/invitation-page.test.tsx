import {
  WORKSPACE_TEXTS,
  ZInvitationPreviewResponse,
  ZWorkspaceResponse,
  type TInvitationPreviewResponse,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOpenWorkspace, TOKEN_STORAGE_KEY } from '../../lib/api';
import { aTeamWorkspace, ME } from '../../testing/answers';
import { fakeApi, refuse, reply } from '../../testing/fake-api';
import { InvitationPage } from './invitation-page';

const auth = vi.hoisted(() => ({
  user: null as null | { id: string; email: string; emailVerified: boolean; isCreator: boolean },
  loading: false,
  signOut: async () => {},
  refreshUser: async () => null,
}));
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }));

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
const preview: TInvitationPreviewResponse['invitation'] = {
  workspaceName: 'Rose Studio',
  role: 'editor',
  email: 'bo@example.com',
  invitedBy: 'Ava Rose',
  expiresAt: '2026-06-09T10:00:00.000Z',
};

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderPage(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /api/invitations/:token': () =>
      reply(ZInvitationPreviewResponse, { success: true, invitation: preview }),
    ...routes,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/invitations/${TOKEN}`]}>
        <Routes>
          <Route path="/invitations/:token" element={<InvitationPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

beforeEach(() => {
  auth.user = null;
});
afterEach(() => localStorage.clear());

describe('an invitation link', () => {
  it('says who invites whom where, and signs in or registers on the way back here', async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { name: 'Join Rose Studio' })).toBeVisible();
    expect(
      screen.getByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent === 'Ava Rose invited you to join Rose Studio as Editor.'
          : false,
      ),
    ).toBeVisible();
    expect(screen.getByText('bo@example.com')).toBeVisible();
    const back = encodeURIComponent(`/invitations/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?next=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?next=${back}`,
    );
  });

  it('that is used, withdrawn or expired says so', async () => {
    renderPage({
      'GET /api/invitations/:token': () =>
        refuse(404, { error: WORKSPACE_TEXTS.invitationNotFound, code: 'INVITATION_NOT_FOUND' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(WORKSPACE_TEXTS.invitationNotFound);
  });

  it('joins once signed in, opens the workspace and its dashboard', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
    auth.user = { id: ME, email: 'bo@example.com', emailVerified: true, isCreator: true };
    const team = aTeamWorkspace();
    const api = renderPage({
      'POST /api/invitations/:token/accept': () =>
        reply(ZWorkspaceResponse, { success: true, workspace: team }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Rose Studio' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(getOpenWorkspace()).toBe(team.id);
    expect(api.callsTo('POST /api/invitations/:token/accept')[0]!.params.token).toBe(TOKEN);
  });

  it("shows why another address cannot join, in the server's words", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
    auth.user = { id: ME, email: 'someone@example.com', emailVerified: true, isCreator: true };
    renderPage({
      'POST /api/invitations/:token/accept': () =>
        refuse(403, {
          error: WORKSPACE_TEXTS.invitationEmail('bo@example.com'),
          code: 'INVITATION_EMAIL_MISMATCH',
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Rose Studio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      WORKSPACE_TEXTS.invitationEmail('bo@example.com'),
    );
    expect(getOpenWorkspace()).toBeNull();
  });
});
