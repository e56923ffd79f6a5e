import type { TTestCheckoutSession } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestCheckoutPage } from './test-checkout-page';

// Leaving for the return address is a full page load; the test only notes where to.
const checkout = vi.hoisted(() => ({ redirectTo: vi.fn() }));
vi.mock('../../lib/checkout', () => checkout);

const POST_ID = '22222222-2222-4222-8222-222222222222';

function postSession(overrides: Partial<TTestCheckoutSession> = {}): TTestCheckoutSession {
  return {
    id: 'cs_test_1',
    plan: null,
    billing: null,
    post: {
      id: POST_ID,
      caption: 'Sunset set, the full series',
      influencerName: 'Ava Rose',
      handle: 'ava.rose',
    },
    amountCents: 5000,
    status: 'open',
    email: 'fan@example.com',
    ...overrides,
  };
}

function stubApi(session: TTestCheckoutSession) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://muse.test').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (path === `/api/payments/test-checkout/${session.id}`)
        return json({ success: true, session });
      if (path === `/api/payments/test-checkout/${session.id}/pay`) {
        return json({ success: true, url: `/i/ava.rose/posts/${POST_ID}?purchase=success` });
      }
      return new Response(
        JSON.stringify({
          success: false,
          error: 'This checkout does not exist',
          code: 'CHECKOUT_NOT_FOUND',
        }),
        { status: 404 },
      );
    }),
  );
  return calls;
}

function renderPage(sessionId = 'cs_test_1') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/checkout/test/${sessionId}`]}>
        <Routes>
          <Route path="/checkout/test/:sessionId" element={<TestCheckoutPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the TEST MODE checkout of a post', () => {
  it('shows what is bought and pays for it', async () => {
    const calls = stubApi(postSession());
    renderPage();
    const order = await screen.findByRole('region', { name: 'Post by Ava Rose' });
    expect(screen.getByText('TEST MODE: no real payment is taken')).toBeVisible();
    expect(within(order).getByText('Sunset set, the full series')).toBeVisible();
    expect(within(order).getAllByText('$50.00')).toHaveLength(2);
    expect(within(order).getByText('by @ava.rose')).toBeVisible();
    expect(screen.getByText('fan@example.com')).toBeVisible();
    expect(screen.getByText(/Paying unlocks the post at once/)).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay' }));
    // Pay answers the post's address, which the browser goes back to.
    await waitFor(() => expect(checkout.redirectTo).toHaveBeenCalled());
    expect(checkout.redirectTo.mock.calls[0]?.[0]).toBe(
      `/i/ava.rose/posts/${POST_ID}?purchase=success`,
    );
    expect(calls).toContain('POST /api/payments/test-checkout/cs_test_1/pay');
  });

  it('once paid, leads to the post and to My purchases', async () => {
    stubApi(postSession({ status: 'complete' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This post is yours' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      `/i/ava.rose/posts/${POST_ID}`,
    );
    expect(screen.getByRole('link', { name: 'My purchases' })).toHaveAttribute(
      'href',
      '/purchases',
    );
  });

  it('still sells plans', async () => {
    stubApi(postSession({ plan: 'launch', billing: 'monthly', post: null, amountCents: 7900 }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Launch' })).toBeVisible();
    expect(screen.getByText('Subscribe to Muse')).toBeVisible();
  });
});
