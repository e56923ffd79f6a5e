import { PRERENDERED_ROUTES } from '@muse/shared';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode, act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRouteModules } from './app/load-route-modules';
import { Providers } from './app/providers';
import { createRouter, routes } from './app/router';
import { LandingInBrowser } from './features/landing/landing-root';
import { TOKEN_STORAGE_KEY } from './lib/api';
import { renderPage } from './prerender';

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

function appOf() {
  return (
    <StrictMode>
      <Providers>
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
