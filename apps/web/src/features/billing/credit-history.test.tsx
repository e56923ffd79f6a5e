import { PAGE_TEXTS, ZCreditHistoryResponse, type TLedgerEntry } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { CreditHistory } from './components/credit-history';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

function entry(n: number): TLedgerEntry {
  return {
    id: `entry-${n}`,
    currency: 'credits',
    amount: -10,
    kind: 'spend',
    description: `Spend ${n}`,
    createdAt: '2026-11-24T10:00:00.000Z',
  };
}

describe('the credit history', () => {
  it("shows the newest page and 'Load more' the older movements", async () => {
    const pages: Record<string, { entries: TLedgerEntry[]; nextCursor: string | null }> = {
      first: { entries: [entry(3), entry(2)], nextCursor: 'older' },
      older: { entries: [entry(1)], nextCursor: null },
    };
    fakeApi({
      'GET /api/credits/history': ({ url }) =>
        reply(ZCreditHistoryResponse, {
          success: true,
          ...pages[url.searchParams.get('cursor') ?? 'first']!,
        }),
    });
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CreditHistory />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Credit movements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: PAGE_TEXTS.loadMore }));
    expect(await within(list).findByText('Spend 1')).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: PAGE_TEXTS.loadMore })).not.toBeInTheDocument();
  });

  it('names the API key that spent, when a program did', async () => {
    fakeApi({
      'GET /api/credits/history': () =>
        reply(ZCreditHistoryResponse, {
          success: true,
          entries: [{ ...entry(2), apiKey: { id: 'key-1', name: 'n8n' } }, entry(1)],
          nextCursor: null,
        }),
    });
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CreditHistory />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Credit movements' });
    const [byKey, byHand] = within(list).getAllByRole('listitem');
    expect(byKey).toHaveTextContent('by the API key “n8n”');
    expect(byHand).not.toHaveTextContent('API key');
  });
});
