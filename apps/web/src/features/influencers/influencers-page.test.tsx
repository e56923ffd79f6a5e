import { PAGE_TEXTS, ZInfluencersResponse } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { anInfluencer } from '../../testing/answers';
import { InfluencersPage } from './influencers-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const influencer = (n: number) =>
  anInfluencer({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Persona ${n}`,
    ready: false,
  });

/** 30 influencers held: the first page has 24 of them, the next the other 6. */
function stubApi() {
  const all = Array.from({ length: 30 }, (_, n) => influencer(30 - n));
  const api = fakeApi({
    'GET /api/influencers': ({ url }) => {
      const cursor = url.searchParams.get('cursor');
      return reply(ZInfluencersResponse, {
        success: true,
        influencers: cursor === 'page-2' ? all.slice(24) : all.slice(0, 24),
        used: 30,
        limit: 30,
        nextCursor: cursor === 'page-2' ? null : 'page-2',
      });
    },
  });
  const asked = () => api.calls.map(({ url }) => url.searchParams.get('cursor') ?? 'first');
  return { asked };
}

describe('Manage Influencers', () => {
  it("shows a page of cards with the count of all of them, and 'Load more' the rest", async () => {
    const { asked } = stubApi();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <InfluencersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Influencers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    expect(screen.getByText('30/30 Influencers')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: PAGE_TEXTS.loadMore }));
    expect(await within(list).findByRole('heading', { name: 'Persona 1' })).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: PAGE_TEXTS.loadMore })).not.toBeInTheDocument();
    expect(screen.getByText('30/30 Influencers')).toBeVisible();
    expect(asked()).toEqual(['first', 'page-2']);
  });
});
