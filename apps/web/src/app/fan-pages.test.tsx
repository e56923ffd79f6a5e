import {
  GENERATE_TEXTS,
  PUBLISHING_TEXTS,
  type TPostItem,
  type TPublicPage,
  type TPublicPost,
  ZPostCheckoutResponse,
  ZPublicConfig,
  ZPublicPageResponse,
  ZPublicPageUnlockedResponse,
  ZPublicPostResponse,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeAnswer } from '../testing/fake-api';
import { TOKEN_STORAGE_KEY } from '../lib/api';
import { LoginPage } from '../features/auth/login-page';
import { OAuthCallbackPage } from '../features/auth/oauth-callback-page';
import { RegisterPage } from '../features/auth/register-page';
import { RETURN_PATH_STORAGE_KEY, safeReturnPath } from '../lib/return-path';
import { PublicPostPage } from '../features/public-page/post-page';
import { PublicInfluencerPage } from '../features/public-page/public-page';

// The session as the pages see it: signed out unless a test signs in.
const auth = vi.hoisted(() => ({
  user: null as { id: string } | null,
  loading: false,
  signUp: vi.fn(),
  signIn: vi.fn(),
  exchangeGoogleCode: vi.fn(),
}));
vi.mock('../lib/auth', () => ({ useAuth: () => auth }));

// Leaving for a checkout is a full page load; the test only notes where to.
const checkout = vi.hoisted(() => ({ redirectTo: vi.fn() }));
vi.mock('../lib/checkout', () => checkout);

const HANDLE = 'ava.rose';
const FREE_ID = '11111111-1111-4111-8111-111111111111';
const LOCKED_ID = '22222222-2222-4222-8222-222222222222';
const MISSING_ID = '99999999-9999-4999-8999-999999999999';
const VIDEO_ID = '33333333-3333-4333-8333-333333333333';

const page: TPublicPage = {
  handle: HANDLE,
  name: 'Ava Rose',
  niche: 'Travel',
  bio: 'Chasing light in small harbours.',
  pictureUrl: `/api/public/pages/${HANDLE}/picture`,
  postCount: 3,
};

function item(id: string, locked: boolean, kind: 'image' | 'video' = 'image'): TPostItem {
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
    thumbnailUrl: locked ? null : `/api/files/${id}-thumb.webp?signature=t`,
    url: locked
      ? null
      : `/api/files/${id}-original.${kind === 'video' ? 'mp4' : 'webp'}?signature=o`,
  };
}

function post(id: string, overrides: Partial<TPublicPost> = {}): TPublicPost {
  return {
    id,
    caption: '',
    priceCents: 0,
    publishedAt: '2026-06-01T12:00:00.000Z',
    aiGenerated: true,
    locked: false,
    purchased: false,
    own: false,
    items: [item(`${id}-a`, false)],
    ...overrides,
  };
}

const freePost = post(FREE_ID, {
  caption: 'Morning swim',
  publishedAt: '2026-06-01T12:00:00.000Z',
});
const lockedPost = post(LOCKED_ID, {
  caption: 'Sunset set, the full series',
  priceCents: 5000,
  locked: true,
  publishedAt: '2026-06-03T12:00:00.000Z',
  items: [item('locked-a', true), item('locked-b', true)],
});
const unlockedPost: TPublicPost = {
  ...lockedPost,
  locked: false,
  purchased: true,
  items: [item('locked-a', false), item('locked-b', false)],
};
const videoPost = post(VIDEO_ID, {
  caption: 'Harbour at dusk',
  publishedAt: '2026-06-02T12:00:00.000Z',
  // Made by the offline engine, from a signed gallery item.
  items: [{ ...item('video-a', false, 'video'), preview: true, credentials: true }],
});

type TApi = {
  /** How the locked post answers, call by call (the last one repeats). */
  lockedPostAnswers: TPublicPost[];
  checkout: TFakeAnswer;
  /** Whether GET /api/config says Google sign-in is set up. */
  googleSignIn: boolean;
  /** What GET /api/public/pages/:handle/unlocked answers a signed-in viewer. */
  unlocked: TPublicPost[];
};

