import { WORKSPACE_TEXTS, type TWorkspaceRole } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Wand2 } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOpenWorkspace, TOKEN_STORAGE_KEY } from '../../../lib/api';
import { aTeamWorkspace, aWorkspace, ME, workspacesAnswer } from '../../../testing/answers';
import { fakeApi } from '../../../testing/fake-api';
import type { TToolAccess } from '../use-tool-access';
import { ToolSubmit } from './tool-submit';

vi.mock('../../../lib/auth', () => ({ useAuth: () => ({ user: { id: ME } }) }));

const access: TToolAccess = {
  ready: true,
  allowed: true,
  reason: null,
  cost: 10,
  balance: 75,
  preview: false,
};

function renderSubmit() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToolSubmit
        icon={Wand2}
        label="Upscale Image"
        access={access}
        disabled={false}
        error={null}
      />
    </QueryClientProvider>,
  );
}

/** Opens a team workspace where the person has `role`. */
function openTeamAs(role: TWorkspaceRole) {
  const team = aTeamWorkspace({ role });
  localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
  setOpenWorkspace(team.id);
  fakeApi({ 'GET /api/workspaces': () => workspacesAnswer([aWorkspace(), team], team.id) });
}

afterEach(() => localStorage.clear());

describe("a tool's button, by the role in the open workspace", () => {
  it('is there in the personal workspace, without asking for the role', () => {
    const api = fakeApi({});
    renderSubmit();
    expect(screen.getByRole('button', { name: 'Upscale Image' })).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('is there for an editor, who spends the credits of the workspace', async () => {
    openTeamAs('editor');
    renderSubmit();
    expect(await screen.findByRole('button', { name: 'Upscale Image' })).toBeVisible();
  });

  it('gives way to a note for a viewer, who may not spend them', async () => {
    openTeamAs('viewer');
    renderSubmit();
    expect(await screen.findByText(WORKSPACE_TEXTS.roleForbids('viewer'))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Upscale Image' })).toBeNull();
  });
});
