import {
  PRERENDERED_ROUTES,
  PUBLISHING_TEXTS,
  ZPublicPageUnlockedResponse,
  type TMarketplaceModel,
  type TPostItem,
  type TPublicPageResponse,
  type TPublicPost,
} from '@muse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode, act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRouteModules } from './app/load-route-modules';
import { Providers, makeQueryClient } from './app/providers';
import { createRouter, routes } from './app/router';
import { LandingInBrowser } from './features/landing/landing-root';
import { FanPageInBrowser } from './features/public-page/fan-page-root';
import { PUBLIC_PAGE_DATA_ID, pageAnswerOf } from './features/public-page/page-answer';
import { TOKEN_STORAGE_KEY } from './lib/api';
import { seedMarketplaceModelsFromPage } from './lib/marketplace-models';
import { pageData } from './lib/page-data';
import { seedPublicConfigFromPage } from './lib/public-config';
import {
  PAGE_DATA,
  PAGE_MARKUP,
  renderPage,
  renderPublicPage,
  renderServedPage,
} from './prerender';
import { fakeApi, refuse, reply } from './testing/fake-api';

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
  fakeApi({}, { unlisted: 'not-found' });
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

/** A page's template, as scripts/prerender.mjs writes it for the server. */
const templateOf = (route: string) =>
  `<html><head></head><body><div id="root" data-prerendered="${route}">${PAGE_MARKUP}</div>${PAGE_DATA}</body></html>`;

/** GET /api/config's answer of a server without Google sign-in. */
const CONFIG_WITHOUT_GOOGLE = JSON.stringify({
  success: true,
  googleSignIn: false,
  supportEmail: 'help@muse.example',
});

/** The server's page in this document, at its address; its #root. */
function serve(html: string, route: string): HTMLElement {
  const served = new DOMParser().parseFromString(html, 'text/html');
  window.history.replaceState(null, '', route);
  document.body.replaceWith(document.adoptNode(served.body));
  return document.getElementById('root')!;
}

/** The page hydrated as main.tsx hydrates it: from what the page carries. */
async function hydrateServed(container: HTMLElement, route: string): Promise<void> {
  const queryClient = makeQueryClient();
  seedPublicConfigFromPage(queryClient, document);
  seedMarketplaceModelsFromPage(queryClient, document);
  await loadRouteModules(routes, route);
  await hydrate(container, appOf(queryClient));
}

const apiCalls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

