import { PAGE_TEXTS, type TInfluencer } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfluencersPage } from './influencers-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

function influencer(n: number): TInfluencer {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Persona ${n}`,
    niche: 'fashion',
    personality: '',
    target_audience: '',
    description: 'Street style',
    image: null,
    thumbnail: null,
    modelId: null,
    personaStatus: 'needs-photos',
    ready: false,
    referencePhotos: 0,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
  };
}

/** 30 influencers held: the first page has 24 of them, the next the other 6. */
function stubApi() {
  const all = Array.from({ length: 30 }, (_, n) => influencer(30 - n));
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://muse.test');
      if (url.pathname !== '/api/influencers')
        return new Response(
          JSON.stringify({ success: false, error: 'No stub', code: 'NOT_FOUND' }),
          { status: 404 },
        );
      const cursor = url.searchParams.get('cursor');
      asked.push(cursor ?? 'first');
      const page = cursor === 'page-2' ? all.slice(24) : all.slice(0, 24);
      return new Response(
        JSON.stringify({
          success: true,
          influencers: page,
          used: 30,
          limit: 30,
          nextCursor: cursor === 'page-2' ? null : 'page-2',
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return { asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    expect(asked).toEqual(['first', 'page-2']);
  });
});
