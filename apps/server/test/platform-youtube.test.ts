import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createYouTubePublisher,
  nextPacificMidnight,
} from '../src/modules/platforms/adapters/youtube';
import {
  PlatformError,
  type TPlatformTokens,
  type TPublishMedia,
  type TPublishProgress,
  type TPublishRequest,
  type TPublisher,
} from '../src/modules/platforms/publisher';
import {
  FAKE_GOOGLE_ACCOUNT_COOKIE,
  fakeGoogleAccountCookie,
  startFakeGoogle,
  type TFakeGoogle,
} from './fakes/google-oidc';
import { startFakePlatformsServer, type TFakePlatformsServer } from './fakes/platforms';
import { createFakeYouTube, type TFakeYouTube } from './fakes/platforms/youtube';

const REDIRECT_URI = 'https://muse.test/api/platforms/youtube/callback';

let google: TFakeGoogle;
let server: TFakePlatformsServer;
let youtube: TFakeYouTube;
let publisher: TPublisher;

beforeAll(async () => {
  google = await startFakeGoogle();
  youtube = createFakeYouTube();
  server = await startFakePlatformsServer([youtube]);
  publisher = createYouTubePublisher({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    apiUrl: server.url,
    issuer: google.issuer,
  });
});
afterAll(async () => {
  await server.stop();
  await google.stop();
});

const pkce = () => ({
  state: randomBytes(16).toString('base64url'),
  codeVerifier: randomBytes(48).toString('base64url'),
});

/**
 * A creator connects: Muse's consent link, the browser at Google's consent, the code traded.
 * Each connection signs in as its own Google account: the fake's tokens are JWTs without a
 * unique id, alike for one account within a second, and a test marks tokens dead one by one.
 */
async function connect(options: { scope?: string } = {}): Promise<TPlatformTokens> {
  const { state, codeVerifier } = pkce();
  const consent = await publisher.authorizationUrl({
    state,
    codeVerifier,
    redirectUri: REDIRECT_URI,
  });
  // A grant of other scopes: a channel connected before Muse asked for what it now asks.
  if (options.scope) consent.searchParams.set('scope', options.scope);
  const account = fakeGoogleAccountCookie({
    sub: `1047${randomBytes(8).readBigUInt64BE().toString()}`,
    email: 'youtube.creator@example.com',
    name: 'Muse Creator',
  });
  const answer = await fetch(consent, {
    redirect: 'manual',
    headers: { cookie: `${FAKE_GOOGLE_ACCOUNT_COOKIE}=${account}` },
  });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe(state);
  return publisher.exchangeCode({
    code: back.searchParams.get('code') ?? '',
    state,
    codeVerifier,
    redirectUri: REDIRECT_URI,
  });
}

function video(bytes: number): TPublishMedia & { data: Buffer } {
  const data = randomBytes(bytes);
  return {
    kind: 'video',
    contentType: 'video/mp4',
    width: 1080,
    height: 1920,
    durationMs: 12_000,
    bytes,
    read: async () => data,
    url: 'https://muse.test/files/signed',
    data,
  };
}

/** One post as the queue keeps it: its progress survives from one try to the next. */
function post(
  tokens: TPlatformTokens,
  input: { title: string; caption: string; media: TPublishMedia[] },
) {
  const kept: { progress: TPublishProgress; saves: TPublishProgress[] } = {
    progress: {},
    saves: [],
  };
  const attempt = (): TPublishRequest => ({
    accessToken: tokens.accessToken,
    account: { accountId: youtube.channel.id, username: 'musecreator', details: {} },
    caption: input.caption,
    title: input.title,
    privacyLevel: null,
    media: input.media,
    progress: { ...kept.progress },
    saveProgress: async (progress) => {
      kept.saves.push(progress);
      kept.progress = { ...kept.progress, ...progress };
    },
    pollIntervalMs: 10,
    signal: AbortSignal.timeout(15_000),
  });
  return { kept, attempt };
}

async function failure(call: Promise<unknown>): Promise<PlatformError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

/** Bytes compared by their hash: deep equality of large buffers is slow. */
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A Google whose token endpoint answers every grant as Google does once the creator revoked
 * Muse: `invalid_grant` (the Google fake issues tokens for any refresh token, and cannot be
 * told otherwise from here).
 */
async function startRevokingGoogle() {
  const issuerServer = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          response_types_supported: ['code'],
        }),
      );
      return;
    }
    response.statusCode = 400;
    response.end(
      JSON.stringify({
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      }),
    );
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => issuerServer.close(() => resolve())),
  };
}

