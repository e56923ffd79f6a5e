/**
 * The TikTok adapter against the TikTok fake (test/fakes/platforms/tiktok.ts), over real HTTP:
 * connecting with PKCE, the profile and creator info, a video uploaded in chunks, a photo post
 * TikTok pulls from Muse's signed links, retries that start no second post, and TikTok's errors
 * as the kinds the queue acts on. A small file server stands in for Muse's signed links.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTikTokPublisher, tiktokChunks } from '../src/modules/platforms/adapters/tiktok';
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
import { createFakeTikTok, type TFakeTikTok } from './fakes/platforms/tiktok';

const REDIRECT = 'https://muse.test/api/platforms/tiktok/callback';
const MIB = 1024 * 1024;

const fake = createFakeTikTok();
let platforms: TFakePlatformsServer;
let tiktok: TPublisher;
let files: { base: string; stop: () => Promise<void> };
let jpeg: Buffer;
/** Under 5 MB: sent whole. */
const shortClip = randomBytes(1 * MIB);
/** 25 MiB: two chunks, 10 MiB and 15 MiB. */
const longClip = randomBytes(25 * MIB);

beforeAll(async () => {
  platforms = await startFakePlatformsServer([fake]);
  tiktok = createTikTokPublisher({
    clientId: fake.clientKey,
    clientSecret: fake.clientSecret,
    apiUrl: platforms.url,
  });
  jpeg = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#e9c46a' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const byPath: Record<string, { type: string; body: Buffer }> = {
    '/files/one.jpg': { type: 'image/jpeg', body: jpeg },
    '/files/two.jpg': { type: 'image/jpeg', body: jpeg },
    '/files/three.png': { type: 'image/png', body: png },
  };
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

function video(bytes: Buffer): TPublishMedia {
  return {
    kind: 'video',
    contentType: 'video/mp4',
    width: 1080,
    height: 1920,
    durationMs: 12_000,
    bytes: bytes.length,
    read: async () => bytes,
    url: link('clip.mp4'),
  };
}

function picture(name = 'one.jpg', signature = 'signed'): TPublishMedia {
  return {
    kind: 'image',
    contentType: 'image/jpeg',
    width: 1080,
    height: 1920,
    durationMs: null,
    bytes: jpeg.length,
    read: async () => jpeg,
    url: link(name, signature),
  };
}

type TConnected = { tokens: TPlatformTokens; profile: TPlatformProfile };

let accounts = 0;
/** A new account, connected through the consent page as a browser would be. */
async function connect(
  options: Omit<Parameters<TFakeTikTok['addAccount']>[0], 'username'> = {},
): Promise<TConnected> {
  accounts += 1;
  fake.nextAccount(
    fake.addAccount({
      username: `creator.${accounts}`,
      displayName: `Creator ${accounts}`,
      ...options,
    }),
  );
  const state = `state-${accounts}`;
  const codeVerifier = randomBytes(32).toString('base64url');
  const consent = await fetch(
    await tiktok.authorizationUrl({ state, codeVerifier, redirectUri: REDIRECT }),
    { redirect: 'manual' },
  );
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.searchParams.get('state')).toBe(state);
  const tokens = await tiktok.exchangeCode({
    code: callback.searchParams.get('code')!,
    state,
    codeVerifier,
    redirectUri: REDIRECT,
  });
  return { tokens, profile: await tiktok.profile(tokens.accessToken) };
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
    account: { accountId: profile.accountId, username: profile.username, details: profile.details },
    caption: 'Studio day 🎬\nMade with Muse #ai',
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

const inits = (connected: TConnected) => fake.publishes(connected.profile.accountId).length;

describe('TikTok: connecting', () => {
  it('sends the creator to the consent page with the scopes and a PKCE challenge', async () => {
    const codeVerifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const url = await tiktok.authorizationUrl({
      state: 'abc',
      codeVerifier,
      redirectUri: REDIRECT,
    });
    expect(`${url.origin}${url.pathname}`).toBe(
      `${platforms.url}/www.tiktok.com/v2/auth/authorize/`,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: fake.clientKey,
      scope: 'user.info.basic,video.publish,video.list',
      response_type: 'code',
      redirect_uri: REDIRECT,
      state: 'abc',
      // RFC 7636's own example pair.
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(codeVerifier).digest('base64url'),
    );
  });

  it('trades the code and its verifier for tokens, and reads the profile', async () => {
    const before = Date.now();
    const { tokens, profile } = await connect();
    expect(tokens.scopes).toEqual(['user.info.basic', 'video.publish', 'video.list']);
    expect(tokens.refreshToken).toMatch(/^rft\./);
    expect(tokens.accessExpiresAt!.getTime() - before).toBeGreaterThan(86_000_000);
    expect(tokens.refreshExpiresAt!.getTime() - before).toBeGreaterThan(364 * 86_400_000);
    expect(profile).toMatchObject({
      username: `creator.${accounts}`,
      displayName: `Creator ${accounts}`,
      profileUrl: `https://www.tiktok.com/@creator.${accounts}`,
      details: {
        privacyLevels: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        maxVideoSeconds: 600,
      },
    });
    expect(profile.accountId).toBe(fake.accounts().at(-1)!.openId);
  });

  it('refuses a wrong code verifier, and a code used twice', async () => {
    const codeVerifier = randomBytes(32).toString('base64url');
    const consent = await fetch(
      await tiktok.authorizationUrl({ state: 's', codeVerifier, redirectUri: REDIRECT }),
      { redirect: 'manual' },
    );
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const input = { code, state: 's', codeVerifier, redirectUri: REDIRECT };
    const wrong = await refusal(
      tiktok.exchangeCode({ ...input, codeVerifier: `${codeVerifier}x` }),
    );
    expect(wrong.kind).toBe('auth');
    expect(wrong.details.platformCode).toBe('invalid_request');
    await tiktok.exchangeCode(input);
    const again = await refusal(tiktok.exchangeCode(input));
    expect(again.kind).toBe('auth');
    expect(again.details.platformCode).toBe('invalid_grant');
  });

  it('revokes the tokens on disconnect, with a fresh token when the access token ran out', async () => {
    const first = await connect();
    await tiktok.revoke(first.tokens);
    expect((await refusal(tiktok.profile(first.tokens.accessToken))).kind).toBe('expired');
    expect((await refusal(tiktok.refresh(first.tokens))).kind).toBe('auth');

    const second = await connect();
    fake.expireAccessTokens(second.profile.accountId);
    await tiktok.revoke(second.tokens);
    expect((await refusal(tiktok.refresh(second.tokens))).kind).toBe('auth');
  });
});

describe('TikTok: publishing', () => {
  it('plans chunks by TikTok’s rules', () => {
    expect(tiktokChunks(1 * MIB)).toEqual({ chunkSize: 1 * MIB, count: 1 });
    expect(tiktokChunks(8 * MIB)).toEqual({ chunkSize: 8 * MIB, count: 1 });
    expect(tiktokChunks(25 * MIB)).toEqual({ chunkSize: 10 * MIB, count: 2 });
    const large = tiktokChunks(4000 * 1_000_000);
    expect(large.count).toBeLessThanOrEqual(1000);
    expect(4000 * 1_000_000 - large.chunkSize * (large.count - 1)).toBeLessThanOrEqual(128e6);
  });

  it('posts a video in chunks, labelled AI-made, and follows it until TikTok publishes it', async () => {
    const connected = await connect();
    const { request, saved } = publishOf(connected, [video(longClip)]);
    const published = await tiktok.publish(request);
    const [publish] = fake.publishes(connected.profile.accountId);
    const chunks = fake.chunks(publish!.publishId);
    expect(chunks.map(({ first, last, total }) => [first, last, total])).toEqual([
      [0, 10 * MIB - 1, 25 * MIB],
      [10 * MIB, 25 * MIB - 1, 25 * MIB],
    ]);
    expect(chunks.every((one) => one.contentType === 'video/mp4')).toBe(true);
    expect(chunks.map((one) => one.contentLength)).toEqual([10 * MIB, 15 * MIB]);
    const [post, ...others] = fake.posts(connected.profile.accountId);
    expect(others).toEqual([]);
    expect(post).toMatchObject({
      kind: 'video',
      title: request.caption,
      isAigc: true,
      privacyLevel: 'PUBLIC_TO_EVERYONE',
    });
    // The id is an int64 beyond JSON's exact numbers, kept whole.
    expect(post!.postId).toMatch(/^74\d{17}$/);
    expect(published).toEqual({
      remoteId: post!.postId,
      url: `https://www.tiktok.com/@${connected.profile.username}/video/${post!.postId}`,
    });
    expect(saved).toEqual([
      { publishId: publish!.publishId, uploadUrl: expect.stringMatching(/^https:\/\/open-upload/) },
      { uploaded: true },
    ]);
  });

  it('sends a short video whole', async () => {
    const connected = await connect();
    await tiktok.publish(publishOf(connected, [video(shortClip)]).request);
    const [publish] = fake.publishes(connected.profile.accountId);
    expect(fake.chunks(publish!.publishId).map(({ first, last }) => [first, last])).toEqual([
      [0, MIB - 1],
    ]);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
  });

  it('posts pictures TikTok pulls from Muse’s links, with a title', async () => {
    const connected = await connect();
    const caption = `${'A very long first line about the shoot '.repeat(4)}\nand more words`;
    const published = await tiktok.publish(
      publishOf(connected, [picture('one.jpg'), picture('two.jpg')], { caption }).request,
    );
    const [post] = fake.posts(connected.profile.accountId);
    expect(post).toMatchObject({ kind: 'photo', mediaCount: 2, description: caption });
    expect(post!.title).toBe(caption.split('\n')[0]!.slice(0, 90));
    // The photo post has no AI-made field.
    expect(post!.isAigc).toBe(false);
    expect(published.url).toBe(
      `https://www.tiktok.com/@${connected.profile.username}/photo/${post!.postId}`,
    );
    expect(
      fake
        .downloads()
        .slice(-2)
        .map((one) => one.status),
    ).toEqual([200, 200]);
  });

  it('retries without starting a second post', async () => {
    const connected = await connect();
    const first = publishOf(connected, [video(shortClip)]);
    fake.rateLimitNext(1, { step: 'status' });
    const error = await refusal(tiktok.publish(first.request));
    expect(error.kind).toBe('rate_limited');
    expect(first.progress).toMatchObject({ uploaded: true });

    const calls = platforms.requests.length;
    const published = await tiktok.publish(
      publishOf(connected, [video(shortClip)], { progress: first.progress }).request,
    );
    expect(inits(connected)).toBe(1);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
    expect(published.remoteId).toBe(fake.posts(connected.profile.accountId)[0]!.postId);
    expect(
      platforms.requests.slice(calls).every((one) => one.path === '/v2/post/publish/status/fetch/'),
    ).toBe(true);
  });

  it('finishes an upload that stopped, from where TikTok’s count says', async () => {
    const connected = await connect();
    const first = publishOf(connected, [video(longClip)]);
    fake.failNextChunk(500, { after: 1 });
    const error = await refusal(tiktok.publish(first.request));
    expect(error.kind).toBe('unavailable');
    expect(first.progress.uploaded).toBeUndefined();

    await tiktok.publish(
      publishOf(connected, [video(longClip)], { progress: first.progress }).request,
    );
    expect(inits(connected)).toBe(1);
    const chunks = fake.chunks(first.progress.publishId as string);
    expect(chunks.map(({ first: from }) => from)).toEqual([0, 10 * MIB]);
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
  });

  it('keeps a private post’s publish id as its id', async () => {
    const connected = await connect();
    const published = await tiktok.publish(
      publishOf(connected, [video(shortClip)], { privacyLevel: 'SELF_ONLY' }).request,
    );
    const [post] = fake.posts(connected.profile.accountId);
    expect(post).toMatchObject({ postId: null, privacyLevel: 'SELF_ONLY' });
    expect(published).toEqual({
      remoteId: post!.publishId,
      url: `https://www.tiktok.com/@${connected.profile.username}`,
    });
    expect(
      await tiktok.counts(connected.tokens.accessToken, connected.profile, published.remoteId),
    ).toEqual({ views: null, likes: null, comments: null, shares: null });
  });

  it('stops polling when the publish is cancelled', async () => {
    const connected = await connect();
    fake.processingPolls(1000);
    try {
      const controller = new AbortController();
      const publishing = tiktok.publish(
        publishOf(connected, [video(shortClip)], { signal: controller.signal }).request,
      );
      setTimeout(() => controller.abort(new Error('shutting down')), 40);
      await expect(publishing).rejects.toThrow('shutting down');
    } finally {
      fake.processingPolls(null);
    }
    expect(fake.posts(connected.profile.accountId)).toHaveLength(0);
  });
});

describe('TikTok: errors', () => {
  it('reports an expired token as expired; a refresh gives tokens that work', async () => {
    const connected = await connect();
    fake.expireAccessTokens(connected.profile.accountId);
    const error = await refusal(tiktok.profile(connected.tokens.accessToken));
    expect(error.kind).toBe('expired');
    expect(error.details).toMatchObject({ platformCode: 'access_token_invalid', status: 401 });
    const refreshed = await tiktok.refresh(connected.tokens);
    expect(refreshed.accessToken).not.toBe(connected.tokens.accessToken);
    expect((await tiktok.profile(refreshed.accessToken)).accountId).toBe(
      connected.profile.accountId,
    );
    await tiktok.publish(
      publishOf({ ...connected, tokens: refreshed }, [video(shortClip)], {
        accessToken: refreshed.accessToken,
      }).request,
    );
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
  });

  it('reports a revoked connection: the token as expired, its refresh as auth', async () => {
    const connected = await connect();
    fake.revoke(connected.profile.accountId);
    const error = await refusal(tiktok.publish(publishOf(connected, [video(shortClip)]).request));
    expect(error.kind).toBe('expired');
    const refresh = await refusal(tiktok.refresh(connected.tokens));
    expect(refresh.kind).toBe('auth');
    expect(refresh.details.platformCode).toBe('invalid_grant');
    expect(refresh.message).not.toContain(connected.tokens.refreshToken!);
  });

  it('reports a rate limit with the time to try again', async () => {
    const connected = await connect();
    fake.rateLimitNext(1, { step: 'init' });
    const error = await refusal(tiktok.publish(publishOf(connected, [video(shortClip)]).request));
    expect(error.kind).toBe('rate_limited');
    expect(Math.abs(error.details.retryAt!.getTime() - (Date.now() + 60_000))).toBeLessThan(5_000);

    fake.answerNext('spam_risk_too_many_posts', { step: 'init' });
    const daily = await refusal(tiktok.publish(publishOf(connected, [video(shortClip)]).request));
    expect(daily.kind).toBe('rate_limited');
    const tomorrow = Date.now() + 86_400_000;
    expect(Math.abs(daily.details.retryAt!.getTime() - tomorrow)).toBeLessThan(5_000);
    expect(inits(connected)).toBe(0);
  });

  it('meets TikTok’s own limit of six posts a minute', async () => {
    const connected = await connect();
    for (let post = 0; post < 6; post += 1)
      await tiktok.publish(publishOf(connected, [picture()]).request);
    const error = await refusal(tiktok.publish(publishOf(connected, [picture()]).request));
    expect(error.kind).toBe('rate_limited');
    expect(fake.posts(connected.profile.accountId)).toHaveLength(6);
  });

  it('refuses a privacy level the account does not have, before TikTok does', async () => {
    const connected = await connect();
    const error = await refusal(
      tiktok.publish(
        publishOf(connected, [video(shortClip)], { privacyLevel: 'FOLLOWER_OF_CREATOR' }).request,
      ),
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('TikTok does not allow this account to post as FOLLOWER_OF_CREATOR');
    expect(inits(connected)).toBe(0);
  });

  it('tells an unaudited app to post privately', async () => {
    const connected = await connect({ unaudited: true });
    const error = await refusal(tiktok.publish(publishOf(connected, [video(shortClip)]).request));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(
      'TikTok lets this app post only privately until it passes TikTok’s audit: choose "Only me"',
    );
    await tiktok.publish(
      publishOf(connected, [video(shortClip)], { privacyLevel: 'SELF_ONLY' }).request,
    );
    expect(fake.posts(connected.profile.accountId)).toHaveLength(1);
  });

  it('reports refused parameters as refused', async () => {
    const connected = await connect();
    fake.answerNext('invalid_params', { step: 'init' });
    const error = await refusal(tiktok.publish(publishOf(connected, [picture()]).request));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('TikTok refused the pictures: The request parameters are invalid.');
  });

  it('reports a failed processing as failed, in words', async () => {
    const connected = await connect();
    fake.failProcessingNext('frame_rate_check_failed');
    const error = await refusal(tiktok.publish(publishOf(connected, [video(shortClip)]).request));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe(
      'TikTok could not publish the video: TikTok takes videos of 23 to 60 frames a second',
    );
    expect(error.details.platformCode).toBe('frame_rate_check_failed');

    // A picture TikTok cannot download, or cannot read, fails the post the same way.
    const pulled = await refusal(
      tiktok.publish(publishOf(connected, [picture('one.jpg', 'forged')]).request),
    );
    expect(pulled.kind).toBe('failed');
    expect(pulled.message).toBe(
      'TikTok could not publish the pictures: TikTok could not download the pictures from Muse',
    );
    const png = await refusal(tiktok.publish(publishOf(connected, [picture('three.png')]).request));
    expect(png.details.platformCode).toBe('file_format_check_failed');
    expect(fake.posts(connected.profile.accountId)).toHaveLength(0);
  });

  it('reports TikTok down as unavailable', async () => {
    const connected = await connect();
    fake.answerNext('internal_error', { step: 'creator_info' });
    const error = await refusal(tiktok.publish(publishOf(connected, [video(shortClip)]).request));
    expect(error.kind).toBe('unavailable');
    expect(error.details.status).toBe(500);
  });
});

describe('TikTok: counts', () => {
  it('reads a video’s views, likes, comments and shares', async () => {
    const connected = await connect();
    const published = await tiktok.publish(publishOf(connected, [video(shortClip)]).request);
    fake.setCounts(published.remoteId, { views: 4321, likes: 65, comments: 8, shares: 9 });
    expect(
      await tiktok.counts(connected.tokens.accessToken, connected.profile, published.remoteId),
    ).toEqual({ views: 4321, likes: 65, comments: 8, shares: 9 });
  });

  it('cannot delete a published post: TikTok’s API has no such call, so none is made', async () => {
    const before = platforms.requests.length;
    expect(
      await tiktok.remove('any-token', { accountId: '17841400000000001' }, '18000000000000001'),
    ).toBe('unsupported');
    expect(platforms.requests.length).toBe(before);
  });
});
