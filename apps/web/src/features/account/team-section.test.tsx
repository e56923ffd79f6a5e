import {
  WORKSPACE_TEXTS,
  ZInvitationResponse,
  ZSuccessResponse,
  ZWorkspaceResponse,
  type TWorkspaceInvitation,
  type TWorkspaceRole,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOpenWorkspace, setOpenWorkspace, TOKEN_STORAGE_KEY } from '../../lib/api';
import { aMember, aTeamWorkspace, ME, teamAnswer } from '../../testing/answers';
import { fakeApi, refuse, reply, type TFakeAnswer } from '../../testing/fake-api';
import { TeamSection } from './team-section';

const auth = vi.hoisted(() => ({ user: { id: '', isCreator: true } }));
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }));

const OWNER = aMember({
  userId: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  fullName: 'Ola Owner',
  email: 'ola@example.com',
  role: 'owner',
});
const EDITOR = aMember({ fullName: 'Bo Lee', email: 'bo@example.com', role: 'editor' });
const invitation: TWorkspaceInvitation = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  email: 'vi@example.com',
  role: 'viewer',
  invitedBy: 'Ola Owner',
  createdAt: '2026-06-02T10:00:00.000Z',
  expiresAt: '2026-06-09T10:00:00.000Z',
};

/** The team of Rose Studio (Launch, 3 seats) as `role` sees it: its owner, the person, Bo. */
function teamAs(role: TWorkspaceRole): TFakeAnswer {
  const me = aMember({
    userId: ME,
    fullName: 'Ava Rose',
    email: 'ava@example.com',
    role,
    you: true,
  });
  return teamAnswer({
    workspace: aTeamWorkspace({ role }),
    members: [OWNER, me, EDITOR],
    invitations: [invitation],
    seats: { included: 10, used: 4 },
  });
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSection(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/settings']}>
        <Routes>
          <Route path="/settings" element={<TeamSection />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const section = () => screen.findByRole('region', { name: 'Team' });
const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Members' })).getByLabelText(name);
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

beforeEach(() => {
  auth.user = { id: ME, isCreator: true };
  localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
});
afterEach(() => {
  localStorage.clear();
});

describe('the Team section, by role', () => {
  it('gives an owner the name, the approval switch, every role to give and each member to manage', async () => {
    renderSection({ 'GET /api/workspace/members': () => teamAs('owner') });
    const team = await section();
    expect(await within(team).findByLabelText('Workspace name')).toHaveValue('Rose Studio');
    expect(
      within(team).getByRole('switch', { name: 'Editors’ posts wait for approval' }),
    ).toHaveAttribute('aria-checked', 'false');
    expect(within(team).getByText('4 of 10 seats used')).toBeVisible();
    expect(optionsOf(within(team).getByLabelText('Role'))).toEqual([
      'Owner',
      'Admin',
      'Editor',
      'Viewer',
    ]);
    // Another owner and an editor: both managed; the person's own row is not.
    expect(
      within(row('Ola Owner')).getByRole('combobox', { name: 'Role of Ola Owner' }),
    ).toBeVisible();
    expect(within(row('Bo Lee')).getByRole('button', { name: 'Remove Bo Lee' })).toBeVisible();
    expect(within(row('Ava Rose')).queryByRole('combobox')).toBeNull();
    expect(within(row('Ava Rose')).getByRole('button', { name: 'Leave workspace' })).toBeVisible();
    expect(
      within(team).getByRole('button', { name: 'Withdraw the invitation to vi@example.com' }),
    ).toBeVisible();
  });

  it('lets an admin manage and invite everyone but owners, and not rename the workspace', async () => {
    renderSection({ 'GET /api/workspace/members': () => teamAs('admin') });
    const team = await section();
    await within(team).findByRole('list', { name: 'Members' });
    expect(within(team).queryByLabelText('Workspace name')).toBeNull();
    expect(within(team).queryByRole('switch')).toBeNull();
    expect(optionsOf(within(team).getByLabelText('Role'))).toEqual(['Admin', 'Editor', 'Viewer']);
    expect(within(row('Ola Owner')).queryByRole('combobox')).toBeNull();
    expect(within(row('Ola Owner')).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(row('Ola Owner')).getByText('Owner')).toBeVisible();
    const role = within(row('Bo Lee')).getByRole('combobox', { name: 'Role of Bo Lee' });
    expect(optionsOf(role)).toEqual(['Admin', 'Editor', 'Viewer']);
    expect(within(row('Bo Lee')).getByRole('button', { name: 'Remove Bo Lee' })).toBeVisible();
  });

  it.each(['editor', 'viewer'] as const)(
    'shows the team to the role %s without a way to change it, only to leave',
    async (role) => {
      renderSection({ 'GET /api/workspace/members': () => teamAs(role) });
      const team = await section();
      await within(team).findByRole('list', { name: 'Members' });
      expect(within(team).queryByLabelText('Workspace name')).toBeNull();
      expect(within(team).queryByRole('switch')).toBeNull();
      expect(within(team).queryByLabelText('Email address')).toBeNull();
      expect(within(team).queryByRole('button', { name: 'Send invitation' })).toBeNull();
      expect(within(team).queryAllByRole('combobox')).toHaveLength(0);
      expect(within(team).queryByRole('button', { name: /^Remove/ })).toBeNull();
      expect(within(team).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
      // The open invitations and the seats are there to see.
      expect(within(team).getByText('vi@example.com')).toBeVisible();
      expect(within(team).getByText('4 of 10 seats used')).toBeVisible();
      expect(
        within(row('Ava Rose')).getByRole('button', { name: 'Leave workspace' }),
      ).toBeVisible();
    },
  );

  it("offers no way out of one's own personal workspace", async () => {
    renderSection({ 'GET /api/workspace/members': () => teamAnswer() });
    const team = await section();
    await within(team).findByRole('list', { name: 'Members' });
    expect(within(team).getByText('1 of 1 seat used')).toBeVisible();
    expect(within(team).queryByRole('button', { name: 'Leave workspace' })).toBeNull();
    // Without a plan the workspace is its owner's alone, which the section says before inviting.
    expect(
      within(team).getByText(WORKSPACE_TEXTS.seatsFull(1, null), { exact: false }),
    ).toBeVisible();
  });
});

describe('the Team section, its changes', () => {
  it("invites with the chosen role, and shows a refusal in the server's words", async () => {
    let answer: TFakeAnswer = refuse(409, {
      error: WORKSPACE_TEXTS.seatsFull(3, 'launch'),
      code: 'SEATS_FULL',
    });
    const api = renderSection({
      'GET /api/workspace/members': () => teamAs('owner'),
      'POST /api/workspace/invitations': () => answer,
    });
    const team = await section();
    await userEvent.type(await within(team).findByLabelText('Email address'), 'New@Example.com');
    await userEvent.selectOptions(within(team).getByLabelText('Role'), 'viewer');
    await userEvent.click(within(team).getByRole('button', { name: 'Send invitation' }));
    expect(await within(team).findByRole('alert')).toHaveTextContent(
      WORKSPACE_TEXTS.seatsFull(3, 'launch'),
    );
    expect(api.callsTo('POST /api/workspace/invitations')[0]!.body).toEqual({
      email: 'new@example.com',
      role: 'viewer',
    });

    answer = reply(
      ZInvitationResponse,
      { success: true, invitation: { ...invitation, email: 'new@example.com' } },
      201,
    );
    await userEvent.click(within(team).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(team).findByText('We mailed an invitation to new@example.com.'),
    ).toBeVisible();
  });

  it('changes a role, turns approval on and renames the workspace', async () => {
    const api = renderSection({
      'GET /api/workspace/members': () => teamAs('owner'),
      'PATCH /api/workspace/members/:userId': () => reply(ZSuccessResponse, { success: true }),
      'PATCH /api/workspace': ({ body }) =>
        reply(ZWorkspaceResponse, {
          success: true,
          workspace: aTeamWorkspace({ role: 'owner', ...(body as object) }),
        }),
    });
    const team = await section();
    await userEvent.selectOptions(
      await within(team).findByRole('combobox', { name: 'Role of Bo Lee' }),
      'admin',
    );
    expect(await within(team).findByText('Bo Lee is now an admin.')).toBeVisible();
    expect(api.callsTo('PATCH /api/workspace/members/:userId')[0]).toMatchObject({
      params: { userId: EDITOR.userId },
      body: { role: 'admin' },
    });

    await userEvent.click(
      within(team).getByRole('switch', { name: 'Editors’ posts wait for approval' }),
    );
    const name = within(team).getByLabelText('Workspace name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Rose & Co');
    await userEvent.click(within(team).getByRole('button', { name: 'Save workspace name' }));
    await vi.waitFor(() =>
      expect(api.callsTo('PATCH /api/workspace').map((call) => call.body)).toEqual([
        { approvalRequired: true },
        { name: 'Rose & Co' },
      ]),
    );
  });

  it('leaves a team workspace for the personal one, and opens the dashboard', async () => {
    setOpenWorkspace(aTeamWorkspace().id);
    const api = renderSection({
      'GET /api/workspace/members': () => teamAs('editor'),
      'POST /api/workspace/leave': () => reply(ZSuccessResponse, { success: true }),
    });
    const team = await section();
    await userEvent.click(await within(team).findByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Rose Studio?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(getOpenWorkspace()).toBeNull();
    expect(api.callsTo('POST /api/workspace/leave')[0]!.headers['x-muse-workspace']).toBe(
      aTeamWorkspace().id,
    );
  });

  it('offers the last owner no way to leave, and another owner one', async () => {
    const alone = [aMember({ userId: ME, fullName: 'Ava Rose', role: 'owner', you: true })];
    renderSection({
      'GET /api/workspace/members': () =>
        teamAnswer({ workspace: aTeamWorkspace({ role: 'owner' }), members: alone }),
    });
    const team = await section();
    expect(await within(team).findByText('Ava Rose')).toBeVisible();
    expect(within(team).queryByRole('button', { name: 'Leave workspace' })).toBeNull();
    cleanup();
    renderSection({
      'GET /api/workspace/members': () =>
        teamAnswer({
          workspace: aTeamWorkspace({ role: 'owner' }),
          members: [...alone, aMember({ userId: 'other', fullName: 'Bo Lee', role: 'owner' })],
        }),
    });
    expect(
      await within(await section()).findByRole('button', { name: 'Leave workspace' }),
    ).toBeVisible();
  });

  it('reads the team of the workspace that is open', async () => {
    setOpenWorkspace(aTeamWorkspace().id);
    const api = renderSection({ 'GET /api/workspace/members': () => teamAs('viewer') });
    await section();
    await vi.waitFor(() =>
      expect(api.callsTo('GET /api/workspace/members')[0]!.headers['x-muse-workspace']).toBe(
        aTeamWorkspace().id,
      ),
    );
  });
});
