/**
 * The Instagram adapter against the Instagram fake (test/fakes/platforms/instagram.ts), over
 * real HTTP: connecting an account, its profile, publishing pictures, Reels and carousels in
 * Meta's container steps, retries that take no step twice, and Instagram's errors as the kinds
 * the queue acts on. A small file server stands in for Muse's signed links, which the fake
 * downloads as Meta does.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstagramPublisher } from '../src/modules/platforms/adapters/instagram';
import {
  PlatformError,
  type TPlatformProfile,
  type TPlatformTokens,
  type TPublisher,
  type TPublishMedia,
  type TPublishProgress,
  type TPublishRequest,
} from '../src/modules/platforms/publisher';
import { startFakePlatformsServer, type TFakePlatformsServer } from './fakes/platforms';
import { createFakeInstagram } from './fakes/platforms/instagram';

const REDIRECT = 'https://muse.test/api/platforms/instagram/callback';

const fake = createFakeInstagram();
let platforms: TFakePlatformsServer;
let instagram: TPublisher;
let files: { base: string; stop: () => Promise<void> };
let jpeg: Buffer;
let wide: Buffer;
let png: Buffer;
const mp4 = Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42', 'latin1'), randomBytes(2048)]);

beforeAll(async () => {
  platforms = await startFakePlatformsServer([fake]);
  instagram = createInstagramPublisher({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiUrl: platforms.url,
  });
  const still = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#d4a373' } });
  jpeg = await still(1080, 1350).jpeg().toBuffer();
  wide = await still(1200, 400).jpeg().toBuffer();
  png = await still(1080, 1080).png().toBuffer();
  const byPath: Record<string, { type: string; body: Buffer }> = {
    '/files/portrait.jpg': { type: 'image/jpeg', body: jpeg },
    '/files/wide.jpg': { type: 'image/jpeg', body: wide },
    '/files/square.png': { type: 'image/jpeg', body: png },
    '/files/clip.mp4': { type: 'video/mp4', body: mp4 },
  };
  // Muse's signed links: a file answers only with its signature.
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://files');
    const file = byPath[url.pathname];
    if (!file || url.searchParams.get('sig') !== 'signed') {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  files = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
});

afterAll(async () => {
  await platforms?.stop();
  await files?.stop();
});

const link = (name: string, signature = 'signed') =>
  `${files.base}/files/${name}?sig=${signature}&expires=${Date.now() + 3600_000}`;

function picture(name = 'portrait.jpg'): TPublishMedia {
  return {
    kind: 'image',
    contentType: 'image/jpeg',
    width: 1080,
    height: 1350,
    durationMs: null,
    bytes: jpeg.length,
    read: async () => jpeg,
    url: link(name),
  };
}

function clip(): TPublishMedia {
  return {
    kind: 'video',
    contentType: 'video/mp4',
    width: 1080,
    height: 1920,
    durationMs: 8000,
    bytes: mp4.length,
    read: async () => mp4,
    url: link('clip.mp4'),
  };
}

type TConnected = { tokens: TPlatformTokens; profile: TPlatformProfile };

let accounts = 0;
/** A new account, connected through the consent page as a browser would be. */
async function connect(): Promise<TConnected> {
  accounts += 1;
  fake.nextAccount(
    fake.addAccount({ username: `creator.${accounts}`, name: `Creator ${accounts}` }),
  );
  const authorize = await instagram.authorizationUrl({
    state: `state-${accounts}`,
    codeVerifier: 'not-used-by-instagram',
    redirectUri: REDIRECT,
  });
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.searchParams.get('state')).toBe(`state-${accounts}`);
  const tokens = await instagram.exchangeCode({
    code: callback.searchParams.get('code')!,
    state: `state-${accounts}`,
    codeVerifier: 'not-used-by-instagram',
    redirectUri: REDIRECT,
  });
  return { tokens, profile: await instagram.profile(tokens.accessToken) };
}