function stubApi(overrides: Partial<TApi> = {}) {
  const state: TApi = {
    lockedPostAnswers: [lockedPost],
    checkout: reply(ZPostCheckoutResponse, { success: true, url: '/checkout/test/cs_test_1' }),
    googleSignIn: false,
    unlocked: [],
    ...overrides,
  };
  const pageNotFound = () =>
    refuse(404, { error: PUBLISHING_TEXTS.pageNotFound, code: 'PAGE_NOT_FOUND' });
  let lockedReads = 0;
  const api = fakeApi({
    'GET /api/config': () =>
      reply(ZPublicConfig, {
        success: true,
        googleSignIn: state.googleSignIn,
        supportEmail: 'help@muse.test',
      }),
    'GET /api/public/pages/:handle': ({ params }) =>
      params.handle === HANDLE
        ? reply(ZPublicPageResponse, {
            success: true,
            page,
            posts: [freePost, lockedPost, videoPost],
          })
        : pageNotFound(),
    'GET /api/public/pages/:handle/posts/:postId': ({ params }) => {
      if (params.handle === HANDLE && params.postId === MISSING_ID) {
        return refuse(404, { error: PUBLISHING_TEXTS.postNotFound, code: 'POST_NOT_FOUND' });
      }
      if (params.handle !== HANDLE || params.postId !== LOCKED_ID) return pageNotFound();
      const answer =
        state.lockedPostAnswers[Math.min(lockedReads, state.lockedPostAnswers.length - 1)]!;
      lockedReads += 1;
      return reply(ZPublicPostResponse, { success: true, page, post: answer });
    },
    'GET /api/public/pages/:handle/unlocked': ({ params }) =>
      params.handle === HANDLE
        ? reply(ZPublicPageUnlockedResponse, { success: true, posts: state.unlocked })
        : pageNotFound(),
    'POST /api/posts/:id/checkout': () => state.checkout,
  });
  return {
    calls: () => api.calls.map((call) => `${call.method} ${call.path}`),
    /** Each call's path and the bearer token it sent, if any. */
    sessions: () => api.calls.map((call) => [call.path, call.headers.authorization ?? null]),
  };
}

/** Shows where the app went, for the routes this test does not render. */
function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/i/:handle', element: <PublicInfluencerPage /> },
      { path: '/i/:handle/posts/:postId', element: <PublicPostPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/oauth-callback', element: <OAuthCallbackPage /> },
      { path: '*', element: <Location /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  auth.user = null;
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  // Toasts outlive their Toaster; a new one would show them again.
  toast.dismiss();
  vi.clearAllMocks();
});

