import { PUBLISHING_TEXTS, ZPurchasesResponse, type TPostItem, type TPurchase } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { PurchasesPage } from './purchases-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'fan-1' }, loading: false }) }));

function item(id: string, kind: 'image' | 'video'): TPostItem {
  const extension = kind === 'video' ? 'mp4' : 'webp';
  return {
    id,
    kind,
    width: 800,
    height: 1000,
    durationSeconds: kind === 'video' ? 6 : null,
    contentType: kind === 'video' ? 'video/mp4' : 'image/webp',
    preview: false,
    credentials: false,
    blurredUrl: `/api/files/${id}-blur.webp?signature=b`,
    thumbnailUrl: `/api/files/${id}-thumb.webp?signature=t`,
    url: `/api/files/${id}-original.${extension}?signature=o`,
  };
}

function purchase(id: string, name: string, handle: string, items: TPostItem[]): TPurchase {
  return {
    id,
    amountCents: 5000,
    purchasedAt: '2026-06-04T12:00:00.000Z',
    page: { handle, name, niche: 'Travel', bio: '', pictureUrl: null, postCount: 4 },
    post: {
      id: `${id}-post`,
      caption: `A set by ${name}`,
      priceCents: 5000,
      publishedAt: '2026-06-01T12:00:00.000Z',
      aiGenerated: true,
      locked: false,
      purchased: true,
      own: false,
      items,
    },
  };
}

function stubPurchases(purchases: TPurchase[]) {
  fakeApi({ 'GET /api/purchases': () => reply(ZPurchasesResponse, { success: true, purchases }) });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/purchases']}>
        <PurchasesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My purchases', () => {
  it('lists each bought post unlocked, with its originals to download', async () => {
    stubPurchases([
      purchase('p-1', 'Ava Rose', 'ava.rose', [item('a', 'image'), item('b', 'video')]),
      purchase('p-2', 'Gone Influencer', '', [item('c', 'image')]),
    ]);
    renderPage();
    const ava = await screen.findByRole('article', {
      name: 'Post by Ava Rose, bought June 4, 2026',
    });
    expect(within(ava).getByRole('link', { name: 'Ava Rose' })).toHaveAttribute(
      'href',
      '/i/ava.rose',
    );
    expect(within(ava).getByText('$50.00')).toBeVisible();
    expect(within(ava).getByText('Bought June 4, 2026')).toBeVisible();
    expect(within(ava).getByText('A set by Ava Rose')).toBeVisible();
    expect(within(ava).getAllByText(PUBLISHING_TEXTS.aiLabel)).toHaveLength(2);

    const picture = within(ava).getByRole('img', {
      name: 'AI-generated picture 1 of 2 of Ava Rose',
    });
    expect(picture).toHaveAttribute('src', '/api/files/a-thumb.webp?signature=t');
    const video = within(ava).getByLabelText('AI-generated video 2 of 2 of Ava Rose');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/api/files/b-original.mp4?signature=o');
    expect(video).toHaveAttribute('controls');

    const downloads = within(ava).getAllByRole('link', { name: /^Download/ });
    expect(downloads.map((link) => link.getAttribute('href'))).toEqual([
      '/api/files/a-original.webp?signature=o',
      '/api/files/b-original.mp4?signature=o',
    ]);
    expect(downloads[0]).toHaveAccessibleName('Download picture 1 of 2 of Ava Rose');
    expect(downloads[0]).toHaveAttribute('download', 'muse-ava.rose-p-1-post-1.webp');

    // An influencer without a page any more: the name, no link; the post is still there.
    const gone = screen.getByRole('article', {
      name: 'Post by Gone Influencer, bought June 4, 2026',
    });
    expect(within(gone).getByText('Gone Influencer')).toBeVisible();
    expect(within(gone).queryByRole('link', { name: 'Gone Influencer' })).not.toBeInTheDocument();
    expect(within(gone).getByRole('link', { name: /^Download/ })).toHaveAttribute(
      'href',
      '/api/files/c-original.webp?signature=o',
    );
  });

  it('lists the pages bought from, each once, linking back to them', async () => {
    stubPurchases([
      purchase('p-1', 'Ava Rose', 'ava.rose', [item('a', 'image')]),
      purchase('p-2', 'Mia Lux', 'mia.lux', [item('b', 'image')]),
      purchase('p-3', 'Ava Rose', 'ava.rose', [item('c', 'image')]),
      purchase('p-4', 'Gone Influencer', '', [item('d', 'image')]),
    ]);
    renderPage();
    const pages = await screen.findByRole('region', { name: 'Pages you bought from' });
    const links = within(pages).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/i/ava.rose', '/i/mia.lux']);
    expect(links[0]).toHaveTextContent('Ava Rose@ava.rose');
  });

  it('says when nothing was bought yet, and where to find creators', async () => {
    stubPurchases([]);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: PUBLISHING_TEXTS.purchasesEmpty }),
    ).toBeVisible();
    expect(screen.getByText(/Creators share links to their Muse pages/)).toBeVisible();
  });
});
