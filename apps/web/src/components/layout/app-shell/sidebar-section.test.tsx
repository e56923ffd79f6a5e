import {
  ZApprovalsResponse,
  ZWorkspacesResponse,
  type TPost,
  type TWorkspaceRole,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../../testing/fake-api';
import { SIDEBAR_SECTIONS } from './sidebar-nav';
import { SidebarSection } from './sidebar-section';

vi.mock('../../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const TEAM = SIDEBAR_SECTIONS.find((section) => section.id === 'team')!;
const STUDIO = '9d1f6c1e-2b7a-4e0c-8f51-3a2b1c0d9e01';

function workspacesAnswer(role: TWorkspaceRole) {
  return reply(ZWorkspacesResponse, {
    success: true,
    workspaces: [
      {
        id: STUDIO,
        name: 'Studio North',
        personal: false,
        role,
        approvalRequired: true,
        plan: 'launch',
        planLabel: 'Launch',
      },
    ],
    current: STUDIO,
  });
}

const waiting = (id: string) =>
  ({
    id,
    influencerId: '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11',
    influencerName: 'Mara Lind',
    handle: 'mara.lind',
    caption: '',
    priceCents: 0,
    status: 'scheduled',
    publishAt: '2026-07-14T00:00:00.000Z',
    scheduled: true,
    timeZone: 'UTC',
    items: [],
    sales: 0,
    onPage: true,
    targets: [],
    removedByMuse: false,
    createdBy: { id: 'user-2', name: 'Jun Park' },
    approval: { status: 'waiting', note: null, decidedBy: null, decidedAt: null },
    createdAt: '2026-07-09T10:00:00.000Z',
  }) satisfies TPost;

function renderTeam(collapsed = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SidebarSection
          section={TEAM}
          collapsed={collapsed}
          folded={false}
          onToggleFolded={vi.fn()}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('list', { name: 'Team' });
}

describe("the sidebar's Team section", () => {
  it('links an approver to the queue with the number of posts waiting', async () => {
    fakeApi({
      'GET /api/workspaces': () => workspacesAnswer('viewer'),
      'GET /api/approvals': () =>
        reply(ZApprovalsResponse, { success: true, posts: [waiting('a'), waiting('b')] }),
    });
    const list = renderTeam();
    const approvals = await within(list).findByRole('link', { name: 'Approvals 2 waiting' });
    expect(approvals).toHaveAttribute('href', '/approvals');
    expect(within(list).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/activity',
    );
  });

  it('names the count in the icon strip, where only icons show', async () => {
    fakeApi({
      'GET /api/workspaces': () => workspacesAnswer('owner'),
      'GET /api/approvals': () =>
        reply(ZApprovalsResponse, { success: true, posts: [waiting('a')] }),
    });
    const list = renderTeam(true);
    expect(await within(list).findByRole('link', { name: 'Approvals, 1 waiting' })).toBeVisible();
  });

  it('offers an editor the activity only, and asks nothing of the queue', async () => {
    // GET /api/approvals is not faked: a call to it would fail the test.
    const api = fakeApi({ 'GET /api/workspaces': () => workspacesAnswer('editor') });
    const list = renderTeam();
    expect(await within(list).findByRole('link', { name: 'Activity' })).toBeVisible();
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(within(list).queryByRole('link', { name: /Approvals/ })).toBeNull();
  });
});