describe('the public page', () => {
  it('shows who it is, says every post is AI-generated, and lists the posts newest first', async () => {
    stubApi();
    renderApp(`/i/${HANDLE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava Rose' })).toBeVisible();
    expect(screen.getByText(`@${HANDLE}`)).toBeVisible();
    expect(screen.getByText('Travel')).toBeVisible();
    expect(screen.getByText(page.bio)).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(PUBLISHING_TEXTS.aiDisclosure);
    expect(screen.getByRole('img', { name: 'Picture of Ava Rose, AI-generated' })).toHaveAttribute(
      'src',
      page.pictureUrl,
    );
    expect(document.title).toBe(`Ava Rose (@${HANDLE}) · Muse`);

    const posts = screen.getAllByRole('article');
    expect(posts.map((one) => one.getAttribute('aria-label'))).toEqual([
      'Post of June 3, 2026',
      'Post of June 2, 2026',
      'Post of June 1, 2026',
    ]);
    // Every picture and video carries the label: 2 locked, 1 video, 1 free picture.
    expect(screen.getAllByText(PUBLISHING_TEXTS.aiLabel)).toHaveLength(4);
    // What the offline engine made says so, and only that.
    expect(within(posts[1]!).getByText(GENERATE_TEXTS.offlinePreview)).toBeVisible();
    expect(screen.getAllByText(GENERATE_TEXTS.offlinePreview)).toHaveLength(1);
    // A file signed with Content Credentials says so, and only that one.
    expect(
      within(posts[1]!).getByTitle('This file carries C2PA Content Credentials'),
    ).toHaveTextContent('Carries C2PA Content Credentials');
    expect(screen.getAllByTitle('This file carries C2PA Content Credentials')).toHaveLength(1);

    const video = within(posts[1]!).getByLabelText('AI-generated video of Ava Rose');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster', videoPost.items[0]!.thumbnailUrl);
    expect(
      within(posts[2]!).getByRole('img', { name: 'AI-generated picture of Ava Rose' }),
    ).toHaveAttribute('src', freePost.items[0]!.thumbnailUrl);
  });

  it('shows a locked post only blurred, with its price and Unlock, and no original', async () => {
    stubApi();
    renderApp(`/i/${HANDLE}`);
    const locked = await screen.findByRole('article', { name: 'Post of June 3, 2026' });
    const previews = within(locked).getAllByRole('img');
    expect(previews.map((img) => img.getAttribute('alt'))).toEqual([
      'Blurred preview of a locked AI-generated picture 1 of 2 of Ava Rose',
      'Blurred preview of a locked AI-generated picture 2 of 2 of Ava Rose',
    ]);
    expect(previews.map((img) => img.getAttribute('src'))).toEqual([
      lockedPost.items[0]!.blurredUrl,
      lockedPost.items[1]!.blurredUrl,
    ]);
    expect(locked.querySelector('video')).toBeNull();
    expect(locked.innerHTML).not.toContain('original');
    expect(within(locked).getByText('$50.00')).toBeVisible();
    expect(within(locked).getByText(PUBLISHING_TEXTS.locked)).toBeVisible();
    expect(within(locked).getByRole('link', { name: 'Unlock for $50.00' })).toBeVisible();
    // Free posts have nothing to buy.
    const free = screen.getByRole('article', { name: 'Post of June 1, 2026' });
    expect(within(free).queryByText(/Unlock for/)).not.toBeInTheDocument();
  });

  it('shows a signed-in fan what they bought unlocked, read apart from the page every visitor gets', async () => {
    const api = stubApi({ unlocked: [unlockedPost] });
    auth.user = { id: 'fan-1' };
    localStorage.setItem(TOKEN_STORAGE_KEY, 'fan-token');
    renderApp(`/i/${HANDLE}`);
    const bought = await screen.findByRole('article', { name: 'Post of June 3, 2026' });
    await waitFor(() =>
      expect(
        within(bought)
          .getAllByRole('img', { name: /^AI-generated picture/ })
          .map((img) => img.getAttribute('src')),
      ).toEqual([unlockedPost.items[0]!.thumbnailUrl, unlockedPost.items[1]!.thumbnailUrl]),
    );
    expect(within(bought).getByText('Unlocked')).toBeVisible();
    expect(within(bought).queryByRole('button', { name: /Unlock for/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My purchases' })).toHaveAttribute(
      'href',
      '/purchases',
    );
    // The page as every visitor gets it, without the session; the fan's posts with it.
    expect(api.sessions()).toEqual([
      [`/api/public/pages/${HANDLE}`, null],
      [`/api/public/pages/${HANDLE}/unlocked`, 'Bearer fan-token'],
    ]);
  });

  it('says an unknown or hidden page does not exist, with a way home', async () => {
    stubApi();
    renderApp('/i/nobody');
    expect(
      await screen.findByRole('heading', { name: PUBLISHING_TEXTS.pageNotFound }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Muse' })).toHaveAttribute('href', '/');
    expect(document.title).toBe(`${PUBLISHING_TEXTS.pageNotFound} · Muse`);
  });

  it('tells a missing post (back to its page) from a hidden page (home) by the answer’s code', async () => {
    stubApi();
    renderApp(`/i/${HANDLE}/posts/${MISSING_ID}`);
    expect(
      await screen.findByRole('heading', { name: PUBLISHING_TEXTS.postNotFound }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the page' })).toHaveAttribute(
      'href',
      `/i/${HANDLE}`,
    );
    cleanup();

    renderApp(`/i/nobody/posts/${MISSING_ID}`);
    expect(
      await screen.findByRole('heading', { name: PUBLISHING_TEXTS.pageNotFound }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Muse' })).toHaveAttribute('href', '/');
  });

  it('shows the creator their own post whole, without anything to buy', async () => {
    stubApi({
      lockedPostAnswers: [{ ...lockedPost, locked: false, own: true, items: unlockedPost.items }],
    });
    auth.user = { id: 'creator-1' };
    renderApp(`/i/${HANDLE}/posts/${LOCKED_ID}`);
    expect(await screen.findByText('Your post · $50.00')).toBeVisible();
    expect(screen.getAllByRole('img', { name: /^AI-generated picture/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Unlock for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Unlock for/ })).not.toBeInTheDocument();
  });
});

describe('unlocking a post', () => {
  it('sends a signed-out visitor to register and, once registered, back to the post', async () => {
    stubApi();
    auth.signUp.mockImplementation(async () => {
      auth.user = { id: 'fan-1' };
      return { success: true, user: auth.user, isNewUser: true };
    });
    const router = renderApp(`/i/${HANDLE}/posts/${LOCKED_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Unlock for $50.00' }));

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible();
    const postPath = `/i/${HANDLE}/posts/${LOCKED_ID}`;
    expect(router.state.location.pathname).toBe('/register');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(postPath);
    expect(screen.getByText(/unlock the post/)).toBeVisible();
    // Signing in instead keeps the way back too.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(postPath)}`,
    );

    await user.type(screen.getByLabelText('Full Name'), 'Finn Fan');
    await user.type(screen.getByLabelText('Email'), 'finn@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Back on the post, not in the creator onboarding.
    expect(await screen.findByRole('heading', { name: /^Post by Ava Rose/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(postPath);
  });

  it('brings a fan who signs in instead back to the post as well', async () => {
    stubApi();
    auth.signIn.mockImplementation(async () => {
      auth.user = { id: 'fan-1' };
      return { success: true, user: auth.user, isNewUser: false };
    });
    const postPath = `/i/${HANDLE}/posts/${LOCKED_ID}`;
    const router = renderApp(postPath);
    const user = userEvent.setup();
    const unlock = await screen.findByRole('region', { name: PUBLISHING_TEXTS.locked });
    await user.click(within(unlock).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?next=${encodeURIComponent(postPath)}`,
    );
    await user.type(screen.getByLabelText('Email'), 'finn@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: /^Post by Ava Rose/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(postPath);
  });

  it('keeps the way back to the post through the Google round-trip', async () => {
    stubApi({ googleSignIn: true });
    // Leaving for Google is a full page load; the test only notes where to.
    const leave = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const postPath = `/i/${HANDLE}/posts/${LOCKED_ID}`;
    renderApp(`/login?next=${encodeURIComponent(postPath)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    // Google's first sign-in on the way to a post makes a fan-only account, so the server is told.
    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith(
        `/api/auth/google?returnTo=${encodeURIComponent(postPath)}`,
      ),
    );
    // The path was put aside before leaving.
    expect(sessionStorage.getItem(RETURN_PATH_STORAGE_KEY)).toBe(postPath);
    leave.mockRestore();
  });

  it('lands back on the post after Google', async () => {
    stubApi();
    const postPath = `/i/${HANDLE}/posts/${LOCKED_ID}`;
    sessionStorage.setItem(RETURN_PATH_STORAGE_KEY, postPath);
    auth.exchangeGoogleCode.mockImplementation(async () => {
      auth.user = { id: 'fan-1' };
      return { success: true, user: auth.user, isNewUser: true };
    });
    window.history.replaceState(null, '', '/oauth-callback#access_token=one-time');
    const router = renderApp('/oauth-callback');
    await waitFor(() => expect(router.state.location.pathname).toBe(postPath), {
      timeout: 5000,
    });
    expect(sessionStorage.getItem(RETURN_PATH_STORAGE_KEY)).toBeNull();
  });

  it('opens the checkout for a signed-in fan', async () => {
    const api = stubApi();
    auth.user = { id: 'fan-1' };
    renderApp(`/i/${HANDLE}/posts/${LOCKED_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unlock for $50.00' }));
    await waitFor(() =>
      expect(checkout.redirectTo).toHaveBeenCalledWith('/checkout/test/cs_test_1'),
    );
    expect(api.calls()).toContain(`POST /api/posts/${LOCKED_ID}/checkout`);
  });

  it("shows the server's refusal", async () => {
    stubApi({
      checkout: refuse(409, { error: PUBLISHING_TEXTS.alreadyBought, code: 'ALREADY_BOUGHT' }),
    });
    auth.user = { id: 'fan-1' };
    renderApp(`/i/${HANDLE}/posts/${LOCKED_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unlock for $50.00' }));
    expect(await screen.findByText(PUBLISHING_TEXTS.alreadyBought)).toBeVisible();
    expect(checkout.redirectTo).not.toHaveBeenCalled();
  });

  it('unlocks the post on the way back from paying, once the payment is confirmed', async () => {
    // The first reads still find it locked (the webhook has not landed yet).
    stubApi({ lockedPostAnswers: [lockedPost, lockedPost, unlockedPost] });
    auth.user = { id: 'fan-1' };
    const router = renderApp(`/i/${HANDLE}/posts/${LOCKED_ID}?purchase=success`);
    expect(await screen.findByText('Post unlocked', {}, { timeout: 8000 })).toBeVisible();
    expect(
      screen
        .getAllByRole('img', { name: /^AI-generated picture/ })
        .map((img) => img.getAttribute('src')),
    ).toEqual([unlockedPost.items[0]!.url, unlockedPost.items[1]!.url]);
    expect(screen.getByText('Unlocked')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Unlock for/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  }, 10_000);

  it('says quietly that a cancelled checkout left the post locked', async () => {
    stubApi();
    auth.user = { id: 'fan-1' };
    renderApp(`/i/${HANDLE}/posts/${LOCKED_ID}?purchase=cancelled`);
    expect(await screen.findByText(/Checkout cancelled/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlock for $50.00' })).toBeEnabled();
    expect(screen.queryByText('Post unlocked')).not.toBeInTheDocument();
  });
});

describe('the return path', () => {
  it('accepts only paths of this site', () => {
    expect(safeReturnPath('/i/ava.rose/posts/abc?x=1#top')).toBe('/i/ava.rose/posts/abc?x=1#top');
    for (const hostile of [
      '//evil.example/i/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'i/ava.rose',
      '/login',
      '/register/',
      '/i/a\nb',
      '',
      null,
    ]) {
      expect(safeReturnPath(hostile)).toBeNull();
    }
  });
});