describe("pages rendered with the server's settings", () => {
  it('the sign-in pages of a server without Google sign-in arrive and hydrate without it', async () => {
    for (const [route, submit] of [
      ['/login', 'Sign In'],
      ['/register', 'Create Account'],
    ] as const) {
      const html = await renderServedPage(route, templateOf(route), {
        publicConfig: CONFIG_WITHOUT_GOOGLE,
      });
      const container = serve(html, route);
      expect(container.textContent).toContain(submit);
      expect(container.textContent).not.toContain('Continue with Google');
      const form = container.querySelector('form');

      await hydrateServed(container, route);

      expect(reported).toEqual([]);
      expect(container.querySelector('form')).toBe(form);
      expect(within(container).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
      expect(apiCalls()).not.toContainEqual(expect.stringContaining('/config'));
      for (const root of roots) act(() => root.unmount());
      roots = [];
    }
  });

  it('a server with Google sign-in has its page offer it', async () => {
    const html = await renderServedPage('/login', templateOf('/login'), {
      publicConfig: JSON.stringify({ ...JSON.parse(CONFIG_WITHOUT_GOOGLE), googleSignIn: true }),
    });
    const container = serve(html, '/login');
    await hydrateServed(container, '/login');
    expect(reported).toEqual([]);
    expect(within(container).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('the support page arrives with the support address in it', async () => {
    const html = await renderServedPage('/support', templateOf('/support'), {
      publicConfig: CONFIG_WITHOUT_GOOGLE,
    });
    const container = serve(html, '/support');
    expect(container.textContent).toContain('help@muse.example');
    await hydrateServed(container, '/support');
    expect(reported).toEqual([]);
    expect(apiCalls()).not.toContainEqual(expect.stringContaining('/config'));
  });
});

describe('the marketplace rendered with its models', () => {
  const models = [
    ...Array.from({ length: 9 }, (_, index) => model(index + 1)),
    model(10, { claimed: 5, fullyClaimed: true, available: false }),
    model(11, { isBlackedOut: true, available: false, images: [] }),
  ];
  const answer = JSON.stringify({ success: true, models });
  const template = templateOf('/marketplace');

  it('carries its cards and the list it was rendered from, and hydrates them as they are', async () => {
    const html = await renderServedPage('/marketplace', template, {
      publicConfig: CONFIG_WITHOUT_GOOGLE,
      marketplaceModels: answer,
    });
    const container = serve(html, '/marketplace');
    // The cards are in the page before any script, their portraits with them.
    expect(container.querySelectorAll('ul[aria-label="Models"] > li')).toHaveLength(11);
    expect(container.querySelector('img[src="/card/1.webp"]')).not.toBeNull();
    expect(container.textContent).toContain('Model 3 <b>, 24');
    expect(container.textContent).toContain('FULLY CLAIMED');
    const firstCard = container.querySelector('article');

    const queryClient = makeQueryClient();
    seedPublicConfigFromPage(queryClient, document);
    seedMarketplaceModelsFromPage(queryClient, document);
    await loadRouteModules(routes, '/marketplace');
    await hydrate(container, appOf(queryClient));

    expect(reported).toEqual([]);
    expect(container.querySelector('article')).toBe(firstCard);
    // The list came with the page: nothing asked the API for it.
    expect(apiCalls()).not.toContainEqual(expect.stringContaining('/marketplace/models'));
  });

  it('no text of the list can end its script element', async () => {
    const hostile = JSON.stringify({
      success: true,
      models: [model(1, { name: '</script><script>alert(1)</script>' })],
    });
    const html = await renderServedPage('/marketplace', template, {
      publicConfig: CONFIG_WITHOUT_GOOGLE,
      marketplaceModels: hostile,
    });
    const served = new DOMParser().parseFromString(html, 'text/html');

    expect(served.querySelectorAll('script')).toHaveLength(2);
    const carried = served.getElementById('marketplace-models')?.textContent ?? '';
    expect(JSON.parse(carried)).toEqual(JSON.parse(hostile));
  });
});

describe("an influencer's public page rendered by the server", () => {
  const HANDLE = 'ava.rose';
  const item = (id: string, locked: boolean): TPostItem => ({
    id,
    kind: 'image',
    width: 800,
    height: 1000,
    durationSeconds: null,
    contentType: 'image/webp',
    preview: false,
    credentials: false,
    blurredUrl: `/api/files/${id}-blur.webp?signature=b`,
    thumbnailUrl: locked ? null : `/api/files/${id}-thumb.webp?signature=t`,
    url: locked ? null : `/api/files/${id}-original.webp?signature=o`,
  });
  const post = (id: string, changes: Partial<TPublicPost>): TPublicPost => ({
    id,
    caption: '',
    priceCents: 0,
    publishedAt: '2026-06-01T12:00:00.000Z',
    aiGenerated: true,
    locked: false,
    purchased: false,
    own: false,
    items: [item(`${id}-a`, false)],
    ...changes,
  });
  const free = post('free-post', { caption: 'Morning swim <b>' });
  const locked = post('locked-post', {
    caption: 'Sunset set',
    priceCents: 5000,
    locked: true,
    publishedAt: '2026-06-03T12:00:00.000Z',
    items: [item('locked-a', true)],
  });
  /** The locked post as the fan who bought it gets it: GET /api/public/pages/:handle/unlocked. */
  const bought: TPublicPost = {
    ...locked,
    locked: false,
    purchased: true,
    items: [item('locked-a', false)],
  };
  /** The page's answer to a visitor without a session, as the server renders it. */
  const anonymous: TPublicPageResponse = {
    success: true,
    page: {
      handle: HANDLE,
      name: 'Ava Rose',
      niche: 'Travel',
      bio: 'Chasing light in small harbours.',
      pictureUrl: `/api/public/pages/${HANDLE}/picture`,
      postCount: 2,
    },
    posts: [free, locked],
  };
  const template = `<html><head><title>Muse</title></head><body><div id="root">${PAGE_MARKUP}</div>${PAGE_DATA}</body></html>`;
  const render = () =>
    renderPublicPage(template, {
      publicConfig: CONFIG_WITHOUT_GOOGLE,
      page: JSON.stringify(anonymous),
    });

  /** The served page's body (`serve` puts it in place of the one `screen` knows). */
  const page = () => within(document.body);

  /** The page hydrated as public-page-main.tsx hydrates it: from the answer it carries. */
  async function hydrateFanPage(container: HTMLElement) {
    const carried = pageAnswerOf(pageData(document, PUBLIC_PAGE_DATA_ID));
    expect(carried, 'the page carries the answer it was rendered from').toEqual(anonymous);
    await hydrate(container, <FanPageInBrowser initial={carried!} />);
  }

  it('arrives with its posts, a locked one as its blurred preview only, and the answer it shows', async () => {
    const html = await render();
    const served = new DOMParser().parseFromString(html, 'text/html');
    const root = served.getElementById('root')!;

    expect(root.querySelector('h1')?.textContent).toBe('Ava Rose');
    expect(root.querySelector('[role="note"]')?.textContent).toBe(PUBLISHING_TEXTS.aiDisclosure);
    // The free post's sharp preview, the locked post's blurred one, and nothing more of it.
    const sources = [...root.querySelectorAll('article img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([locked.items[0]!.blurredUrl, free.items[0]!.thumbnailUrl]);
    expect(html).not.toContain('locked-a-original');
    expect(html).not.toContain('locked-a-thumb');
    expect(root.textContent).toContain('Unlock for $50.00');
    expect(root.querySelector('a[href^="/register?next="]')?.getAttribute('href')).toBe(
      `/register?next=${encodeURIComponent(`/i/${HANDLE}/posts/${locked.id}`)}`,
    );
    expect(root.textContent).toContain('Morning swim <b>');
    // The answer it was rendered from and the server's settings, as data.
    expect(served.querySelectorAll('script')).toHaveLength(2);
    expect(JSON.parse(served.getElementById(PUBLIC_PAGE_DATA_ID)!.textContent!)).toEqual(anonymous);
    expect(JSON.parse(served.getElementById('public-config')!.textContent!)).toEqual(
      JSON.parse(CONFIG_WITHOUT_GOOGLE),
    );
    // The head is the template's: the server writes the link preview into it.
    expect(served.title).toBe('Muse');
  });

  it('refuses an answer for a viewer: every visitor gets the page it renders', async () => {
    for (const posts of [
      [free, bought],
      [free, { ...locked, items: [item('locked-a', false)] }],
    ]) {
      await expect(
        renderPublicPage(template, {
          publicConfig: CONFIG_WITHOUT_GOOGLE,
          page: JSON.stringify({ ...anonymous, posts }),
        }),
      ).rejects.toThrow(/not a visitor's answer/);
    }
  });

  it('hydrates as it is, signed out, at its current address', async () => {
    const container = serve(await render(), '/i/Ava.Rose');
    const heading = container.querySelector('h1');

    await hydrateFanPage(container);

    expect(reported).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(window.location.pathname).toBe(`/i/${HANDLE}`);
    // Without a session, nothing asks the API: the page came with it.
    expect(apiCalls()).toEqual([]);
    await waitFor(() =>
      expect(page().getByRole('button', { name: 'Report this page' })).toBeEnabled(),
    );
    expect(page().getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/i/${HANDLE}`)}`,
    );
  });

  it('shows a signed-in fan the post they bought unlocked, and their purchases', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'fan-token');
    const api = fakeApi({
      'GET /api/public/pages/:handle/unlocked': () =>
        reply(ZPublicPageUnlockedResponse, { success: true, posts: [bought] }),
    });
    const container = serve(await render(), `/i/${HANDLE}`);

    await hydrateFanPage(container);

    expect(reported).toEqual([]);
    const sunset = await page().findByRole('article', { name: 'Post of June 3, 2026' });
    await waitFor(() =>
      expect(within(sunset).getByRole('img', { name: /^AI-generated picture/ })).toHaveAttribute(
        'src',
        bought.items[0]!.thumbnailUrl,
      ),
    );
    expect(within(sunset).getByText('Unlocked')).toBeVisible();
    expect(within(sunset).queryByText(/Unlock for/)).toBeNull();
    expect(page().getByRole('link', { name: 'My purchases' })).toHaveAttribute(
      'href',
      '/purchases',
    );
    expect(page().queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(api.calls.map((call) => [call.path, call.headers.authorization])).toEqual([
      [`/api/public/pages/${HANDLE}/unlocked`, 'Bearer fan-token'],
    ]);
  });

  it('leaves a refused session signed out, its token where it was', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale-token');
    fakeApi({
      'GET /api/public/pages/:handle/unlocked': () =>
        refuse(401, { error: 'Unauthorised', code: 'UNAUTHORISED' }),
    });
    const container = serve(await render(), `/i/${HANDLE}`);

    await hydrateFanPage(container);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });

    expect(reported).toEqual([]);
    expect(page().getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(page().getByRole('link', { name: 'Unlock for $50.00' })).toBeVisible();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stale-token');
  });

  it('says quietly, back from a cancelled checkout, that the post stays locked', async () => {
    const container = serve(await render(), `/i/${HANDLE}?purchase=cancelled`);

    await hydrateFanPage(container);

    expect(await page().findByText(/Checkout cancelled/)).toBeVisible();
    expect(reported).toEqual([]);
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
