import { GENERIC_ERRORS, WORKSPACE_TEXTS, ZSuccessResponse } from '@muse/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../components/ui/toaster';
import { fakeApi, refuse, reply } from '../testing/fake-api';
import { aTeamWorkspace, aWorkspace, workspacesAnswer } from '../testing/answers';
import { api, getOpenWorkspace, takeWorkspaceGone, TOKEN_STORAGE_KEY } from './api';
import { useWorkspaceWatch } from './use-workspace-watch';
import { WORKSPACES_QUERY_KEY } from './workspaces';

const TEAM = aTeamWorkspace();

/** A page of the shell: it reads something of the workspace, and says where it is. */
function Page() {
  useWorkspaceWatch();
  const { pathname } = useLocation();
  const influencers = useQuery({
    queryKey: ['billing', 'workspace', 'influencers'],
    queryFn: () => api('/influencers', { schema: ZSuccessResponse }),
    retry: false,
  });
  const list = useQuery({
    queryKey: [...WORKSPACES_QUERY_KEY, 'me'],
    queryFn: () => api('/workspaces'),
    retry: false,
  });
  return (
    <>
      <p data-testid="where">{pathname}</p>
      <p data-testid="influencers">{influencers.status}</p>
      <p data-testid="workspaces">{list.status}</p>
    </>
  );
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  localStorage.clear();
  toast.dismiss();
  takeWorkspaceGone();
});

describe('removed from the open workspace', () => {
  it('goes back to the personal workspace, says so, reads everything again and opens the dashboard', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    localStorage.setItem('muse.workspace', TEAM.id);
    const workspaceGone = () =>
      refuse(404, { error: 'There is no such workspace.', code: 'WORKSPACE_NOT_FOUND' });
    const api = fakeApi({
      'GET /api/influencers': ({ headers }) =>
        headers['x-muse-workspace'] ? workspaceGone() : reply(ZSuccessResponse, { success: true }),
      'GET /api/workspaces': ({ headers }) =>
        headers['x-muse-workspace'] ? workspaceGone() : workspacesAnswer([aWorkspace()]),
    });

    renderAt('/calendar');

    expect(await screen.findByText(WORKSPACE_TEXTS.removed)).toBeVisible();
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    await vi.waitFor(() => expect(screen.getByTestId('influencers')).toHaveTextContent('success'));
    await vi.waitFor(() => expect(screen.getByTestId('workspaces')).toHaveTextContent('success'));
    expect(getOpenWorkspace()).toBeNull();
    // Each read was refused once in the old workspace, then answered in the personal one.
    const sent = api.calls.map((call) => `${call.path} ${call.headers['x-muse-workspace'] ?? '-'}`);
    expect(sent.filter((line) => line.endsWith(TEAM.id))).toHaveLength(2);
    expect(sent).toContain('/api/influencers -');
    expect(sent).toContain('/api/workspaces -');
    // One notice, however many calls were refused.
    expect(screen.getAllByText(WORKSPACE_TEXTS.removed)).toHaveLength(1);
  });

  it('leaves the personal workspace alone: its 404s are just 404s', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    fakeApi({
      'GET /api/influencers': () =>
        refuse(404, { error: GENERIC_ERRORS.notFound, code: 'NOT_FOUND' }),
      'GET /api/workspaces': () => workspacesAnswer([aWorkspace()]),
    });
    renderAt('/calendar');
    await vi.waitFor(() => expect(screen.getByTestId('influencers')).toHaveTextContent('error'));
    expect(screen.getByTestId('where')).toHaveTextContent('/calendar');
    expect(screen.queryByText(WORKSPACE_TEXTS.removed)).toBeNull();
  });
});
