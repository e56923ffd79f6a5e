import {
  PLATFORM_RULES,
  PLATFORM_SETUP,
  PLATFORM_TEXTS,
  PUBLISH_PLATFORMS,
  PUBLISHING_TEXTS,
  DRAFT_TEXTS,
  ZEarningsResponse,
  ZEnginesResponse,
  ZJobResponse,
  toolRecord,
  type TCaptionDraft,
  type TCaptionTarget,
  type TJob,
  ZGalleryItemResponse,
  ZGalleryResponse,
  ZInfluencersResponse,
  ZPageSettingsResponse,
  ZPagesResponse,
  ZPlatformAccountsResponse,
  ZPlatformConnectResponse,
  ZPlatformsResponse,
  ZPlatformStatsResponse,
  ZPostResponse,
  ZPostsResponse,
  type TEarnings,
  type TGalleryItem,
  type TPageSettings,
  type TPlatformAccount,
  type TPost,
  type TPostTarget,
  type TPublishPlatform,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { anInfluencer } from '../../testing/answers';
import { CalendarPage } from './calendar-page';
import {
  CALENDAR_ZONE_STORAGE_KEY,
  defaultSchedule,
  isoInZone,
  zonedInstant,
} from './calendar-time';
import { MonthView } from './components/month-view';
import { PageSettingsCard } from './components/page-settings-card';
import { PlatformAccountsCard } from './components/platform-accounts-card';
import { PostChip } from './components/post-chip';
import { PostDetailsDialog } from './components/post-details-dialog';
import { PostList } from './components/post-list';
import { EarningsPage } from './earnings-page';
import { hasTargetsUnderWay } from './post-targets';
import { WEB_PUBLISHING_TEXTS } from './publishing-texts';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));
// Leaving for a platform's consent screen is a full page load; the tests only note where to.
const leave = vi.hoisted(() => ({ leaveFor: vi.fn() }));
vi.mock('./leave-for', () => leave);

const MARA = '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11';
const JUN = '0b8f1a52-3f7e-4a5e-8d0e-7a3c2b1d9e44';
const ITEM_A = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a01';
const ITEM_B = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a02';
const ITEM_C = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a03';
const ITEM_D = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a04';
const ITEM_E = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a05';
const ITEM_TALL = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a06';

const influencer = (id: string, name: string) =>
  anInfluencer({
    id,
    name,
    created_at: '2026-06-01T10:00:00.000Z',
    updated_at: '2026-06-01T10:00:00.000Z',
  });

function page(overrides: Partial<TPageSettings> = {}): TPageSettings {
  return {
    influencerId: MARA,
    handle: 'mara.lind',
    bio: '',
    published: true,
    hiddenByMuse: false,
    path: '/i/mara.lind',
    ...overrides,
  };
}

function galleryItem(id: string, prompt: string, kind: 'image' | 'video' = 'image'): TGalleryItem {
  return {
    id,
    kind,
    url: `/api/files/${id}.jpg`,
    thumbnailUrl: `/api/files/${id}-thumb.webp`,
    width: 816,
    height: 1024,
    contentType: kind === 'video' ? 'video/mp4' : 'image/jpeg',
    fileName: `${id}.jpg`,
    durationSeconds: kind === 'video' ? 5 : null,
    tool: 'generate-image',
    productId: null,
    influencerId: MARA,
    influencerName: 'Mara Lind',
    prompt,
    identityScore: 88,
    scoreNote: null,
    engine: 'local',
    preview: true,
    jobId: null,
    credentials: null,
    createdAt: '2026-07-01T10:00:00.000Z',
  };
}

/** A caption draft's job, written already (Muse's templates answer at once). */
function draftJob(captions: TCaptionDraft[]): TJob {
  return {
    id: 'job-draft',
    tool: 'write-text',
    status: 'succeeded',
    progress: 100,
    stage: 'Done',
    options: {},
    input: null,
    outputs: [],
    prompt: null,
    draft: { kind: 'caption', captions },
    cost: 0,
    failureReason: null,
    engine: 'local',
    preview: true,
    details: {},
    createdAt: '2026-07-01T10:00:00.000Z',
    finishedAt: '2026-07-01T10:00:00.000Z',
  };
}