/** A publish request whose saved progress is recorded, as the queue keeps it. */
function publishOf(
  { tokens, profile }: TConnected,
  media: TPublishMedia[],
  overrides: Partial<TPublishRequest> = {},
) {
  const saved: TPublishProgress[] = [];
  const progress: TPublishProgress = { ...overrides.progress };
  const request: TPublishRequest = {
    accessToken: tokens.accessToken,
    account: { accountId: profile.accountId, username: profile.username, details: {} },
    caption: 'Golden hour in the studio ✨ #muse',
    title: null,
    privacyLevel: null,
    media,
    pollIntervalMs: 5,
    signal: new AbortController().signal,
    ...overrides,
    progress,
    saveProgress: async (patch) => {
      saved.push(patch);
      Object.assign(progress, patch);
    },
  };
  return { request, saved, progress };
}

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('Instagram: connecting', () => {
  it('sends the creator to the consent page with the app, the scopes and the state', async () => {
    const url = await instagram.authorizationUrl({
      state: 'abc',
      codeVerifier: 'v',
      redirectUri: REDIRECT,
    });
    expect(`${url.origin}${url.pathname}`).toBe(
      `${platforms.url}/www.instagram.com/oauth/authorize`,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'abc',
    });
    expect(url.toString()).toContain('scope=instagram_business_basic%2Cinstagram_business_content');
  });

  it('trades the code for a long-lived token and reads the profile', async () => {
    const before = Date.now();
    const { tokens, profile } = await connect();
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.accessToken).toMatch(/^IGAAL/);
    expect(tokens.scopes).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
    ]);
    const days = (tokens.accessExpiresAt!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
    expect(profile).toMatchObject({
      username: `creator.${accounts}`,
      displayName: `Creator ${accounts}`,
      profileUrl: `https://www.instagram.com/creator.${accounts}/`,
    });
    // The professional account id (user_id), not the app-scoped id.
    expect(fake.accounts().find((one) => one.username === profile.username)!.id).toBe(
      profile.accountId,
    );
  });

  it('refuses a code used twice', async () => {
    const authorize = await instagram.authorizationUrl({
      state: 's',
      codeVerifier: 'v',
      redirectUri: REDIRECT,
    });
    const consent = await fetch(authorize, { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const input = { code, state: 's', codeVerifier: 'v', redirectUri: REDIRECT };
    await instagram.exchangeCode(input);
    const error = await refusal(instagram.exchangeCode(input));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('This authorization code has been used');
  });

  it('gives no token back on disconnect: Instagram has no endpoint for it', async () => {
    const { tokens } = await connect();
    const calls = platforms.requests.length;
    await instagram.revoke(tokens);
    expect(platforms.requests.length).toBe(calls);
  });
});

