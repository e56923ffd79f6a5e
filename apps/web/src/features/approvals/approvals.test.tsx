import {
  PUBLISHING_TEXTS,
  ZApprovalsResponse,
  ZPostResponse,
  ZWorkspacesResponse,
  type TPost,
  type TWorkspace,
  type TWorkspaceRole,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { ApprovalsPage } from './approvals-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const STUDIO = '9d1f6c1e-2b7a-4e0c-8f51-3a2b1c0d9e01';
const JUN = { id: 'user-2', name: 'Jun Park' };

function workspace(role: TWorkspaceRole, overrides: Partial<TWorkspace> = {}): TWorkspace {
  return {
    id: STUDIO,
    name: 'Studio North',
    personal: false,
    role,
    approvalRequired: true,
    plan: 'launch',
    planLabel: 'Launch',
    ...overrides,
  };
}

function waiting(id: string, overrides: Partial<TPost> = {}): TPost {
  return {
    id,
    influencerId: '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11',
    influencerName: 'Mara Lind',
    handle: 'mara.lind',
    caption: 'Golden hour',
    priceCents: 0,
    status: 'scheduled',
    publishAt: '2026-07-14T00:00:00.000Z',
    scheduled: true,
    timeZone: 'Asia/Tokyo',
    items: [
      {
        id: `${id}-item`,
        kind: 'image',
        width: 816,
        height: 1024,
        durationSeconds: null,
        contentType: 'image/jpeg',
        preview: true,
        credentials: false,
        blurredUrl: `/api/files/${id}-blurred.webp`,
        thumbnailUrl: `/api/files/${id}-thumb.webp`,
        url: `/api/files/${id}.jpg`,
      },
    ],
    sales: 0,
    onPage: true,
    targets: [],
    removedByMuse: false,
    createdBy: JUN,
    approval: { status: 'waiting', note: null, decidedBy: null, decidedAt: null },
    createdAt: '2026-07-09T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The server's queue, in memory: approving or sending back takes a post out of it, as the server
 * does; `overrides` answer some routes otherwise.
 */
function stubApi(
  role: TWorkspaceRole,
  queue: TPost[],
  overrides: Partial<Record<TFakeRoute, TFakeHandler>> = {},
) {
  let posts = [...queue];
  const decide = (id: string, approval: TPost['approval']) => {
    const post = posts.find((candidate) => candidate.id === id);
    if (!post) return refuse(409, { error: PUBLISHING_TEXTS.notWaiting, code: 'POST_NOT_WAITING' });
    posts = posts.filter((candidate) => candidate.id !== id);
    return reply(ZPostResponse, { success: true, post: { ...post, approval } });
  };
  return fakeApi({
    'GET /api/workspaces': () =>
      reply(ZWorkspacesResponse, {
        success: true,
        workspaces: [workspace(role)],
        current: STUDIO,
      }),
    'GET /api/approvals': () => reply(ZApprovalsResponse, { success: true, posts }),
    'POST /api/posts/:id/approve': ({ params }) =>
      decide(params.id!, {
        status: 'approved',
        note: null,
        decidedBy: 'Ava Rose',
        decidedAt: '2026-07-10T03:00:00.000Z',
      }),
    'POST /api/posts/:id/return': ({ params, body }) =>
      decide(params.id!, {
        status: 'returned',
        note: (body as { note: string }).note,
        decidedBy: 'Ava Rose',
        decidedAt: '2026-07-10T03:00:00.000Z',
      }),
    ...overrides,
  });
}

function renderPage() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ApprovalsPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // Friday, July 10, 2026: the posts' times are ahead. Only the clock is fake.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-07-10T03:00:00Z'));
});

afterEach(() => {
  // Toasts outlive their Toaster; a new one would show them again.
  toast.dismiss();
  vi.useRealTimers();
});

describe('the approval queue', () => {
  it('shows each waiting post with its picture, caption, influencer, time and maker', async () => {
    stubApi('owner', [
      waiting('post-1', { priceCents: 5000, targets: [] }),
      waiting('post-2', { caption: '', publishAt: '2026-07-09T00:00:00.000Z', scheduled: false }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: '2 posts wait' })).toBeVisible();
    const [first, second] = screen.getAllByRole('article');
    expect(first).toHaveAccessibleName('Mara Lind Made by Jun Park');
    expect(within(first!).getByText('Waiting for approval')).toBeVisible();
    expect(within(first!).getByRole('img', { name: 'Image 1 of 1' })).toHaveAttribute(
      'src',
      '/api/files/post-1-thumb.webp',
    );
    expect(within(first!).getByText('Golden hour')).toBeVisible();
    expect(within(first!).getByText('$50.00 pay-per-view')).toBeVisible();
    expect(within(first!).getByText('Muse page')).toBeVisible();
    expect(within(first!).getByRole('time')).toHaveAttribute(
      'dateTime',
      '2026-07-14T00:00:00.000Z',
    );
    // Its time has passed: it goes out as soon as it is approved.
    expect(within(second!).getByText('At once, when approved')).toBeVisible();
    expect(within(second!).getByText('No caption')).toBeVisible();
  });

  it('approves a post: it leaves the list and the toast says so', async () => {
    const api = stubApi('admin', [waiting('post-1'), waiting('post-2', { caption: 'Beach day' })]);
    renderPage();
    const [first] = await screen.findAllByRole('article');
    await userEvent.click(within(first!).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(PUBLISHING_TEXTS.postApproved)).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByText('Golden hour')).toBeNull();
    expect(screen.getByText('Beach day')).toBeVisible();
    expect(screen.getByRole('heading', { name: '1 post waits' })).toHaveFocus();
    expect(api.callsTo('POST /api/posts/:id/approve').map((call) => call.path)).toEqual([
      '/api/posts/post-1/approve',
    ]);
  });

  it('sends a post back with the note it requires, and then nothing waits', async () => {
    const api = stubApi('viewer', [waiting('post-1')]);
    renderPage();
    const card = await screen.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this post back?' });
    expect(dialog).toHaveTextContent('Jun Park gets it back with your note');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveFocus();

    // The note is required: nothing is sent without one.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(note).toBeInvalid();
    expect(note).toHaveAccessibleDescription(expect.stringContaining('Say what to change'));
    expect(api.callsTo('POST /api/posts/:id/return')).toEqual([]);

    await userEvent.type(note, 'Use the beach picture first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));

    expect(await screen.findByText(PUBLISHING_TEXTS.postReturned)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send this post back?' })).toBeNull(),
    );
    expect(
      await screen.findByRole('heading', { name: 'Nothing waits for approval' }),
    ).toBeVisible();
    expect(api.callsTo('POST /api/posts/:id/return')[0]?.body).toEqual({
      note: 'Use the beach picture first',
    });
  });

  it('says in the server’s words when another approver decided first, and drops the post', async () => {
    // Sent back from another tab just before: no longer waiting, nor in the queue.
    let decided = false;
    stubApi('owner', [waiting('post-1')], {
      'GET /api/approvals': () =>
        reply(ZApprovalsResponse, { success: true, posts: decided ? [] : [waiting('post-1')] }),
      'POST /api/posts/:id/approve': () => {
        decided = true;
        return refuse(409, { error: PUBLISHING_TEXTS.notWaiting, code: 'POST_NOT_WAITING' });
      },
    });
    renderPage();
    const card = await screen.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(PUBLISHING_TEXTS.notWaiting)).toBeVisible();
    expect(screen.queryByText(PUBLISHING_TEXTS.postApproved)).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Nothing waits for approval' }),
    ).toBeVisible();
  });

  it('keeps the note and shows the server’s words when sending back fails otherwise', async () => {
    stubApi('owner', [waiting('post-1')], {
      'POST /api/posts/:id/return': () =>
        refuse(500, { error: 'Something went wrong on our side', code: 'INTERNAL_ERROR' }),
    });
    renderPage();
    const card = await screen.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this post back?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Warmer light');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Warmer light');
    // Still in the queue, behind the open dialog.
    expect(screen.getByRole('article', { hidden: true })).toBeInTheDocument();
  });

  it('says when approval is off and nothing waits', async () => {
    fakeApi({
      'GET /api/workspaces': () =>
        reply(ZWorkspacesResponse, {
          success: true,
          workspaces: [workspace('owner', { approvalRequired: false })],
          current: STUDIO,
        }),
      'GET /api/approvals': () => reply(ZApprovalsResponse, { success: true, posts: [] }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Nothing waits for approval' }),
    ).toBeVisible();
    expect(screen.getByText(/Approval is off in this workspace/)).toBeVisible();
  });

  it('tells an editor they cannot approve, without asking for the queue', async () => {
    // GET /api/approvals is not faked: a call to it would fail the test.
    const api = fakeApi({
      'GET /api/workspaces': () =>
        reply(ZWorkspacesResponse, {
          success: true,
          workspaces: [workspace('editor')],
          current: STUDIO,
        }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'You cannot approve posts here' }),
    ).toBeVisible();
    expect(screen.getByText(/You are an editor of Studio North/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/workspaces']);
  });
});