function post(overrides: Partial<TPost>): TPost {
  return {
    id: 'post-1',
    influencerId: MARA,
    influencerName: 'Mara Lind',
    handle: 'mara.lind',
    caption: 'Golden hour',
    priceCents: 0,
    status: 'scheduled',
    publishAt: '2026-07-14T00:00:00.000Z',
    scheduled: true,
    timeZone: 'Asia/Tokyo',
    items: [],
    sales: 0,
    onPage: true,
    targets: [],
    removedByMuse: false,
    createdBy: null,
    approval: null,
    createdAt: '2026-07-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Held by approval: 'waiting', or 'returned' by Ava Rose with her note. */
function held(status: 'waiting' | 'returned'): TPost['approval'] {
  return status === 'waiting'
    ? { status, note: null, decidedBy: null, decidedAt: null }
    : {
        status,
        note: 'Use the beach picture first',
        decidedBy: 'Ava Rose',
        decidedAt: '2026-07-09T10:00:00.000Z',
      };
}

/** The member who made a post: the signed-in person (user-1), or another. */
const JUN_MADE = { id: 'user-2', name: 'Jun Park' };
const SELF_MADE = { id: 'user-1', name: 'Mara Admin' };

function account(
  platform: TPublishPlatform,
  overrides: Partial<TPlatformAccount> = {},
): TPlatformAccount {
  return {
    id: `account-${platform}`,
    platform,
    username: 'maralind',
    displayName: 'Mara Lind',
    pictureUrl: null,
    profileUrl: `https://${platform}.example/maralind`,
    status: 'connected',
    privacyLevels: [],
    privateOnly: false,
    maxCaptionLength: PLATFORM_RULES[platform].caption.maxLength,
    maxVideoSeconds: null,
    connectedAt: '2026-07-01T10:00:00.000Z',
    ...overrides,
  };
}

function target(platform: TPublishPlatform, overrides: Partial<TPostTarget> = {}): TPostTarget {
  return {
    platform,
    username: 'maralind',
    caption: 'Golden hour',
    ownCaption: false,
    title: null,
    privacyLevel: null,
    state: 'scheduled',
    url: null,
    failure: null,
    waitUntil: null,
    publishedAt: null,
    counts: null,
    removal: null,
    ...overrides,
  };
}

/** GET /api/platforms: the platforms named are on (their credentials set), the others not. */
function platformsAnswer(enabled: readonly TPublishPlatform[]) {
  return reply(ZPlatformsResponse, {
    success: true,
    platforms: PUBLISH_PLATFORMS.map((key) => ({
      key,
      name: PLATFORM_RULES[key].name,
      enabled: enabled.includes(key),
      variables: PLATFORM_SETUP[key].variables,
      review: PLATFORM_SETUP[key].review,
    })),
  });
}

function accountsAnswer(
  accounts: TPlatformAccount[],
  order: TPublishPlatform[] = [...PUBLISH_PLATFORMS],
) {
  return reply(ZPlatformAccountsResponse, { success: true, accounts, order });
}

function earnings(overrides: Partial<TEarnings> = {}): TEarnings {
  return {
    feePercent: 20,
    sales: 5,
    grossCents: 25_000,
    feeCents: 5_000,
    netCents: 20_000,
    paidOutCents: 12_000,
    availableCents: 8_000,
    refundedCents: 0,
    pendingCents: 0,
    heldCents: 0,
    owedCents: 0,
    holdDays: 7,
    pending: [],
    byPost: [
      {
        id: 'post-1',
        label: 'Golden hour',
        sales: 5,
        grossCents: 25_000,
        feeCents: 5_000,
        netCents: 20_000,
      },
    ],
    byInfluencer: [
      {
        id: MARA,
        label: 'Mara Lind',
        sales: 5,
        grossCents: 25_000,
        feeCents: 5_000,
        netCents: 20_000,
      },
    ],
    payouts: [
      {
        id: 'payout-1',
        amountCents: 12_000,
        status: 'paid',
        provider: 'test',
        createdAt: '2026-07-02T10:00:00.000Z',
      },
    ],
    payoutAccount: { testMode: true, connected: false, ready: false },
    ...overrides,
  };
}

/**
 * The API the pages read, answered in memory. `overrides` answer some routes otherwise (a status
 * of their own, say); every call is kept, with its JSON body.
 */
function stubApi(overrides: Partial<Record<TFakeRoute, TFakeHandler>> = {}) {
  const api = fakeApi({
    'GET /api/posts': ({ url }) =>
      reply(ZPostsResponse, {
        success: true,
        posts: [],
        quota: { month: url.searchParams.get('month')!, used: 3, limit: 20 },
      }),
    'POST /api/posts': () =>
      reply(ZPostResponse, { success: true, post: post({ id: 'post-new' }) }, 201),
    'GET /api/jobs/engines': () =>
      reply(ZEnginesResponse, {
        success: true,
        engines: toolRecord(() => 'local'),
        generativeEdits: false,
        previews: [],
        text: { engine: 'local', preview: true },
      }),
    'POST /api/drafts': ({ body }) =>
      reply(
        ZJobResponse,
        {
          success: true,
          job: draftJob(
            (body as { targets: TCaptionTarget[] }).targets.map((target) => ({
              target,
              caption: `Rooftop light for ${target}`,
              hashtags: target === 'page' ? [] : ['ootd'],
              text: target === 'page' ? 'Rooftop light' : `Rooftop light for ${target}\n\n#ootd`,
            })),
          ),
        },
        201,
      ),
    'GET /api/influencers': () =>
      reply(ZInfluencersResponse, {
        success: true,
        influencers: [influencer(MARA, 'Mara Lind'), influencer(JUN, 'Jun Park')],
        used: 2,
        limit: 2,
        nextCursor: null,
      }),
    // Jun has no page yet.
    'GET /api/pages': () => reply(ZPagesResponse, { success: true, pages: [page()] }),
    'GET /api/influencers/:id/page': ({ params }) =>
      reply(ZPageSettingsResponse, { success: true, page: params.id === MARA ? page() : null }),
    'GET /api/gallery': ({ url }) =>
      // Pictures made without a persona: none here.
      url.searchParams.get('influencerId') === 'none'
        ? reply(ZGalleryResponse, { success: true, items: [], nextCursor: null })
        : reply(ZGalleryResponse, {
            success: true,
            items: [
              galleryItem(ITEM_A, 'on a rooftop'),
              galleryItem(ITEM_B, 'at the beach'),
              galleryItem(ITEM_C, 'walking', 'video'),
            ],
            nextCursor: null,
          }),
    'GET /api/earnings': () => reply(ZEarningsResponse, { success: true, earnings: earnings() }),
    // No platform account connected yet.
    'GET /api/influencers/:id/platform-accounts': () =>
      reply(ZPlatformAccountsResponse, {
        success: true,
        accounts: [],
        order: [...PUBLISH_PLATFORMS],
      }),
    ...overrides,
  });
  return api.calls;
}

function renderWithApp(element: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The browser's time zone, as `Intl` reports it, is `zone` for this test. */
function browserZoneIs(zone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone: zone };
  });
}

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the public page settings', () => {
  it('lower-cases the handle as typed and shows what is wrong with it under the field', async () => {
    const calls = stubApi({
      'GET /api/influencers/:id/page': () =>
        reply(ZPageSettingsResponse, { success: true, page: null }),
    });
    renderWithApp(<PageSettingsCard influencerId={MARA} />);
    const handle = await screen.findByRole('textbox', { name: 'Handle' });
    const save = screen.getByRole('button', { name: 'Save' });

    await userEvent.click(save);
    expect(handle).toBeInvalid();
    expect(handle).toHaveAccessibleDescription(
      expect.stringContaining(PUBLISHING_TEXTS.handleRequired),
    );

    await userEvent.type(handle, 'Ava');
    expect(handle).toHaveValue('ava');
    expect(handle).not.toBeInvalid();
    expect(screen.getByText(/\/i\/ava$/)).toBeVisible();

    await userEvent.type(handle, '..rose');
    await userEvent.click(save);
    expect(screen.getByText(PUBLISHING_TEXTS.handleInvalid)).toBeVisible();

    await userEvent.clear(handle);
    await userEvent.type(handle, 'ADMIN');
    await userEvent.click(save);
    expect(handle).toHaveValue('admin');
    expect(screen.getByText(PUBLISHING_TEXTS.handleReserved)).toBeVisible();

    // Nothing reached the server while the handle was wrong.
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows a taken handle (409) on the field, and the saved page’s link once published', async () => {
    let taken = true;
    let saved: TPageSettings | null = null;
    const calls = stubApi({
      'GET /api/influencers/:id/page': () =>
        reply(ZPageSettingsResponse, { success: true, page: saved }),
      'PUT /api/influencers/:id/page': () => {
        if (taken)
          return refuse(409, { error: PUBLISHING_TEXTS.handleTaken, code: 'HANDLE_TAKEN' });
        saved = page({ handle: 'ava.rose', path: '/i/ava.rose' });
        return reply(ZPageSettingsResponse, { success: true, page: saved });
      },
    });
    renderWithApp(<PageSettingsCard influencerId={MARA} />);
    const handle = await screen.findByRole('textbox', { name: 'Handle' });
    await userEvent.type(handle, 'ava.rose');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bio' }), 'Street style from Oslo');
    expect(screen.getByText(`22 / 500`)).toBeVisible();
    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(handle).toBeInvalid());
    expect(handle).toHaveAccessibleDescription(
      expect.stringContaining(PUBLISHING_TEXTS.handleTaken),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      handle: 'ava.rose',
      bio: 'Street style from Oslo',
      published: true,
    });
    expect(screen.queryByRole('link', { name: /Open page/ })).toBeNull();

    taken = false;
    await userEvent.clear(handle);
    await userEvent.type(handle, 'ava.rose');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const open = await screen.findByRole('link', { name: /Open page/ });
    expect(open).toHaveAttribute('href', '/i/ava.rose');
    expect(handle).not.toBeInvalid();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });
});