describe('Instagram: publishing', () => {
  it('publishes one picture: a container, saved, then media_publish', async () => {
    const connected = await connect();
    const { request, saved } = publishOf(connected, [picture()]);
    const published = await instagram.publish(request);
    const [post, ...others] = fake.posts(connected.profile.accountId);
    expect(others).toEqual([]);
    expect(post).toMatchObject({
      caption: 'Golden hour in the studio ✨ #muse',
      mediaType: 'IMAGE',
      items: ['image'],
    });
    expect(published).toEqual({ remoteId: post!.mediaId, url: post!.permalink });
    expect(published.url).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/);
    expect(saved).toEqual([{ containerId: post!.containerId }, { mediaId: post!.mediaId }]);
    // Instagram downloaded the signed link itself.
    expect(fake.downloads().at(-1)).toMatchObject({ status: 200, contentType: 'image/jpeg' });
  });

  it('publishes a video as a Reel, polling while Instagram processes it', async () => {
    const connected = await connect();
    const calls = platforms.requests.length;
    const published = await instagram.publish(publishOf(connected, [clip()]).request);
    const [post] = fake.posts(connected.profile.accountId);
    expect(post).toMatchObject({ mediaType: 'VIDEO', productType: 'REELS', items: ['video'] });
    expect(published.url).toBe(post!.permalink);
    expect(published.url).toMatch(/\/reel\//);
    const [container] = fake.containers(connected.profile.accountId);
    const polls = platforms.requests
      .slice(calls)
      .filter((one) => one.method === 'GET' && one.path === `/v23.0/${container!.id}`);
    expect(polls).toHaveLength(3);
  });

  it('publishes a carousel: each item, then the carousel, each id saved before the next', async () => {
    const connected = await connect();
    const { request, saved } = publishOf(connected, [picture(), clip(), picture()]);
    await instagram.publish(request);
    const [post] = fake.posts(connected.profile.accountId);
    expect(post).toMatchObject({ mediaType: 'CAROUSEL_ALBUM', items: ['image', 'video', 'image'] });
    const containers = fake.containers(connected.profile.accountId);
    const children = containers.filter((one) => one.isCarouselItem).map((one) => one.id);
    const parent = containers.find((one) => one.mediaType === 'CAROUSEL')!;
    expect(parent.children).toEqual(children);
    expect(parent.caption).toBe(request.caption);
    expect(saved).toEqual([
      { children: children.slice(0, 1) },
      { children: children.slice(0, 2) },
      { children },
      { containerId: parent.id },
      { mediaId: post!.mediaId },
    ]);
  });

  it('retries without making a container or a post twice', async () => {
    const connected = await connect();
    const first = publishOf(connected, [picture()]);
    fake.rateLimitNext(1, { step: 'publish' });
    const error = await refusal(instagram.publish(first.request));
    expect(error.kind).toBe('rate_limited');
    expect(first.progress.containerId).toBeTypeOf('string');

    const retry = publishOf(connected, [picture()], { progress: first.progress });
    const published = await instagram.publish(retry.request);
    expect(fake.containers(connected.profile.accountId)).toHaveLength(1);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
    expect(published.remoteId).toBe(fake.posts(connected.profile.accountId)[0]!.mediaId);
    expect(retry.saved).toEqual([{ mediaId: published.remoteId }]);
  });

  it('retries a carousel from the items it already made', async () => {
    const connected = await connect();
    const media = [picture(), picture()];
    const first = publishOf(connected, media);
    const error = await refusal(
      instagram.publish({
        ...first.request,
        // Once both items are made, the carousel's own container is refused once.
        saveProgress: async (patch) => {
          await first.request.saveProgress(patch);
          if (Array.isArray(patch.children) && patch.children.length === 2)
            fake.rateLimitNext(1, { step: 'container' });
        },
      }),
    );
    expect(error.kind).toBe('rate_limited');
    expect(first.progress.children).toHaveLength(2);
    expect(first.progress.containerId).toBeUndefined();

    await instagram.publish(publishOf(connected, media, { progress: first.progress }).request);
    const containers = fake.containers(connected.profile.accountId);
    expect(containers.filter((one) => one.isCarouselItem).map((one) => one.id)).toEqual(
      first.progress.children,
    );
    expect(containers.filter((one) => one.mediaType === 'CAROUSEL')).toHaveLength(1);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
  });

  it('does not publish again when the post was published but its id was not heard', async () => {
    const connected = await connect();
    const first = publishOf(connected, [picture()]);
    // media_publish takes effect, and its answer is lost.
    fake.loseNextAnswer('publish');
    const error = await refusal(instagram.publish(first.request));
    expect(error.kind).toBe('unavailable');
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
    expect(first.progress.mediaId).toBeUndefined();

    const retry = await instagram.publish(
      publishOf(connected, [picture()], { progress: first.progress }).request,
    );
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
    expect(retry.remoteId).toBe(fake.posts(connected.profile.accountId)[0]!.mediaId);
  });

  it('takes no step again once the post id is saved', async () => {
    const connected = await connect();
    const first = publishOf(connected, [picture()]);
    fake.rateLimitNext(1, { step: 'permalink' });
    await refusal(instagram.publish(first.request));
    const calls = platforms.requests.length;
    const retry = await instagram.publish(
      publishOf(connected, [picture()], { progress: first.progress }).request,
    );
    expect(retry.remoteId).toBe(first.progress.mediaId);
    expect(platforms.requests.slice(calls).map((one) => one.path)).toEqual([
      `/v23.0/${first.progress.mediaId as string}`,
    ]);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
  });

  it('makes a new container when the saved one expired', async () => {
    const connected = await connect();
    const first = publishOf(connected, [picture()]);
    fake.rateLimitNext(1, { step: 'publish' });
    await refusal(instagram.publish(first.request));
    fake.expireContainer(first.progress.containerId as string);

    const retry = publishOf(connected, [picture()], { progress: first.progress });
    await instagram.publish(retry.request);
    const containers = fake.containers(connected.profile.accountId);
    expect(containers.map((one) => one.status)).toEqual(['EXPIRED', 'PUBLISHED']);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
    expect(retry.saved[0]).toEqual({ containerId: null, children: [] });
  });

  it('stops polling when the publish is cancelled', async () => {
    const connected = await connect();
    fake.processingPolls(1000);
    try {
      const controller = new AbortController();
      const { request } = publishOf(connected, [clip()], { signal: controller.signal });
      const publishing = instagram.publish(request);
      setTimeout(() => controller.abort(new Error('shutting down')), 30);
      await expect(publishing).rejects.toThrow('shutting down');
    } finally {
      fake.processingPolls(null);
    }
    expect(fake.posts(connected.profile.accountId)).toHaveLength(0);
  });
});