describe('the YouTube publisher', () => {
  it('sends the creator to Google’s consent for an offline grant, with its state and a PKCE S256 challenge', async () => {
    const { state, codeVerifier } = pkce();
    const url = await publisher.authorizationUrl({
      state,
      codeVerifier,
      redirectUri: REDIRECT_URI,
    });
    expect(url.origin + url.pathname).toBe(`${google.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    });
  });

  it('trades the code at Google’s token endpoint and reads the channel', async () => {
    const tokens = await connect();
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    const profile = await publisher.profile(tokens.accessToken);
    expect(profile).toEqual({
      accountId: youtube.channel.id,
      username: 'musecreator',
      displayName: 'Muse Creator',
      pictureUrl: expect.stringMatching(/^https:\/\/yt3\.ggpht\.com\/.+=s800/),
      profileUrl: 'https://www.youtube.com/@musecreator',
      details: {},
    });
    expect(server.requests).toContainEqual({
      method: 'GET',
      host: 'youtube.googleapis.com',
      path: '/youtube/v3/channels',
    });
    expect(
      await publisher.nextSlot(tokens.accessToken, { accountId: profile.accountId }),
    ).toBeNull();
  });

  it('uploads a Short in a resumable session, marked as AI-made, and waits for its processing', async () => {
    const tokens = await connect();
    const clip = video(300_000);
    const { kept, attempt } = post(tokens, {
      title: 'Golden hour',
      caption: 'A walk by the sea #shorts',
      media: [clip],
    });
    const published = await publisher.publish(attempt());

    expect(published.url).toBe(`https://www.youtube.com/shorts/${published.remoteId}`);
    const uploaded = youtube.videos().find((entry) => entry.id === published.remoteId)!;
    expect(uploaded.snippet).toEqual({
      title: 'Golden hour',
      description: 'A walk by the sea #shorts',
      categoryId: '22',
    });
    expect(uploaded.status).toMatchObject({
      privacyStatus: 'public',
      selfDeclaredMadeForKids: false,
      containsSyntheticMedia: true,
      uploadStatus: 'processed',
    });
    expect(uploaded.contentType).toBe('video/mp4');
    expect(digest(uploaded.bytes)).toBe(digest(clip.data));
    // The session's address (Google's own, not the test server's) is kept before the bytes go.
    expect(kept.saves).toEqual([
      {
        uploadUrl: expect.stringMatching(
          /^https:\/\/youtube\.googleapis\.com\/upload\/youtube\/v3\/videos\?.*upload_id=/,
        ),
      },
      { videoId: published.remoteId },
    ]);
    expect(uploaded.polls).toBeGreaterThanOrEqual(2);
  });

  it('resumes an upload cut off midway: one video with every byte', async () => {
    const tokens = await connect();
    const clip = video(400_000);
    const { kept, attempt } = post(tokens, {
      title: 'Resumed',
      caption: 'Second try',
      media: [clip],
    });
    youtube.failNextUploadMidway();
    const videosBefore = youtube.videos().length;
    const first = await failure(publisher.publish(attempt()));
    expect(first).toMatchObject({ kind: 'unavailable', details: { status: 503 } });
    const session = youtube
      .sessions()
      .find((entry) => entry.uploadUrl === kept.progress.uploadUrl)!;
    expect(session).toMatchObject({ received: 200_000, total: 400_000, videoId: null });

    const requestsBefore = server.requests.length;
    const published = await publisher.publish(attempt());
    expect(youtube.videos()).toHaveLength(videosBefore + 1);
    const uploaded = youtube.videos().find((entry) => entry.id === published.remoteId)!;
    expect(uploaded.bytes.length).toBe(400_000);
    expect(digest(uploaded.bytes)).toBe(digest(clip.data));
    // The retry asked the session where it stood and sent the rest, in the same session.
    const retry = server.requests
      .slice(requestsBefore)
      .map((entry) => `${entry.method} ${entry.path}`);
    expect(retry.slice(0, 2)).toEqual([
      'PUT /upload/youtube/v3/videos',
      'PUT /upload/youtube/v3/videos',
    ]);
    expect(retry).not.toContain('POST /upload/youtube/v3/videos');

    // With the video kept, a later try uploads nothing.
    const sessions = youtube.sessions().length;
    expect(await publisher.publish(attempt())).toEqual(published);
    expect(youtube.sessions()).toHaveLength(sessions);
    expect(youtube.videos()).toHaveLength(videosBefore + 1);
  });

  it('fails the post when YouTube rejects the video, saying why', async () => {
    const tokens = await connect();
    youtube.rejectNextUpload('duplicate');
    const error = await failure(
      publisher.publish(
        post(tokens, { title: 'Again', caption: '', media: [video(50_000)] }).attempt(),
      ),
    );
    expect(error).toMatchObject({ kind: 'failed', details: { platformCode: 'duplicate' } });
    expect(error.message).toContain('duplicates a video already on the channel');
  });

  it('says refused for a title YouTube will not take', async () => {
    const tokens = await connect();
    const error = await failure(
      publisher.publish(
        post(tokens, { title: 'Look <here>', caption: 'x', media: [video(20_000)] }).attempt(),
      ),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      details: { status: 400, platformCode: 'invalidTitle' },
    });
    expect(error.message).toContain('title');
  });

  it('says expired for a spent access token; the refreshed one works', async () => {
    const tokens = await connect();
    youtube.expireToken(tokens.accessToken);
    const expired = await failure(publisher.profile(tokens.accessToken));
    expect(expired).toMatchObject({
      kind: 'expired',
      details: { status: 401, platformCode: 'authError' },
    });
    const renewed = await publisher.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect((await publisher.profile(renewed.accessToken)).accountId).toBe(youtube.channel.id);
  });

  it('says auth once the creator revoked Muse: the token fails, and Google refuses the refresh', async () => {
    const tokens = await connect();
    youtube.revokeToken(tokens.accessToken);
    expect((await failure(publisher.profile(tokens.accessToken))).kind).toBe('expired');
    const revokingGoogle = await startRevokingGoogle();
    try {
      const revoked = createYouTubePublisher({
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        apiUrl: server.url,
        issuer: revokingGoogle.issuer,
      });
      const refused = await failure(revoked.refresh(tokens));
      expect(refused).toMatchObject({
        kind: 'auth',
        details: { status: 400, platformCode: 'invalid_grant' },
      });
    } finally {
      await revokingGoogle.stop();
    }
  });

  it('says rate_limited until midnight Pacific time when the quota is spent', async () => {
    const tokens = await connect();
    youtube.quotaExceededNext();
    const limited = await failure(
      publisher.publish(
        post(tokens, { title: 'Quota', caption: '', media: [video(20_000)] }).attempt(),
      ),
    );
    expect(limited).toMatchObject({
      kind: 'rate_limited',
      details: { status: 403, platformCode: 'quotaExceeded' },
    });
    const retryAt = limited.details.retryAt!;
    expect(retryAt.getTime()).toBeGreaterThan(Date.now());
    expect(retryAt.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3600_000);
    const pacific = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(retryAt);
    expect(pacific).toBe('00:00:00');
  });

  it('finds midnight Pacific time across daylight saving changes', () => {
    // 1:30 a.m. PST on the day clocks go forward (8 March 2026): midnight next is in PDT.
    expect(nextPacificMidnight(new Date('2026-03-08T09:30:00Z')).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    // 1:30 a.m. PDT on the day clocks go back (1 November 2026): midnight next is in PST.
    expect(nextPacificMidnight(new Date('2026-11-01T08:30:00Z')).toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
    expect(nextPacificMidnight(new Date('2026-07-15T19:00:00Z')).toISOString()).toBe(
      '2026-07-16T07:00:00.000Z',
    );
  });

  it('reads a video’s counts', async () => {
    const tokens = await connect();
    const published = await publisher.publish(
      post(tokens, { title: 'Counted', caption: '', media: [video(20_000)] }).attempt(),
    );
    youtube.setCounts(published.remoteId, { views: 5400, likes: 310, comments: 12 });
    expect(
      await publisher.counts(
        tokens.accessToken,
        { accountId: youtube.channel.id },
        published.remoteId,
      ),
    ).toEqual({ views: 5400, likes: 310, comments: 12, shares: null });
  });

  it('gives the grant back on disconnect, at the issuer’s revocation endpoint', async () => {
    const tokens = await connect();
    await expect(publisher.revoke(tokens)).resolves.toBeUndefined();
  });

  it('deletes a video with videos.delete: gone from YouTube’s reads; a video YouTube no longer has is gone', async () => {
    const tokens = await connect();
    expect(tokens.scopes).toContain('https://www.googleapis.com/auth/youtube.force-ssl');
    const { remoteId } = await publisher.publish(
      post(tokens, { title: 'Down', caption: 'Taken down', media: [video(40_000)] }).attempt(),
    );
    const account = { accountId: youtube.channel.id };
    expect(await publisher.remove(tokens.accessToken, account, remoteId)).toBe('deleted');
    expect(youtube.deletions().at(-1)).toEqual({
      videoId: remoteId,
      channelId: youtube.channel.id,
    });
    expect(youtube.videos().some((item) => item.id === remoteId)).toBe(false);
    const deletions = youtube.deletions().length;
    expect(await publisher.remove(tokens.accessToken, account, remoteId)).toBe('gone');
    expect(youtube.deletions().length).toBe(deletions);
  });

  it('says why YouTube did not delete a video: a grant without the scope, a spent token, YouTube down', async () => {
    const tokens = await connect();
    const { remoteId } = await publisher.publish(
      post(tokens, { title: 'Kept', caption: 'Still there', media: [video(40_000)] }).attempt(),
    );
    const account = { accountId: youtube.channel.id };
    const narrow = await connect({
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
    });
    const unscoped = await failure(publisher.remove(narrow.accessToken, account, remoteId));
    expect(unscoped.kind).toBe('auth');
    expect(unscoped.details.platformCode).toBe('insufficientPermissions');
    youtube.failNextDelete();
    expect((await failure(publisher.remove(tokens.accessToken, account, remoteId))).kind).toBe(
      'unavailable',
    );
    youtube.expireToken(tokens.accessToken);
    expect((await failure(publisher.remove(tokens.accessToken, account, remoteId))).kind).toBe(
      'expired',
    );
    expect(youtube.videos().some((item) => item.id === remoteId)).toBe(true);
  });
});
