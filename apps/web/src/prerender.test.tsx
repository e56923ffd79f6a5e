import { PRERENDERED_ROUTES, type TMarketplaceModel } from '@muse/shared';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode, act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRouteModules } from './app/load-route-modules';
import { Providers, makeQueryClient } from './app/providers';
import { createRouter, routes } from './app/router';
import { LandingInBrowser } from './features/landing/landing-root';
import { TOKEN_STORAGE_KEY } from './lib/api';
import { seedMarketplaceModelsFromPage } from './lib/marketplace-models';
import { PAGE_DATA, PAGE_MARKUP, renderMarketplacePage, renderPage } from './prerender';

/**
 * Every prerendered public page hydrates in the browser without a mismatch: React (its
 * development build, as here) reports a differing text or attribute as a console error, and
 * a page that cannot be hydrated is rendered afresh, replacing the server's elements.
 */
let roots: Root[] = [];
let reported: unknown[] = [];

beforeEach(() => {
  // This file drives React itself (hydrateRoot) rather than through Testing Library's render.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  reported = [];
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => reported.push(args));
  }
  // The API is not running: every call answers 404, as a page handles.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: false, error: 'Not found' }, { status: 404 })),
  );
});

afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page's prerendered HTML in #root, as the server sends it, at the page's address. */
async function servePrerendered(route: string): Promise<HTMLElement> {
  const { markup } = await renderPage(route as (typeof PRERENDERED_ROUTES)[number]);
  window.history.replaceState(null, '', route);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

async function hydrate(container: HTMLElement, app: ReactNode): Promise<void> {
  await act(async () => {
    roots.push(
      hydrateRoot(container, app, { onRecoverableError: (error) => reported.push(error) }),
    );
  });
}

function appOf(queryClient = makeQueryClient()) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>
  );
}

describe('prerendered public pages', () => {
  it('each page arrives with its own title and description', async () => {
    const heads = await Promise.all(
      PRERENDERED_ROUTES.map(async (route) => (await renderPage(route)).head),
    );
    expect(heads.map((head) => head.title)).toEqual(
      expect.arrayContaining(['Muse', 'Marketplace · Muse', 'Sign In · Muse']),
    );
    expect(new Set(heads.map((head) => head.title)).size).toBe(PRERENDERED_ROUTES.length);
    for (const head of heads) expect(head.description.length).toBeGreaterThan(50);
  });

  it.each(PRERENDERED_ROUTES)('%s hydrates its prerendered HTML as it is', async (route) => {
    const container = await servePrerendered(route);
    const heading = container.querySelector('h1');
    expect(heading, 'the prerendered page has its heading').not.toBeNull();

    if (route === '/') await hydrate(container, <LandingInBrowser />);
    else {
      await loadRouteModules(routes, route);
      await hydrate(container, appOf());
    }

    expect(reported).toEqual([]);
    // Hydrated, not rendered again: the server's elements are the page's.
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('the landing opened at a section hydrates as it was rendered, without the #hash', async () => {
    const container = await servePrerendered('/');
    window.history.replaceState(null, '', '/#pricing');
    const heading = container.querySelector('h1');

    await hydrate(container, <LandingInBrowser />);

    expect(reported).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('the landing offers a signed-in visitor the dashboard once hydrated, without a mismatch', async () => {
    const container = await servePrerendered('/');
    expect(container.textContent).toContain('Get Started');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a-session-token');

    await hydrate(container, <LandingInBrowser />);

    expect(reported).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(nav.querySelector('a[href="/dashboard"]')?.textContent).toBe('Dashboard'),
    );
    expect(nav.textContent).not.toContain('Get Started');
    expect(nav.textContent).not.toContain('Sign In');
  });
});

/** A model of the list as GET /api/marketplace/models answers it. */
function model(id: number, changes: Partial<TMarketplaceModel> = {}): TMarketplaceModel {
  return {
    id,
    name: `Model ${id} <b>`,
    age: 24,
    hair: 'Brown',
    body: 'Slim',
    ethnicity: 'Latina',
    tier: 'Premium',
    about: null,
    isLive: false,
    isBlackedOut: false,
    claimed: 1,
    licences: 5,
    fullyClaimed: false,
    available: true,
    images: [{ card: `/card/${id}.webp`, full: `/full/${id}.webp`, width: 480, height: 640 }],
    imageKind: 'illustration',
    ...changes,
  };
}

describe('the marketplace rendered with its models', () => {
  const models = [
    ...Array.from({ length: 9 }, (_, index) => model(index + 1)),
    model(10, { claimed: 5, fullyClaimed: true, available: false }),
    model(11, { isBlackedOut: true, available: false, images: [] }),
  ];
  const answer = JSON.stringify({ success: true, models });
  const template = `<html><head></head><body><div id="root" data-prerendered="/marketplace">${PAGE_MARKUP}</div>${PAGE_DATA}</body></html>`;

  it('carries its cards and the list it was rendered from, and hydrates them as they are', async () => {
    const html = await renderMarketplacePage(template, answer);
    const served = new DOMParser().parseFromString(html, 'text/html');
    window.history.replaceState(null, '', '/marketplace');
    document.body.replaceWith(document.adoptNode(served.body));
    const container = document.getElementById('root')!;
    // The cards are in the page before any script, their portraits with them.
    expect(container.querySelectorAll('ul[aria-label="Models"] > li')).toHaveLength(11);
    expect(container.querySelector('img[src="/card/1.webp"]')).not.toBeNull();
    expect(container.textContent).toContain('Model 3 <b>, 24');
    expect(container.textContent).toContain('FULLY CLAIMED');
    const firstCard = container.querySelector('article');

    const queryClient = makeQueryClient();
    seedMarketplaceModelsFromPage(queryClient, document);
    await loadRouteModules(routes, '/marketplace');
    await hydrate(container, appOf(queryClient));

    expect(reported).toEqual([]);
    expect(container.querySelector('article')).toBe(firstCard);
    // The list came with the page: nothing asked the API for it.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/marketplace/models'),
    );
  });

  it('no text of the list can end its script element', async () => {
    const hostile = JSON.stringify({
      success: true,
      models: [model(1, { name: '</script><script>alert(1)</script>' })],
    });
    const html = await renderMarketplacePage(template, hostile);
    const served = new DOMParser().parseFromString(html, 'text/html');

    expect(served.querySelectorAll('script')).toHaveLength(1);
    const carried = served.getElementById('marketplace-models')?.textContent ?? '';
    expect(JSON.parse(carried)).toEqual(JSON.parse(hostile));
  });
});