describe('Instagram: errors', () => {
  it('reports an expired token as expired; refreshing a working one gives a new one', async () => {
    const connected = await connect();
    const refreshed = await instagram.refresh(connected.tokens);
    expect(refreshed.accessToken).not.toBe(connected.tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect(refreshed.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect((await instagram.profile(refreshed.accessToken)).accountId).toBe(
      connected.profile.accountId,
    );

    fake.expireAccessTokens(connected.profile.accountId);
    const expired = await refusal(instagram.profile(refreshed.accessToken));
    expect(expired.kind).toBe('expired');
    expect(expired.details.platformCode).toBe('190/463');
    // Instagram refreshes only a token that still works: an expired one means connecting again.
    const again = await refusal(instagram.refresh({ ...connected.tokens, ...refreshed }));
    expect(again.kind).toBe('auth');
    expect(again.message).not.toContain(refreshed.accessToken);
  });

  it('reports a revoked connection as auth, refresh too', async () => {
    const connected = await connect();
    fake.revoke(connected.profile.accountId);
    const error = await refusal(instagram.publish(publishOf(connected, [picture()]).request));
    expect(error.kind).toBe('auth');
    expect(error.details.platformCode).toBe('190/458');
    expect((await refusal(instagram.refresh(connected.tokens))).kind).toBe('auth');
  });

  it('reports a rate limit with the time to try again', async () => {
    const connected = await connect();
    fake.rateLimitNext(1, { step: 'container' });
    const error = await refusal(instagram.publish(publishOf(connected, [picture()]).request));
    expect(error.kind).toBe('rate_limited');
    const inAnHour = Date.now() + 3600_000;
    expect(Math.abs(error.details.retryAt!.getTime() - inAnHour)).toBeLessThan(5_000);

    fake.rateLimitNext(1, { code: 80002, regainMinutes: 7 });
    const business = await refusal(instagram.publish(publishOf(connected, [picture()]).request));
    expect(business.kind).toBe('rate_limited');
    const inSeven = Date.now() + 7 * 60_000;
    expect(Math.abs(business.details.retryAt!.getTime() - inSeven)).toBeLessThan(5_000);
    expect(fake.containers(connected.profile.accountId)).toHaveLength(0);
  });

  it('reads the publishing limit to say when the account may post next', async () => {
    const connected = await connect();
    expect(await instagram.nextSlot(connected.tokens.accessToken, connected.profile)).toBeNull();
    fake.setQuotaTotal(1);
    try {
      await instagram.publish(publishOf(connected, [picture()]).request);
      const next = await instagram.nextSlot(connected.tokens.accessToken, connected.profile);
      expect(next!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
      // Publishing over the limit is refused as a rate limit.
      const error = await refusal(instagram.publish(publishOf(connected, [picture()]).request));
      expect(error.kind).toBe('rate_limited');
      expect(error.message).toContain('limit of posts a day');
    } finally {
      fake.setQuotaTotal(100);
    }
  });

  it('reports a refused picture as refused, in words', async () => {
    const connected = await connect();
    fake.refuseNextMedia('The aspect ratio is not supported.');
    const error = await refusal(instagram.publish(publishOf(connected, [picture()]).request));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('Instagram refused the picture: The aspect ratio is not supported.');
    expect(error.details.platformCode).toBe('36003/2207009');
  });

  it('refuses what it downloads and cannot take: not a JPEG, the wrong shape, no file', async () => {
    const connected = await connect();
    const notJpeg = await refusal(
      instagram.publish(publishOf(connected, [picture('square.png')]).request),
    );
    expect(notJpeg.kind).toBe('refused');
    expect(notJpeg.message).toContain('could not be read as a JPEG');

    const tooWide = await refusal(
      instagram.publish(publishOf(connected, [picture('wide.jpg')]).request),
    );
    expect(tooWide.kind).toBe('refused');
    expect(tooWide.message).toContain('aspect ratio');

    const unsigned = { ...picture(), url: link('portrait.jpg', 'forged') };
    const missing = await refusal(instagram.publish(publishOf(connected, [unsigned]).request));
    expect(missing.kind).toBe('refused');
    expect(missing.message).toMatch(/^Instagram could not download the picture from Muse/);
    // The signed link is not repeated to the creator.
    expect(missing.message).not.toContain('sig=');
    expect(fake.containers(connected.profile.accountId)).toHaveLength(0);
  });

  it('reports a failed processing as failed, in words', async () => {
    const connected = await connect();
    fake.failProcessingNext('Error: Media upload has failed with error code 2207026');
    const error = await refusal(instagram.publish(publishOf(connected, [clip()]).request));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe(
      'Instagram could not process the video: its video format is not one Instagram takes',
    );
    expect(fake.posts(connected.profile.accountId)).toHaveLength(0);
  });

  it('reports Instagram down as unavailable', async () => {
    const connected = await connect();
    fake.loseNextAnswer('status');
    const error = await refusal(instagram.publish(publishOf(connected, [picture()]).request));
    expect(error.kind).toBe('unavailable');
    const offline = createInstagramPublisher({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiUrl: 'http://127.0.0.1:9',
    });
    const unreachable = await refusal(offline.profile(connected.tokens.accessToken));
    expect(unreachable.kind).toBe('unavailable');
    expect(unreachable.message).toBe('Instagram could not be reached');
  });
});

describe('Instagram: counts', () => {
  it('reads likes and comments from the post without the insights scope', async () => {
    const connected = await connect();
    const published = await instagram.publish(publishOf(connected, [picture()]).request);
    fake.setCounts(published.remoteId, { views: 1234, likes: 56, comments: 7, shares: 8 });
    expect(
      await instagram.counts(connected.tokens.accessToken, connected.profile, published.remoteId),
    ).toEqual({ views: null, likes: 56, comments: 7, shares: null });
  });

  it('reads views, likes, comments and shares from the insights with their scope', async () => {
    const connected = await connect();
    // The same consent, asking for the insights too.
    const authorize = await instagram.authorizationUrl({
      state: 'insights',
      codeVerifier: 'v',
      redirectUri: REDIRECT,
    });
    authorize.searchParams.set(
      'scope',
      `${authorize.searchParams.get('scope')!},instagram_business_manage_insights`,
    );
    fake.nextAccount(connected.profile.accountId);
    const consent = await fetch(authorize, { redirect: 'manual' });
    const tokens = await instagram.exchangeCode({
      code: new URL(consent.headers.get('location')!).searchParams.get('code')!,
      state: 'insights',
      codeVerifier: 'v',
      redirectUri: REDIRECT,
    });
    expect(tokens.scopes).toContain('instagram_business_manage_insights');
    const published = await instagram.publish(publishOf(connected, [picture()]).request);
    fake.setCounts(published.remoteId, { views: 1234, likes: 56, comments: 7, shares: 8 });
    expect(
      await instagram.counts(tokens.accessToken, connected.profile, published.remoteId),
    ).toEqual({ views: 1234, likes: 56, comments: 7, shares: 8 });
  });

  it('cannot delete a published post: Instagram’s API has no such call, so none is made', async () => {
    const before = platforms.requests.length;
    expect(
      await instagram.remove('any-token', { accountId: '17841400000000001' }, '18000000000000001'),
    ).toBe('unsupported');
    expect(platforms.requests.length).toBe(before);
  });
});