describe('the platforms card', () => {
  afterEach(() => {
    // Toasts outlive their Toaster; a new one would show them again.
    toast.dismiss();
    leave.leaveFor.mockClear();
  });

  /** The card on the influencer's page, at `path` (the way back from a platform, say). */
  function renderCard(path = `/influencers/${MARA}`) {
    const router = createMemoryRouter(
      [{ path: '/influencers/:id', element: <PlatformAccountsCard influencerId={MARA} /> }],
      { initialEntries: [path] },
    );
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
    return router;
  }

  it('lists the platforms in onboarding order, and says what turns on one that is not set up', async () => {
    const calls = stubApi({
      'GET /api/platforms': () => platformsAnswer(['tiktok', 'x']),
      'GET /api/influencers/:id/platform-accounts': () =>
        accountsAnswer([], ['tiktok', 'instagram', 'youtube', 'x']),
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Platforms' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'TikTok',
      'Instagram',
      'YouTube Shorts',
      'X',
    ]);

    const instagram = within(card).getByRole('listitem', { name: 'Instagram' });
    expect(within(instagram).getByText('Not set up')).toBeVisible();
    expect(within(instagram).getByText('INSTAGRAM_APP_ID', { selector: 'code' })).toBeVisible();
    expect(within(instagram).getByText('INSTAGRAM_APP_SECRET', { selector: 'code' })).toBeVisible();
    expect(within(instagram).getByText(PLATFORM_SETUP.instagram.review)).toBeVisible();
    expect(within(instagram).queryByRole('button')).toBeNull();
    expect(
      within(within(card).getByRole('listitem', { name: 'YouTube Shorts' })).getByText(
        'YOUTUBE_PUBLISHING',
      ),
    ).toBeVisible();

    expect(
      within(within(card).getByRole('listitem', { name: 'TikTok' })).getByRole('button', {
        name: 'Connect TikTok',
      }),
    ).toBeEnabled();
    // Nothing connected: no counts to ask for.
    expect(calls.filter((call) => call.path.endsWith('/platform-stats'))).toEqual([]);
  });

  it("asks for the consent screen's address and sends the browser there", async () => {
    const consent = 'https://www.tiktok.com/v2/auth/authorize/?client_key=muse&state=abc';
    const calls = stubApi({
      'GET /api/platforms': () => platformsAnswer([...PUBLISH_PLATFORMS]),
      'POST /api/influencers/:id/platform-accounts/:platform/connect': () =>
        reply(ZPlatformConnectResponse, { success: true, url: consent }),
    });
    renderCard();
    const connect = await screen.findByRole('button', { name: 'Connect TikTok' });
    await userEvent.click(connect);

    await waitFor(() => expect(leave.leaveFor).toHaveBeenCalledWith(consent));
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(
      `/api/influencers/${MARA}/platform-accounts/tiktok/connect`,
    );
    // Busy until the browser has left.
    expect(connect).toBeDisabled();
  });

  it('shows a connected account with its counts, and disconnects it after asking', async () => {
    let accounts = [account('x', { displayName: 'Mara on X' })];
    const calls = stubApi({
      'GET /api/platforms': () => platformsAnswer([...PUBLISH_PLATFORMS]),
      'GET /api/influencers/:id/platform-accounts': () => accountsAnswer(accounts),
      'GET /api/influencers/:id/platform-stats': () =>
        reply(ZPlatformStatsResponse, {
          success: true,
          platforms: [
            { platform: 'x', posts: 3, views: 1250, likes: 80, comments: 7, shares: 2 },
            { platform: 'instagram', posts: 0, views: 0, likes: 0, comments: 0, shares: 0 },
          ],
        }),
      'DELETE /api/influencers/:id/platform-accounts/:platform': () => {
        accounts = [];
        return { status: 200, body: { success: true } };
      },
    });
    renderCard();
    const x = await screen.findByRole('listitem', { name: 'X' });
    expect(within(x).getByText('Mara on X')).toBeVisible();
    expect(within(x).getByText('Connected')).toBeVisible();
    const profile = within(x).getByRole('link', { name: /@maralind/ });
    expect(profile).toHaveAttribute('href', 'https://x.example/maralind');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(profile).toHaveAttribute('rel', 'noopener');
    // No picture: the name's initials stand for it.
    expect(within(x).getByText('MX')).toBeVisible();

    const stats = await screen.findByRole('region', { name: 'On the platforms' });
    const xStats = within(stats).getByRole('listitem', { name: 'X' });
    expect(xStats).toHaveTextContent('Posts3Views1.3KLikes80Comments7Shares2');
    // A connected platform without posts has no counts to show; Instagram is not connected.
    expect(within(stats).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.click(within(x).getByRole('button', { name: 'Disconnect X' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect X?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText(PLATFORM_TEXTS.disconnected('X'))).toBeVisible();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/influencers/${MARA}/platform-accounts/x`,
    );
    expect(screen.queryByRole('dialog', { name: 'Disconnect X?' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Connect X' })).toBeEnabled();
  });

  it('offers Reconnect for an account whose access expired, and says when TikTok posts privately', async () => {
    const calls = stubApi({
      'GET /api/platforms': () => platformsAnswer([...PUBLISH_PLATFORMS]),
      'GET /api/influencers/:id/platform-accounts': () =>
        accountsAnswer([
          account('x', { status: 'expired', pictureUrl: '/files/x-picture.jpg' }),
          account('tiktok', { privateOnly: true, privacyLevels: ['SELF_ONLY'] }),
          account('youtube', { status: 'revoked' }),
        ]),
      'GET /api/influencers/:id/platform-stats': () =>
        reply(ZPlatformStatsResponse, { success: true, platforms: [] }),
      'POST /api/influencers/:id/platform-accounts/:platform/connect': () =>
        reply(ZPlatformConnectResponse, { success: true, url: 'https://x.com/i/oauth2/authorize' }),
    });
    renderCard();
    const x = await screen.findByRole('listitem', { name: 'X' });
    expect(within(x).getByText(PLATFORM_TEXTS.expired)).toBeVisible();
    expect(x.querySelector('img')).toHaveAttribute('src', '/files/x-picture.jpg');
    expect(
      within(screen.getByRole('listitem', { name: 'YouTube Shorts' })).getByText(
        PLATFORM_TEXTS.revoked,
      ),
    ).toBeVisible();
    const tiktok = screen.getByRole('listitem', { name: 'TikTok' });
    expect(within(tiktok).getByText(PLATFORM_TEXTS.privateOnly)).toBeVisible();
    expect(within(tiktok).queryByRole('button', { name: /Reconnect/ })).toBeNull();

    await userEvent.click(within(x).getByRole('button', { name: 'Reconnect X' }));
    await waitFor(() =>
      expect(leave.leaveFor).toHaveBeenCalledWith('https://x.com/i/oauth2/authorize'),
    );
    expect(calls.find((call) => call.method === 'POST')?.params.platform).toBe('x');
  });

  it('says how the connection went on the way back, and drops the flags from the address', async () => {
    stubApi({ 'GET /api/platforms': () => platformsAnswer([...PUBLISH_PLATFORMS]) });
    const router = renderCard(`/influencers/${MARA}?connected=x&tab=photos`);
    expect(await screen.findByText(PLATFORM_TEXTS.connected('X'))).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=photos'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says why a connection did not finish', async () => {
    stubApi({ 'GET /api/platforms': () => platformsAnswer([...PUBLISH_PLATFORMS]) });
    const router = renderCard(`/influencers/${MARA}?platform=tiktok&platformError=other-browser`);
    expect(await screen.findByText(PLATFORM_TEXTS.connectOtherBrowser)).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('the post composer', () => {
  beforeEach(() => {
    browserZoneIs('Asia/Tokyo');
    // Friday, July 10, 2026, 12:00 in Tokyo. Only the clock is fake: timers run as they do.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-10T03:00:00Z'));
  });

  it('names the zone, shows the month’s quota, and sends a free post to publish now', async () => {
    const calls = stubApi();
    renderWithApp(<CalendarPage />);
    expect(screen.getByText('Times in Asia/Tokyo (Japan Standard Time)')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
    expect(await screen.findByText('3 of 20')).toBeVisible();
    expect(screen.getByText(/scheduled posts this month/)).toBeVisible();
    const monthQuery = calls.find((call) => call.path === '/api/posts')?.url.searchParams;
    expect(monthQuery?.get('month')).toBe('2026-07');
    expect(monthQuery?.get('timeZone')).toBe('Asia/Tokyo');
    // The table's first week starts on Monday, June 29, at midnight in Tokyo.
    expect(monthQuery?.get('from')).toBe('2026-06-29T00:00:00+09:00');

    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    // Jun has no handle yet: listed, not choosable, with the way to choose one.
    const jun = await within(dialog).findByRole('radio', { name: /Jun Park/ });
    await waitFor(() => expect(jun).toBeDisabled());
    expect(
      within(dialog).getByRole('link', { name: 'Choose a handle on its page first' }),
    ).toHaveAttribute('href', `/influencers/${JUN}`);
    // Who has a page is one request, however many influencers the account runs.
    expect(calls.filter((call) => call.path === '/api/pages')).toHaveLength(1);
    expect(calls.filter((call) => call.path.endsWith('/page'))).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: /Mara Lind/ }));
    // Picked in this order: the beach, then the rooftop.
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /at the beach/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /on a rooftop/ }));
    expect(
      within(dialog).getByRole('checkbox', { name: /Video, 0:05: walking/ }),
    ).not.toBeChecked();
    expect(within(dialog).getByText(/2 of 10 chosen/)).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Caption' }), 'Sunny days');
    expect(within(dialog).getByRole('radio', { name: 'Free' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Publish now' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      influencerId: MARA,
      caption: 'Sunny days',
      itemIds: [ITEM_B, ITEM_A],
      priceCents: 0,
      publishAt: null,
      timeZone: 'Asia/Tokyo',
      onPage: true,
      targets: [],
    });
  });

  it('writes a caption for the chosen picture with one click, labelled as a free offline draft', async () => {
    const calls = stubApi();
    renderWithApp(<CalendarPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mara Lind/ }));
    const write = within(dialog).getByRole('button', { name: DRAFT_TEXTS.writeCaption });
    // Nothing to write about until a picture is chosen; offline, it costs nothing.
    expect(write).toBeDisabled();
    expect(await within(dialog).findByText('Offline preview, free')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /on a rooftop/ }));
    await userEvent.click(write);

    expect(within(dialog).getByRole('textbox', { name: 'Caption' })).toHaveValue('Rooftop light');
    expect(within(dialog).getByText(DRAFT_TEXTS.offlineNote('Mara Lind'))).toBeVisible();
    expect(calls.find((call) => call.path === '/api/drafts')?.body).toEqual({
      kind: 'caption',
      influencerId: MARA,
      itemIds: [ITEM_A],
      targets: ['page'],
      reserve: 0,
    });
  });

  it('opens the composer with the item a tool sent (`?compose=<id>`), then drops it from the address', async () => {
    const calls = stubApi({
      'GET /api/gallery/:id': ({ params }) =>
        reply(ZGalleryItemResponse, {
          success: true,
          item: { ...galleryItem(params.id!, 'walking', 'video'), tool: 'talking-video' },
        }),
    });
    const router = createMemoryRouter([{ path: '/calendar', element: <CalendarPage /> }], {
      initialEntries: [`/calendar?compose=${ITEM_C}`],
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(dialog).findByRole('radio', { name: /Mara Lind/ })).toBeChecked();
    expect(
      await within(dialog).findByRole('checkbox', { name: /Video, 0:05: walking/ }),
    ).toBeChecked();
    expect(within(dialog).getByText(/1 of 10 chosen/)).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Publish now' })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Caption' }), 'Hello!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      influencerId: MARA,
      caption: 'Hello!',
      itemIds: [ITEM_C],
    });
    // Closed, it stays closed: the address no longer asks for it.
    expect(calls.filter((call) => call.path === `/api/gallery/${ITEM_C}`)).toHaveLength(1);
  });

  it('says the post was sent for approval when its answer waits, not that it was published', async () => {
    // Toasts outlive their Toaster: those of the tests before would show again.
    toast.dismiss();
    stubApi({
      'POST /api/posts': () =>
        reply(
          ZPostResponse,
          {
            success: true,
            post: post({ id: 'post-new', approval: held('waiting'), createdBy: SELF_MADE }),
          },
          201,
        ),
    });
    renderWithApp(
      <>
        <CalendarPage />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mara Lind/ }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /on a rooftop/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    expect(await screen.findByText(PUBLISHING_TEXTS.postSubmitted)).toBeVisible();
    expect(screen.queryByText(PUBLISHING_TEXTS.postPublished)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull();
    toast.dismiss();
  });

  it('says when the pages could not be loaded, and loads them again on Try again', async () => {
    let failing = true;
    const calls = stubApi({
      'GET /api/pages': () =>
        failing
          ? refuse(500, { error: 'Internal server error', code: 'INTERNAL_ERROR' })
          : reply(ZPagesResponse, { success: true, pages: [page()] }),
    });
    renderWithApp(<CalendarPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    expect(
      await within(dialog).findByText("Your influencers' pages could not be loaded."),
    ).toBeVisible();
    failing = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('radio', { name: /Mara Lind/ })).toBeEnabled();
    expect(calls.filter((call) => call.path === '/api/pages')).toHaveLength(2);
  });

  it("schedules a $50 pay-per-view post on the day's '+' at 09:00 in the browser's zone", async () => {
    const calls = stubApi();
    renderWithApp(<CalendarPage />);
    const table = await screen.findByRole('table', { name: 'Posts in July 2026' });
    // Past days have no '+'.
    expect(
      within(table).queryByRole('button', { name: 'New post on Thursday, July 9' }),
    ).toBeNull();
    await userEvent.click(
      within(table).getByRole('button', { name: 'New post on Tuesday, July 14' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    expect(within(dialog).getByRole('radio', { name: 'Schedule' })).toBeChecked();
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-07-14');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('09:00');
    expect(within(dialog).getByText('Times in Asia/Tokyo (Japan Standard Time)')).toBeVisible();

    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mara Lind/ }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /on a rooftop/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pay-per-view' }));
    expect(within(dialog).getByRole('textbox', { name: 'Price in dollars' })).toHaveValue('50.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule post' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      influencerId: MARA,
      caption: '',
      itemIds: [ITEM_A],
      priceCents: 5000,
      publishAt: '2026-07-14T09:00:00+09:00',
      timeZone: 'Asia/Tokyo',
      onPage: true,
      targets: [],
    });
  });

  it('refuses a price out of bounds and a time in the past before asking the server', async () => {
    const calls = stubApi();
    renderWithApp(<CalendarPage />);
    const table = await screen.findByRole('table', { name: 'Posts in July 2026' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'New post on Friday, July 10' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    // 09:00 today is gone at noon: the next full hour instead.
    expect(within(dialog).getByLabelText('Time')).toHaveValue('13:00');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mara Lind/ }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /on a rooftop/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pay-per-view' }));
    const price = within(dialog).getByRole('textbox', { name: 'Price in dollars' });
    await userEvent.clear(price);
    await userEvent.type(price, '0.50');
    const time = within(dialog).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '11:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule post' }));

    expect(await within(dialog).findByText(PUBLISHING_TEXTS.priceInvalid)).toBeVisible();
    expect(within(dialog).getByText(PUBLISHING_TEXTS.publishAtPast)).toBeVisible();
    expect(price).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("opens the upgrade modal when the plan's scheduled posts are used up (403)", async () => {
    stubApi({
      'POST /api/posts': () =>
        refuse(403, { error: PUBLISHING_TEXTS.scheduledLimit, code: 'SCHEDULED_POST_LIMIT' }),
    });
    renderWithApp(<CalendarPage />);
    const table = await screen.findByRole('table', { name: 'Posts in July 2026' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'New post on Tuesday, July 14' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mara Lind/ }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /on a rooftop/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule post' }));

    const upgrade = await screen.findByRole('dialog', { name: 'Scheduled Post Limit Reached' });
    expect(upgrade).toHaveTextContent('maximum number of scheduled posts');
    expect(within(upgrade).getByRole('link', { name: 'View Upgrade Plans' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull();
  });

  /** The gallery of these tests: five pictures in the feed's shape and a tall one. */
  const platformGallery = () =>
    reply(ZGalleryResponse, {
      success: true,
      items: [
        galleryItem(ITEM_A, 'one'),
        galleryItem(ITEM_B, 'two'),
        galleryItem(ITEM_C, 'three'),
        galleryItem(ITEM_D, 'four'),
        galleryItem(ITEM_E, 'five'),
        { ...galleryItem(ITEM_TALL, 'tall'), width: 576, height: 1024 },
      ],
      nextCursor: null,
    });

  async function openComposer() {
    renderWithApp(<CalendarPage />);
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mara Lind/ }));
    return dialog;
  }

  it('checks a chosen platform live, holds the post while it refuses, and sends the targets', async () => {
    const calls = stubApi({
      'GET /api/gallery': ({ url }) =>
        url.searchParams.get('influencerId') === 'none'
          ? reply(ZGalleryResponse, { success: true, items: [], nextCursor: null })
          : platformGallery(),
      'GET /api/influencers/:id/platform-accounts': () =>
        accountsAnswer(
          [account('x'), account('instagram'), account('youtube', { status: 'expired' })],
          ['x', 'instagram', 'tiktok', 'youtube'],
        ),
    });
    const dialog = await openComposer();
    const where = within(dialog).getByRole('group', { name: 'Where' });
    expect(within(where).getByRole('checkbox', { name: PLATFORM_TEXTS.onPage })).toBeChecked();
    // An expired account is offered once reconnected, on the influencer's page.
    const youtube = await within(where).findByRole('group', { name: 'YouTube Shorts' });
    expect(within(youtube).getByRole('checkbox', { name: 'YouTube Shorts' })).toBeDisabled();
    expect(
      within(youtube).getByRole('link', {
        name: PLATFORM_TEXTS.reconnectAccount('YouTube Shorts'),
      }),
    ).toHaveAttribute('href', `/influencers/${MARA}`);

    for (const prompt of ['one', 'two', 'three', 'four', 'five'])
      await userEvent.click(within(dialog).getByRole('checkbox', { name: `Image: ${prompt}` }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Caption' }), 'Sunny days');
    const x = within(where).getByRole('group', { name: 'X' });
    await userEvent.click(within(x).getByRole('checkbox', { name: 'X' }));

    const refusal = 'X takes up to 4 pictures in a post: this one has 5';
    expect(within(x).getByText(refusal)).toBeVisible();
    expect(within(x).getByRole('checkbox', { name: 'X' })).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    );
    const publish = within(dialog).getByRole('button', { name: 'Publish post' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(WEB_PUBLISHING_TEXTS.platformsBlocked);
    expect(within(x).getByText(/10 \/ 280/)).toBeVisible();

    // Four pictures suit X; the post goes there only, with its own words.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Image: five/ }));
    expect(within(x).queryByText(refusal)).toBeNull();
    expect(publish).toBeEnabled();
    await userEvent.click(within(where).getByRole('checkbox', { name: PLATFORM_TEXTS.onPage }));
    await userEvent.click(within(x).getByRole('checkbox', { name: 'Own caption' }));
    const own = within(x).getByRole('textbox', { name: 'Caption on X' });
    expect(own).toHaveValue('Sunny days');
    await userEvent.type(own, ' on X');
    await userEvent.click(publish);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      influencerId: MARA,
      caption: 'Sunny days',
      itemIds: [ITEM_A, ITEM_B, ITEM_C, ITEM_D],
      priceCents: 0,
      publishAt: null,
      timeZone: 'Asia/Tokyo',
      onPage: false,
      targets: [{ platform: 'x', caption: 'Sunny days on X', title: null, privacyLevel: null }],
    });
  });

  it("offers Edit Image for a picture a platform's shape refuses, and keeps a pay-per-view post on the page", async () => {
    const calls = stubApi({
      'GET /api/gallery': ({ url }) =>
        url.searchParams.get('influencerId') === 'none'
          ? reply(ZGalleryResponse, { success: true, items: [], nextCursor: null })
          : platformGallery(),
      'GET /api/influencers/:id/platform-accounts': () =>
        accountsAnswer([
          account('instagram'),
          account('tiktok', {
            privacyLevels: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
          }),
        ]),
    });
    const dialog = await openComposer();
    const where = within(dialog).getByRole('group', { name: 'Where' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Image: tall' }));
    const instagram = await within(where).findByRole('group', { name: 'Instagram' });
    await userEvent.click(within(instagram).getByRole('checkbox', { name: 'Instagram' }));
    expect(within(instagram).getByText(/picture 1 is 1:1\.78/)).toBeVisible();
    expect(
      within(instagram).getByRole('link', { name: /Reframe picture 1 in Edit Image/ }),
    ).toHaveAttribute('href', `/edit-image?from=${ITEM_TALL}`);

    // Nowhere to go: the page and Instagram both left out.
    await userEvent.click(within(instagram).getByRole('checkbox', { name: 'Instagram' }));
    await userEvent.click(within(where).getByRole('checkbox', { name: PLATFORM_TEXTS.onPage }));
    const publish = within(dialog).getByRole('button', { name: 'Publish post' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(PUBLISHING_TEXTS.noDestination);

    // A pay-per-view post is sold on the page: it stays there, and TikTok gets its preview.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pay-per-view' }));
    const page = within(where).getByRole('checkbox', { name: PLATFORM_TEXTS.onPage });
    expect(page).toBeChecked();
    expect(page).toBeDisabled();
    expect(page).toHaveAccessibleDescription(PUBLISHING_TEXTS.ppvOnPage);
    const tiktok = within(where).getByRole('group', { name: 'TikTok' });
    await userEvent.click(within(tiktok).getByRole('checkbox', { name: 'TikTok' }));
    expect(within(where).getByText(PLATFORM_TEXTS.ppvPreview)).toBeVisible();
    const privacy = within(tiktok).getByRole('combobox', { name: 'Who can see it' });
    expect(privacy).toHaveValue('PUBLIC_TO_EVERYONE');
    expect(
      within(privacy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Friends', 'Only me']);
    await userEvent.selectOptions(privacy, 'SELF_ONLY');
    await userEvent.click(publish);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      priceCents: 5000,
      onPage: true,
      targets: [{ platform: 'tiktok', caption: null, title: null, privacyLevel: 'SELF_ONLY' }],
    });
  });

  it("shows the server's refusal under the platform it names", async () => {
    stubApi({
      'GET /api/influencers/:id/platform-accounts': () => accountsAnswer([account('instagram')]),
      'POST /api/posts': () =>
        refuse(400, {
          error: 'Instagram takes pictures of up to 8 MB: picture 1 is 9 MB',
          code: 'PLATFORM_RULES',
          field: 'targets.instagram',
        }),
    });
    const dialog = await openComposer();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /on a rooftop/ }));
    const instagram = await within(dialog).findByRole('group', { name: 'Instagram' });
    await userEvent.click(within(instagram).getByRole('checkbox', { name: 'Instagram' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish post' }));
    expect(
      await within(instagram).findByText(
        'Instagram takes pictures of up to 8 MB: picture 1 is 9 MB',
      ),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeVisible();
  });
});

describe("the creator's zone", () => {
  beforeEach(() => {
    // A browser that reports UTC, as many privacy settings and virtual machines do.
    browserZoneIs('UTC');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-10T03:00:00Z'));
  });

  it('takes the zone the creator chooses, asks for the month in it and remembers it', async () => {
    const calls = stubApi();
    const first = renderWithApp(<CalendarPage />);
    expect(screen.getByText(/^Times in UTC/)).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Time zone' }),
      'America/New_York',
    );
    expect(screen.getByText('Times in America/New York (Eastern Time)')).toBeVisible();
    await waitFor(() =>
      expect(calls.at(-1)?.url.searchParams.get('from')).toBe('2026-06-29T00:00:00-04:00'),
    );
    expect(calls.at(-1)?.url.searchParams.get('timeZone')).toBe('America/New_York');
    first.unmount();

    // The next visit starts in the chosen zone; choosing the browser's own forgets it.
    renderWithApp(<CalendarPage />);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'UTC');
    expect(window.localStorage.getItem(CALENDAR_ZONE_STORAGE_KEY)).toBeNull();
  });
});

describe('an open post', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-10T03:00:00Z'));
  });

  function renderPost(shown: TPost) {
    const onClose = vi.fn();
    renderWithApp(
      <PostDetailsDialog
        post={shown}
        timeZone="Asia/Tokyo"
        onClose={onClose}
        onLimitReached={vi.fn()}
      />,
    );
    return { onClose, dialog: screen.getByRole('dialog') };
  }

  it('moves a scheduled post and makes it free, sending only what changed', async () => {
    const calls = stubApi({
      'PATCH /api/posts/:id': () => reply(ZPostResponse, { success: true, post: post({}) }),
    });
    const { onClose, dialog } = renderPost(
      post({ priceCents: 5000, publishAt: '2026-07-14T00:00:00.000Z' }),
    );
    expect(dialog).toHaveAccessibleName('Scheduled post');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-07-14');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('09:00');
    expect(within(dialog).getByRole('textbox', { name: 'Price in dollars' })).toHaveValue('50.00');

    const time = within(dialog).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '18:30');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Free' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/posts/post-1');
    expect(patch?.body).toEqual({
      caption: 'Golden hour',
      priceCents: 0,
      publishAt: '2026-07-14T18:30:00+09:00',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('keeps a bought post: no Delete, and says why', () => {
    stubApi();
    const { dialog } = renderPost(post({ status: 'published', sales: 3, priceCents: 5000 }));
    expect(within(dialog).getByText('3 sales')).toBeVisible();
    expect(within(dialog).getByText(PUBLISHING_TEXTS.postHasBuyers)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Open on the public page' })).toHaveAttribute(
      'href',
      '/i/mara.lind/posts/post-1',
    );
    // Only its caption can change once it is out.
    expect(within(dialog).queryByLabelText('Date')).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Free' })).toBeNull();
  });

  it("shows the server's 409 when fans bought the post meanwhile", async () => {
    stubApi({
      'DELETE /api/posts/:id': () =>
        refuse(409, { error: PUBLISHING_TEXTS.postHasBuyers, code: 'POST_HAS_BUYERS' }),
    });
    const { dialog, onClose } = renderPost(post({ status: 'published', sales: 0 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PUBLISHING_TEXTS.postHasBuyers,
    );
    expect(screen.queryByRole('dialog', { name: 'Delete this post?' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reads the platforms’ counts once on opening, and tries a failed platform again', async () => {
    const failed = target('instagram', {
      state: 'failed',
      failure: { code: 'PLATFORM_ERROR', message: 'Instagram could not be reached' },
    });
    const published = target('x', {
      state: 'published',
      url: 'https://x.com/maralind/status/1',
      publishedAt: '2026-07-09T03:00:00.000Z',
      counts: { views: 10, likes: 1, comments: 0, shares: 0, readAt: '2026-07-09T03:00:00.000Z' },
    });
    const shown = post({ status: 'published', targets: [failed, published] });
    // X reports no shares for this post.
    const counted: TPostTarget = {
      ...published,
      counts: {
        views: 1200,
        likes: 45,
        comments: 3,
        shares: null,
        readAt: '2026-07-10T02:59:00.000Z',
      },
    };
    const calls = stubApi({
      'POST /api/posts/:id/read-counts': () =>
        reply(ZPostResponse, { success: true, post: { ...shown, targets: [failed, counted] } }),
      'POST /api/posts/:id/targets/:platform/retry': () =>
        reply(ZPostResponse, {
          success: true,
          post: { ...shown, targets: [{ ...failed, state: 'publishing', failure: null }, counted] },
        }),
    });
    const { dialog } = renderPost(shown);
    const platforms = within(dialog).getByRole('region', { name: 'Platforms' });
    const x = within(platforms).getByRole('listitem', { name: 'X' });
    expect(within(x).getByText('@maralind')).toBeVisible();
    expect(within(x).getByText('Published')).toBeVisible();
    const view = within(x).getByRole('link', { name: /View on X/ });
    expect(view).toHaveAttribute('href', 'https://x.com/maralind/status/1');
    expect(view).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(x).toHaveTextContent('Views1.2KLikes45Comments3Shares—'));
    expect(within(x).getByText('Read 1 minute ago')).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/posts/post-1/read-counts')).toHaveLength(1);

    const instagram = within(platforms).getByRole('listitem', { name: 'Instagram' });
    expect(within(instagram).getByText('Failed')).toBeVisible();
    expect(within(instagram).getByText('Instagram could not be reached')).toBeVisible();
    await userEvent.click(within(instagram).getByRole('button', { name: /Try again/ }));
    expect(await within(instagram).findByText('Publishing')).toBeVisible();
    expect(within(instagram).queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/retry'))?.path).toBe(
      '/api/posts/post-1/targets/instagram/retry',
    );
    // Nobody asked for the counts again.
    expect(x).toHaveTextContent('1.2K');
    expect(calls.filter((call) => call.path.endsWith('/read-counts'))).toHaveLength(1);
  });

  it('shows what became of a taken-down post’s copies: Removed, or Delete it on the platform with its link', () => {
    const calls = stubApi();
    const at = '2026-07-10T02:00:00.000Z';
    const out = { state: 'published' as const, publishedAt: '2026-07-09T03:00:00.000Z' };
    const { dialog } = renderPost(
      post({
        status: 'published',
        targets: [
          target('instagram', {
            ...out,
            url: 'https://www.instagram.com/p/abc/',
            removal: {
              state: 'unsupported',
              message: 'Instagram does not let apps delete posts',
              at,
            },
          }),
          target('tiktok', {
            state: 'failed',
            failure: { code: 'POST_TAKEN_DOWN', message: PLATFORM_TEXTS.postTakenDown },
          }),
          target('youtube', {
            ...out,
            url: 'https://www.youtube.com/shorts/v1',
            removal: { state: 'removed', message: 'Deleted from YouTube', at },
          }),
          target('x', {
            ...out,
            url: 'https://x.com/maralind/status/1',
            removal: {
              state: 'failed',
              message: 'Muse can no longer reach your X account',
              at,
            },
          }),
        ],
      }),
    );
    const youtube = within(dialog).getByRole('listitem', { name: 'YouTube Shorts' });
    expect(within(youtube).getByText('Removed')).toBeVisible();
    expect(within(youtube).getByText('Deleted from YouTube')).toBeVisible();
    expect(within(youtube).queryByRole('link')).toBeNull();
    const instagram = within(dialog).getByRole('listitem', { name: 'Instagram' });
    expect(within(instagram).getByText('Taken down')).toBeVisible();
    expect(within(instagram).getByRole('link', { name: /Delete it on Instagram/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/p/abc/',
    );
    expect(within(instagram).queryByRole('link', { name: /View on/ })).toBeNull();
    const x = within(dialog).getByRole('listitem', { name: 'X' });
    expect(within(x).getByText(/Muse can no longer reach your X account/)).toBeVisible();
    expect(within(x).getByRole('link', { name: /Delete it on X/ })).toHaveAttribute(
      'href',
      'https://x.com/maralind/status/1',
    );
    // A copy that never went out says why, and offers no 'Try again'.
    const tiktok = within(dialog).getByRole('listitem', { name: 'TikTok' });
    expect(within(tiktok).getByText(PLATFORM_TEXTS.postTakenDown)).toBeVisible();
    expect(within(tiktok).queryByRole('button', { name: /Try again/ })).toBeNull();
    // Nothing left out there to count.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says a platform holds a post until its limit allows it, and asks no counts before one is out', () => {
    const calls = stubApi();
    const { dialog } = renderPost(
      post({
        onPage: false,
        targets: [target('tiktok', { waitUntil: '2026-07-10T05:05:00.000Z' })],
      }),
    );
    const tiktok = within(dialog).getByRole('listitem', { name: 'TikTok' });
    expect(within(tiktok).getByText('Waiting until 2:05 PM')).toBeVisible();
    expect(within(dialog).getByText(WEB_PUBLISHING_TEXTS.notOnPage)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe("times on the creator's clock", () => {
  const at = (day: string, time: string, zone: string) =>
    isoInZone(zonedInstant(day, time, zone) ?? Number.NaN, zone);

  it('become instants with the offset of their day, also around clock changes', () => {
    expect(at('2026-07-14', '09:00', 'Europe/Berlin')).toBe('2026-07-14T09:00:00+02:00');
    expect(at('2026-01-05', '09:00', 'Europe/Berlin')).toBe('2026-01-05T09:00:00+01:00');
    expect(at('2026-07-14', '09:00', 'Asia/Kolkata')).toBe('2026-07-14T09:00:00+05:30');
    // The last half hour before clocks go back, and the first one after.
    expect(at('2026-10-25', '01:30', 'Europe/Berlin')).toBe('2026-10-25T01:30:00+02:00');
    expect(at('2026-10-25', '03:30', 'Europe/Berlin')).toBe('2026-10-25T03:30:00+01:00');
    // 02:30 does not exist when clocks go forward: it is read an hour later.
    expect(at('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
  });

  it("default to the chosen day at 09:00, else the zone's next full hour", () => {
    const noonInTokyo = Date.parse('2026-07-10T03:00:00Z');
    expect(defaultSchedule('2026-07-14', noonInTokyo, 'Asia/Tokyo')).toEqual({
      day: '2026-07-14',
      time: '09:00',
    });
    expect(defaultSchedule(null, noonInTokyo, 'Asia/Tokyo')).toEqual({
      day: '2026-07-10',
      time: '13:00',
    });
    // 10:40 in Kolkata: the next full hour there is 11:00, not a UTC hour.
    expect(defaultSchedule(null, Date.parse('2026-07-10T05:10:00Z'), 'Asia/Kolkata')).toEqual({
      day: '2026-07-10',
      time: '11:00',
    });
    expect(defaultSchedule(null, Date.parse('2026-07-10T21:10:00Z'), 'Europe/Berlin')).toEqual({
      day: '2026-07-11',
      time: '00:00',
    });
  });
});

describe('a busy day in the month view', () => {
  it('shows the posts the answer holds and “+N more”, which opens the day', async () => {
    const onShowDay = vi.fn();
    const first = post({ id: 'a', publishAt: '2026-07-14T09:00:00.000Z' });
    const second = post({ id: 'b', publishAt: '2026-07-14T10:00:00.000Z' });
    render(
      <MonthView
        month={{ year: 2026, month: 7 }}
        posts={[first, second]}
        timeZone="UTC"
        today="2026-07-10"
        onOpen={vi.fn()}
        onAdd={vi.fn()}
        dayCounts={{ '2026-07-14': 5 }}
        onShowDay={onShowDay}
      />,
    );
    const table = screen.getByRole('table', { name: 'Posts in July 2026' });
    const more = within(table).getByRole('button', { name: /^3 more posts on / });
    expect(more).toHaveTextContent('+3 more');
    await userEvent.click(more);
    expect(onShowDay).toHaveBeenCalledWith('2026-07-14');
  });
});

describe('the month view', () => {
  // 23:30 UTC on July 14: already July 15 in Tokyo, still July 14 in New York.
  const late = post({
    id: 'late',
    publishAt: '2026-07-14T23:30:00.000Z',
    priceCents: 5000,
  });
  const early = post({ id: 'early', publishAt: '2026-07-01T01:00:00.000Z', status: 'published' });

  function renderMonth(timeZone: string) {
    return render(
      <MonthView
        month={{ year: 2026, month: 7 }}
        posts={[late, early]}
        timeZone={timeZone}
        today="2026-07-10"
        onOpen={vi.fn()}
        onAdd={vi.fn()}
        dayCounts={{}}
        onShowDay={vi.fn()}
      />,
    );
  }

  it("puts each post on its day in the creator's zone, Monday first, today marked", () => {
    renderMonth('Asia/Tokyo');
    const table = screen.getByRole('table', { name: 'Posts in July 2026' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    // July 1, 2026 is a Wednesday: the first week starts on Monday, June 29.
    const firstWeek = within(table).getAllByRole('row')[1];
    expect(within(firstWeek!).getAllByRole('cell')[0]).toHaveTextContent('29');

    const july15 = within(table).getByRole('list', { name: 'Posts on Wednesday, July 15' });
    const chip = within(july15).getByRole('button');
    expect(chip).toHaveTextContent('8:30 AM');
    expect(chip).toHaveAccessibleName(/pay-per-view \$50\.00/);
    expect(within(table).queryByRole('list', { name: 'Posts on Tuesday, July 14' })).toBeNull();
    expect(
      within(within(table).getByRole('list', { name: 'Posts on Wednesday, July 1' })).getByRole(
        'button',
      ),
    ).toHaveAccessibleName(/10:00 AM.*published, free/);

    const today = table.querySelector('[aria-current="date"]');
    expect(today).toHaveTextContent('Friday, July 10, today');
  });

  it("shows each post with its first picture and its influencer's whole name", () => {
    const named = post({
      id: 'named',
      influencerName: 'Valentina Montgomery-Castellanos',
      items: [
        {
          id: 'item-1',
          kind: 'image',
          width: 768,
          height: 1024,
          durationSeconds: null,
          contentType: 'image/webp',
          preview: false,
          credentials: false,
          blurredUrl: '/files/blurred.webp',
          thumbnailUrl: '/files/thumb.webp',
          url: '/files/full.webp',
        },
      ],
    });
    render(
      <MonthView
        month={{ year: 2026, month: 7 }}
        posts={[named]}
        timeZone="Asia/Tokyo"
        today="2026-07-10"
        onOpen={vi.fn()}
        onAdd={vi.fn()}
        dayCounts={{}}
        onShowDay={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Posts in July 2026' });
    const chip = within(
      within(table).getByRole('list', { name: 'Posts on Tuesday, July 14' }),
    ).getByRole('button');
    expect(chip.querySelector('img')).toHaveAttribute('src', '/files/thumb.webp');
    expect(within(chip).getByText('Valentina Montgomery-Castellanos')).not.toHaveClass(
      /truncate|line-clamp/,
    );
    expect(chip).toHaveTextContent(/^9:00 AMValentina Montgomery-Castellanos, scheduled, free$/);
  });

  it('moves the same post to the day before in New York', () => {
    renderMonth('America/New_York');
    const table = screen.getByRole('table', { name: 'Posts in July 2026' });
    const july14 = within(table).getByRole('list', { name: 'Posts on Tuesday, July 14' });
    expect(within(july14).getByRole('button')).toHaveTextContent('7:30 PM');
    expect(within(table).queryByRole('list', { name: 'Posts on Wednesday, July 15' })).toBeNull();
  });

  it('marks each platform of a post with its state, a failed one red', () => {
    const onOpen = vi.fn();
    render(
      <PostChip
        post={post({
          targets: [target('instagram', { state: 'published' }), target('x', { state: 'failed' })],
        })}
        timeZone="Asia/Tokyo"
        onOpen={onOpen}
      />,
    );
    const chip = screen.getByRole('button');
    expect(within(chip).getByRole('img', { name: 'Instagram: published' })).toHaveTextContent('IG');
    expect(within(chip).getByRole('img', { name: 'X: failed' })).toHaveClass(/red/);
    expect(chip).toHaveAccessibleName(/scheduled, free Instagram: published X: failed$/);
  });

  it('lists the days with posts for a phone, in order', () => {
    renderMonth('Asia/Tokyo');
    const list = screen.getByRole('list', { name: 'Posts in July 2026' });
    const days = within(list).getAllByRole('heading');
    expect(days.map((day) => day.textContent)).toEqual([
      'Wednesday, July 1',
      'Friday, July 10Today',
      'Wednesday, July 15',
    ]);
  });
});

describe('a post held by approval', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-10T03:00:00Z'));
  });
  afterEach(() => {
    toast.dismiss();
  });

  it('is marked waiting on the calendar, never scheduled or published, with the member who made it', () => {
    render(
      <PostChip
        post={post({ approval: held('waiting'), createdBy: JUN_MADE })}
        timeZone="Asia/Tokyo"
        onOpen={vi.fn()}
        wide
      />,
    );
    const chip = screen.getByRole('button');
    expect(within(chip).getByText('Waiting for approval')).toBeVisible();
    expect(within(chip).getByText(/by Jun Park/)).toBeVisible();
    expect(chip).not.toHaveAccessibleName(/scheduled|published/);
  });

  it('names no maker for a post of one’s own, and none for a post without approval', () => {
    render(
      <PostChip
        post={post({ createdBy: SELF_MADE })}
        timeZone="Asia/Tokyo"
        onOpen={vi.fn()}
        wide
      />,
    );
    const chip = screen.getByRole('button');
    expect(chip).toHaveAccessibleName(/scheduled, free$/);
    expect(within(chip).queryByText(/Mara Admin|Waiting|Sent back/)).toBeNull();
  });

  it('shows a sent-back post among the upcoming ones, with its badge and its maker', () => {
    renderWithApp(
      <PostList
        posts={[
          post({ id: 'returned', approval: held('returned'), createdBy: JUN_MADE }),
          post({
            id: 'approved',
            caption: 'Beach day',
            approval: { ...held('waiting')!, status: 'approved' },
          }),
        ]}
        timeZone="Asia/Tokyo"
        onOpen={vi.fn()}
      />,
    );
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const [returned, approved] = within(upcoming).getAllByRole('button');
    expect(within(returned!).getByText('Sent back')).toBeVisible();
    expect(within(returned!).getByText('by Jun Park')).toBeVisible();
    // Approved, it is an ordinary scheduled post again.
    expect(within(approved!).queryByText(/Waiting|Sent back/)).toBeNull();
  });

  it('opens a sent-back post with the approver’s note and name, and its maker’s change waits again', async () => {
    const calls = stubApi({
      'PATCH /api/posts/:id': () =>
        reply(ZPostResponse, {
          success: true,
          post: post({ caption: 'Beach first', approval: held('waiting'), createdBy: SELF_MADE }),
        }),
    });
    const onClose = vi.fn();
    renderWithApp(
      <>
        <PostDetailsDialog
          post={post({ approval: held('returned'), createdBy: SELF_MADE })}
          timeZone="Asia/Tokyo"
          onClose={onClose}
          onLimitReached={vi.fn()}
        />
        <Toaster />
      </>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('Post sent back');
    const note = within(dialog).getByRole('note');
    expect(note).toHaveTextContent('Sent back by Ava Rose');
    expect(note).toHaveTextContent('Use the beach picture first');
    expect(within(dialog).getByText(/waits for approval again/)).toBeVisible();
    // Made by the person looking: nobody else is named.
    expect(within(dialog).queryByText('Made by')).toBeNull();

    const caption = within(dialog).getByRole('textbox', { name: 'Caption' });
    await userEvent.clear(caption);
    await userEvent.type(caption, 'Beach first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PUBLISHING_TEXTS.postSubmitted)).toBeVisible();
    expect(screen.queryByText(PUBLISHING_TEXTS.postUpdated)).toBeNull();
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      caption: 'Beach first',
    });
  });

  it('says a waiting post whose time passed goes out once approved, and who made it', () => {
    stubApi();
    renderWithApp(
      <PostDetailsDialog
        post={post({
          approval: held('waiting'),
          createdBy: JUN_MADE,
          scheduled: false,
          publishAt: '2026-07-09T08:00:00.000Z',
        })}
        timeZone="Asia/Tokyo"
        onClose={vi.fn()}
        onLimitReached={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('Post waiting for approval');
    expect(within(dialog).getByText('Waiting for approval')).toBeVisible();
    expect(within(dialog).getByText('Once approved')).toBeVisible();
    expect(within(dialog).getByText('Made by').nextSibling).toHaveTextContent('Jun Park');
    expect(within(dialog).queryByText('Published')).toBeNull();
  });

  it('is not watched for its platforms while it waits, whatever its time', () => {
    const due = post({ publishAt: '2026-07-10T02:59:00.000Z', targets: [target('x')] });
    const now = Date.parse('2026-07-10T03:00:00Z');
    expect(hasTargetsUnderWay([due], now)).toBe(true);
    expect(hasTargetsUnderWay([{ ...due, approval: held('waiting') }], now)).toBe(false);
    expect(hasTargetsUnderWay([{ ...due, approval: held('returned') }], now)).toBe(false);
  });
});

describe('the earnings page', () => {
  it('shows gross, the fee, net, paid out and available, and both tables', async () => {
    stubApi();
    renderWithApp(<EarningsPage />);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const figure = (label: string) =>
      within(summary).getByText(label, { selector: 'dt span' }).closest('div');
    expect(figure('Gross sales')).toHaveTextContent('$250.00');
    expect(figure('Gross sales')).toHaveTextContent('5 sales');
    expect(figure('Muse fee (20%)')).toHaveTextContent('$50.00');
    expect(figure('Net earnings')).toHaveTextContent('$200.00');
    expect(figure('Paid out')).toHaveTextContent('$120.00');
    expect(figure('Available')).toHaveTextContent('$80.00');

    const byPost = screen.getByRole('table', { name: 'By post' });
    expect(within(byPost).getByRole('rowheader', { name: 'Golden hour' })).toBeVisible();
    expect(within(byPost).getAllByRole('row')[1]).toHaveTextContent('5$250.00$50.00$200.00');
    expect(screen.getByRole('table', { name: 'By influencer' })).toHaveTextContent('Mara Lind');
    expect(screen.getByText(/payouts are recorded here, and no money moves/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeEnabled();
  });

  it('shows pending and held money apart from available, each sale with its day, and what is owed', async () => {
    stubApi({
      'GET /api/earnings': () =>
        reply(ZEarningsResponse, {
          success: true,
          earnings: earnings({
            availableCents: 0,
            pendingCents: 4_000,
            heldCents: 2_000,
            owedCents: 1_500,
            pending: [
              {
                id: 'purchase-1',
                label: 'Golden hour',
                netCents: 4_000,
                status: 'pending',
                availableAt: '2026-07-15T12:00:00.000Z',
              },
              {
                id: 'purchase-2',
                label: 'Blue hour',
                netCents: 2_000,
                status: 'disputed',
                availableAt: '2026-07-12T12:00:00.000Z',
              },
            ],
          }),
        }),
    });
    renderWithApp(<EarningsPage />);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const figure = (label: string) =>
      within(summary).getByText(label, { selector: 'dt span' }).closest('div');
    expect(figure('Pending')).toHaveTextContent('$60.00');
    expect(figure('Pending')).toHaveTextContent(/Next on \w+day, July 1[45]/);
    expect(figure('Available')).toHaveTextContent('$0.00');
    const pending = screen.getByRole('table', { name: 'Pending earnings' });
    expect(within(pending).getByRole('row', { name: /Golden hour/ })).toHaveTextContent(
      /\$40\.00\w+day, July 1[45]/,
    );
    expect(within(pending).getByRole('row', { name: /Blue hour/ })).toHaveTextContent(
      '$20.00On hold: disputed',
    );
    expect(screen.getByText(/took back \$15\.00 that was already paid out/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });

  it('disables Request payout below the minimum and says why', async () => {
    stubApi({
      'GET /api/earnings': () =>
        reply(ZEarningsResponse, { success: true, earnings: earnings({ availableCents: 900 }) }),
    });
    renderWithApp(<EarningsPage />);
    const button = await screen.findByRole('button', { name: 'Request payout' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(PUBLISHING_TEXTS.payoutTooSmall);
  });

  it('asks for a payout account with Stripe before any payout', async () => {
    stubApi({
      'GET /api/earnings': () =>
        reply(ZEarningsResponse, {
          success: true,
          earnings: earnings({
            payoutAccount: { testMode: false, connected: false, ready: false },
          }),
        }),
    });
    renderWithApp(<EarningsPage />);
    const button = await screen.findByRole('button', { name: 'Request payout' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(PUBLISHING_TEXTS.payoutAccountNeeded);
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeEnabled();
    expect(screen.queryByText(/no money moves/)).toBeNull();
  });

  it('points to the calendar while there are no sales', async () => {
    stubApi({
      'GET /api/earnings': () =>
        reply(ZEarningsResponse, {
          success: true,
          earnings: earnings({
            sales: 0,
            grossCents: 0,
            feeCents: 0,
            netCents: 0,
            paidOutCents: 0,
            availableCents: 0,
            byPost: [],
            byInfluencer: [],
            payouts: [],
          }),
        }),
    });
    renderWithApp(<EarningsPage />);
    expect(await screen.findByRole('heading', { name: 'No sales yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute(
      'href',
      '/calendar',
    );
  });
});
