import { ZActivityResponse, type TActivityEntry } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { describeActivity } from './activity-lines';
import { ActivityPage } from './activity-page';
import { ACTIVITY_PAGE } from './api/get-activity';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const NOW = Date.parse('2026-07-10T12:00:00Z');

function line(overrides: Partial<TActivityEntry>): TActivityEntry {
  return {
    id: '1',
    actor: 'Ava Rose',
    action: 'approved',
    subjectType: 'post',
    subjectId: 'post-1',
    summary: 'Mara Lind: “Sunset drop”',
    at: new Date(NOW - 2 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ActivityPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the activity', () => {
  it('reads as who did what, to what, and how long ago, newest first', async () => {
    fakeApi({
      'GET /api/workspace/activity': () =>
        reply(ZActivityResponse, {
          success: true,
          activity: [
            line({ id: '3' }),
            line({
              id: '2',
              actor: 'Jun Park',
              action: 'submitted',
              at: new Date(NOW - 3 * 60 * 60 * 1000).toISOString(),
            }),
            line({
              id: '1',
              actor: null,
              action: 'started',
              subjectType: 'job',
              summary: 'generate-image ×2',
              at: new Date(NOW - 30 * 60 * 60 * 1000).toISOString(),
            }),
          ],
        }),
    });
    renderPage();
    const today = await screen.findByRole('region', { name: 'Today' });
    const [approved, submitted] = within(today).getAllByRole('listitem');
    expect(approved).toHaveTextContent(
      'Ava Rose approved a post:Mara Lind: “Sunset drop”2 hours ago',
    );
    expect(submitted).toHaveTextContent('Jun Park sent a post for approval');
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByRole('listitem')).toHaveTextContent(
      'Someone started a tool:Generate ×2yesterday',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the lines before the oldest shown with Load more', async () => {
    const first = Array.from({ length: ACTIVITY_PAGE }, (_, index) =>
      line({ id: `a${index}`, at: new Date(NOW - (index + 1) * 60_000).toISOString() }),
    );
    const oldest = first.at(-1)!.at;
    const api = fakeApi({
      'GET /api/workspace/activity': ({ url }) =>
        reply(ZActivityResponse, {
          success: true,
          activity: url.searchParams.get('before')
            ? [line({ id: 'old', action: 'deleted', at: '2026-07-01T09:00:00.000Z' })]
            : first,
        }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const older = await screen.findByRole('region', { name: 'Wednesday, July 1' });
    expect(within(older).getByRole('listitem')).toHaveTextContent('Ava Rose deleted a post');
    const calls = api.callsTo('GET /api/workspace/activity');
    expect(calls.map((call) => call.url.searchParams.get('before'))).toEqual([null, oldest]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says when nothing happened yet', async () => {
    fakeApi({
      'GET /api/workspace/activity': () =>
        reply(ZActivityResponse, { success: true, activity: [] }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeVisible();
  });

  it('phrases members and the workspace as sentences', () => {
    const read = (entry: Partial<TActivityEntry>) => describeActivity(line(entry));
    expect(
      read({ subjectType: 'member', action: 'invited', summary: 'jun@example.com as editor' }),
    ).toEqual({ phrase: 'invited jun@example.com as editor', detail: null });
    expect(read({ subjectType: 'member', action: 'changed', summary: 'editor to admin' })).toEqual({
      phrase: 'changed a member’s role',
      detail: 'editor to admin',
    });
    expect(read({ subjectType: 'member', action: 'left', summary: '' })).toEqual({
      phrase: 'left the workspace',
      detail: null,
    });
    expect(
      read({ subjectType: 'workspace', action: 'changed', summary: 'turned approval on' }),
    ).toEqual({ phrase: 'turned approval on', detail: null });
    expect(read({ action: 'returned', summary: 'Mara Lind: Warmer light' })).toEqual({
      phrase: 'sent a post back with a note',
      detail: 'Mara Lind: Warmer light',
    });
    // An action the web does not know yet reads as the server wrote it.
    expect(read({ subjectType: 'page', action: 'hid', summary: 'mara.lind' })).toEqual({
      phrase: 'hid',
      detail: 'mara.lind',
    });
  });
});
