import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXPublisher } from '../src/modules/platforms/adapters/x';
import {
  PlatformError,
  type TPlatformTokens,
  type TPublishMedia,
  type TPublishProgress,
  type TPublishRequest,
  type TPublisher,
} from '../src/modules/platforms/publisher';
import { startFakePlatformsServer, type TFakePlatformsServer } from './fakes/platforms';
import { createFakeX, type TFakeX, type TFakeXAccount } from './fakes/platforms/x';

const REDIRECT_URI = 'https://muse.test/api/platforms/x/callback';

let server: TFakePlatformsServer;
let x: TFakeX;
let publisher: TPublisher;
let creator: TFakeXAccount;

beforeAll(async () => {
  x = createFakeX();
  creator = x.addAccount({ username: 'gia_muse', name: 'Gia' });
  server = await startFakePlatformsServer([x]);
  publisher = createXPublisher({
    clientId: x.clientId,
    clientSecret: x.clientSecret,
    apiUrl: server.url,
  });
});
afterAll(() => server.stop());

const pkce = () => ({
  state: randomBytes(16).toString('base64url'),
  codeVerifier: randomBytes(48).toString('base64url'),
});

/** A creator connects: Muse's consent link, the browser at X's consent page, the code traded. */
async function connect(account: TFakeXAccount = creator): Promise<TPlatformTokens> {
  const { state, codeVerifier } = pkce();
  x.nextAccount(account.id);
  const consent = await publisher.authorizationUrl({
    state,
    codeVerifier,
    redirectUri: REDIRECT_URI,
  });
  const answer = await fetch(consent, { redirect: 'manual' });
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

function file(kind: 'image' | 'video', bytes: number): TPublishMedia & { data: Buffer } {
  const data = randomBytes(bytes);
  return {
    kind,
    contentType: kind === 'image' ? 'image/jpeg' : 'video/mp4',
    width: 1080,
    height: 1350,
    durationMs: kind === 'video' ? 8_000 : null,
    bytes,
    read: async () => data,
    url: 'https://muse.test/files/signed',
    data,
  };
}

/** One post as the queue keeps it: its progress survives from one try to the next. */
function post(tokens: TPlatformTokens, input: { caption: string; media: TPublishMedia[] }) {
  const kept: { progress: TPublishProgress; saves: TPublishProgress[] } = {
    progress: {},
    saves: [],
  };
  const attempt = (accessToken = tokens.accessToken): TPublishRequest => ({
    accessToken,
    account: { accountId: creator.id, username: creator.username, details: {} },
    caption: input.caption,
    title: null,
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

/** The PlatformError a call fails with. */
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

const caption = (words: string) => `${words} ${randomBytes(4).toString('hex')}`;

describe('the X publisher', () => {
  it('sends the creator to X’s consent page with its state and a PKCE S256 challenge of its verifier', async () => {
    const { state, codeVerifier } = pkce();
    const url = await publisher.authorizationUrl({
      state,
      codeVerifier,
      redirectUri: REDIRECT_URI,
    });
    expect(url.origin + url.pathname).toBe(`${server.url}/x.com/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: x.clientId,
      redirect_uri: REDIRECT_URI,
      state,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'tweet.read tweet.write users.read media.write offline.access',
    });
    expect(publisher.scopes).toContain('media.write');
  });

  it('trades the code for two-hour tokens at X’s token endpoint and reads the profile', async () => {
    const before = Date.now();
    const tokens = await connect();
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.accessExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 7_199_000);
    expect(tokens.accessExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 7_200_000);
    expect(tokens.scopes).toEqual(publisher.scopes);
    // The library sends the token request with the app's Basic credentials, as X requires.
    expect(server.requests).toContainEqual({
      method: 'POST',
      host: 'api.x.com',
      path: '/2/oauth2/token',
    });

    const profile = await publisher.profile(tokens.accessToken);
    expect(profile).toEqual({
      accountId: creator.id,
      username: 'gia_muse',
      displayName: 'Gia',
      pictureUrl: `https://pbs.twimg.com/profile_images/${creator.id}/avatar_400x400.jpg`,
      profileUrl: 'https://x.com/gia_muse',
      details: { maxCaptionLength: 280 },
    });
    expect(await publisher.nextSlot(tokens.accessToken, { accountId: creator.id })).toBeNull();
  });

  it('gives a subscribed account X’s long posts', async () => {
    const premium = x.addAccount({ username: 'premium_muse', subscriptionType: 'Premium' });
    const blue = x.addAccount({ username: 'blue_muse', verifiedType: 'blue' });
    for (const account of [premium, blue]) {
      const profile = await publisher.profile((await connect(account)).accessToken);
      expect(profile.details.maxCaptionLength).toBe(25_000);
    }
  });

  it('refuses a code traded with another verifier', async () => {
    const { state, codeVerifier } = pkce();
    x.nextAccount(creator.id);
    const consent = await publisher.authorizationUrl({
      state,
      codeVerifier,
      redirectUri: REDIRECT_URI,
    });
    const back = new URL(
      (await fetch(consent, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    const code = back.searchParams.get('code') ?? '';
    const wrong = await failure(
      publisher.exchangeCode({
        code,
        state,
        codeVerifier: pkce().codeVerifier,
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(wrong.kind).toBe('auth');
    expect(wrong.details.platformCode).toBe('invalid_request');
  });

  it('posts two pictures: each upload kept before the next, then the post', async () => {
    const tokens = await connect();
    const pictures = [file('image', 200_000), file('image', 150_000)];
    const { kept, attempt } = post(tokens, { caption: caption('Two looks'), media: pictures });
    const published = await publisher.publish(attempt());

    const tweet = x.tweets().find((entry) => entry.id === published.remoteId);
    expect(tweet).toMatchObject({
      authorId: creator.id,
      text: expect.stringMatching(/^Two looks /),
      mediaKinds: ['image', 'image'],
    });
    expect(published.url).toBe(`https://x.com/gia_muse/status/${published.remoteId}`);
    const uploads = x.uploads().filter((upload) => tweet!.mediaIds.includes(upload.id));
    expect(uploads.map((upload) => digest(upload.bytes()))).toEqual(
      pictures.map((picture) => digest(picture.data)),
    );
    expect(uploads.map((upload) => upload.category)).toEqual(['tweet_image', 'tweet_image']);
    expect(kept.saves).toEqual([
      { mediaIds: [tweet!.mediaIds[0]] },
      { mediaIds: tweet!.mediaIds },
      // Kept before the post is sent: a retry whose answer was lost looks for it first.
      { tweetSent: true },
      { tweetId: published.remoteId },
    ]);
  });

  it('posts a video in chunks and waits out X’s processing before posting', async () => {
    const tokens = await connect();
    const video = file('video', 1_300_000);
    const { attempt } = post(tokens, { caption: caption('In motion'), media: [video] });
    const published = await publisher.publish(attempt());

    const tweet = x.tweets().find((entry) => entry.id === published.remoteId)!;
    expect(tweet.mediaKinds).toEqual(['video']);
    const upload = x.uploads().find((entry) => entry.id === tweet.mediaIds[0])!;
    expect(upload).toMatchObject({
      category: 'tweet_video',
      segments: 2,
      state: 'succeeded',
      statusPolls: 2,
    });
    expect(digest(upload.bytes())).toBe(digest(video.data));
    const paths = server.requests.map((request) => `${request.method} ${request.path}`);
    for (const step of [
      'POST /2/media/upload/initialize',
      `POST /2/media/upload/${upload.id}/append`,
      `POST /2/media/upload/${upload.id}/finalize`,
      'GET /2/media/upload',
    ])
      expect(paths).toContain(step);
  });

  it('fails the post when X cannot process the video', async () => {
    const tokens = await connect();
    x.failNextMediaProcessing();
    const { attempt } = post(tokens, {
      caption: caption('Broken clip'),
      media: [file('video', 100_000)],
    });
    const error = await failure(publisher.publish(attempt()));
    expect(error.kind).toBe('failed');
    expect(error.message).toContain('Unsupported video format');
  });

  it('posts once when X fails after the uploads: the retry reuses the media', async () => {
    const tokens = await connect();
    const { kept, attempt } = post(tokens, {
      caption: caption('Retried'),
      media: [file('image', 120_000), file('image', 130_000)],
    });
    x.failNextTweet();
    const tweetsBefore = x.tweets().length;
    const first = await failure(publisher.publish(attempt()));
    expect(first.kind).toBe('unavailable');
    const uploadsAfterFirst = x.uploads().length;
    expect(kept.progress.mediaIds).toHaveLength(2);

    const published = await publisher.publish(attempt());
    expect(x.uploads()).toHaveLength(uploadsAfterFirst);
    expect(x.tweets()).toHaveLength(tweetsBefore + 1);
    expect(x.tweets().at(-1)).toMatchObject({
      id: published.remoteId,
      mediaIds: kept.progress.mediaIds,
    });

    // The post is kept: a third try returns it without posting again.
    const again = await publisher.publish(attempt());
    expect(again).toEqual(published);
    expect(x.tweets()).toHaveLength(tweetsBefore + 1);
  });

  it('finds a post whose answer was lost instead of posting it again', async () => {
    const tokens = await connect();
    const { kept, attempt } = post(tokens, {
      caption: caption('Lost answer'),
      media: [file('image', 60_000)],
    });
    x.loseNextTweetAnswer();
    const tweetsBefore = x.tweets().length;
    const first = await failure(publisher.publish(attempt()));
    expect(first.kind).toBe('unavailable');
    // X made it: the answer alone was lost.
    expect(x.tweets()).toHaveLength(tweetsBefore + 1);
    const published = await publisher.publish(attempt());
    expect(x.tweets()).toHaveLength(tweetsBefore + 1);
    expect(published.remoteId).toBe(x.tweets().at(-1)!.id);
    expect(kept.progress.tweetId).toBe(published.remoteId);
  });

  it('says refused for what X will not post', async () => {
    const tokens = await connect();
    const five = post(tokens, {
      caption: caption('Five'),
      media: Array.from({ length: 5 }, () => file('image', 20_000)),
    });
    const tooMany = await failure(publisher.publish(five.attempt()));
    expect(tooMany).toMatchObject({ kind: 'refused', details: { status: 400 } });
    expect(tooMany.message).toContain('size must be between 1 and 4');

    const mixed = post(tokens, {
      caption: caption('Mixed'),
      media: [file('image', 20_000), file('video', 40_000)],
    });
    const mixes = await failure(publisher.publish(mixed.attempt()));
    expect(mixes.kind).toBe('refused');
    expect(mixes.message).toContain('Your media IDs are invalid.');

    const text = caption('Said once');
    await publisher.publish(
      post(tokens, { caption: text, media: [file('image', 20_000)] }).attempt(),
    );
    const duplicate = await failure(
      publisher.publish(post(tokens, { caption: text, media: [file('image', 20_000)] }).attempt()),
    );
    expect(duplicate).toMatchObject({ kind: 'refused', details: { status: 403 } });
    expect(duplicate.message).toContain('duplicate content');

    x.refuseNextTweet('You are not permitted to perform this action.');
    const forbidden = await failure(
      publisher.publish(
        post(tokens, { caption: caption('No'), media: [file('image', 20_000)] }).attempt(),
      ),
    );
    expect(forbidden.kind).toBe('refused');
    expect(forbidden.message).toContain('You are not permitted to perform this action.');
  });

  it('says expired after two hours; the rotated refresh token works and the spent one does not', async () => {
    const tokens = await connect();
    x.expireAccessTokens(creator.id);
    const expired = await failure(publisher.profile(tokens.accessToken));
    expect(expired).toMatchObject({ kind: 'expired', details: { status: 401 } });

    const renewed = await publisher.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await publisher.profile(renewed.accessToken)).username).toBe('gia_muse');

    const spent = await failure(publisher.refresh(tokens));
    expect(spent).toMatchObject({ kind: 'auth', details: { platformCode: 'invalid_request' } });
  });

  it('says auth once the creator revoked Muse on X', async () => {
    const revokedCreator = x.addAccount({ username: 'revoking_muse' });
    const tokens = await connect(revokedCreator);
    x.revoke(revokedCreator.id);
    expect((await failure(publisher.profile(tokens.accessToken))).kind).toBe('expired');
    expect((await failure(publisher.refresh(tokens))).kind).toBe('auth');
  });

  it('gives the tokens back on disconnect', async () => {
    const tokens = await connect();
    await publisher.revoke(tokens);
    expect((await failure(publisher.profile(tokens.accessToken))).kind).toBe('expired');
    expect((await failure(publisher.refresh(tokens))).kind).toBe('auth');
  });

  it('says rate_limited with X’s reset time', async () => {
    const tokens = await connect();
    x.rateLimitNext(1, { resetInSeconds: 600 });
    const limited = await failure(
      publisher.publish(
        post(tokens, { caption: caption('Too soon'), media: [file('image', 10_000)] }).attempt(),
      ),
    );
    expect(limited).toMatchObject({ kind: 'rate_limited', details: { status: 429 } });
    const wait = limited.details.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(590_000);
    expect(wait).toBeLessThanOrEqual(601_000);
  });

  it('says unavailable when X cannot be reached', async () => {
    const closed = await startFakePlatformsServer([]);
    await closed.stop();
    const unreachable = createXPublisher({
      clientId: x.clientId,
      clientSecret: x.clientSecret,
      apiUrl: closed.url,
    });
    expect((await failure(unreachable.profile('any-token'))).kind).toBe('unavailable');
    expect((await failure(unreachable.refresh({ accessToken: 'a', refreshToken: 'r' }))).kind).toBe(
      'unavailable',
    );
  });

  it('reads a post’s counts', async () => {
    const tokens = await connect();
    const published = await publisher.publish(
      post(tokens, { caption: caption('Counted'), media: [file('image', 10_000)] }).attempt(),
    );
    x.setCounts(published.remoteId, {
      impression_count: 1200,
      like_count: 80,
      reply_count: 7,
      retweet_count: 5,
      quote_count: 2,
    });
    expect(
      await publisher.counts(tokens.accessToken, { accountId: creator.id }, published.remoteId),
    ).toEqual({
      views: 1200,
      likes: 80,
      comments: 7,
      shares: 7,
    });
    const gone = await failure(
      publisher.counts(tokens.accessToken, { accountId: creator.id }, '42'),
    );
    expect(gone.kind).toBe('refused');
  });

  it('deletes a post with DELETE /2/tweets/:id: gone from X’s reads, once; a post X no longer has is gone', async () => {
    const tokens = await connect();
    const published = await publisher.publish(
      post(tokens, { caption: caption('Taken down'), media: [file('image', 10_000)] }).attempt(),
    );
    const account = { accountId: creator.id };
    expect(await publisher.remove(tokens.accessToken, account, published.remoteId)).toBe('deleted');
    expect(x.deletions().at(-1)).toEqual({ tweetId: published.remoteId, userId: creator.id });
    expect(x.tweets().some((tweet) => tweet.id === published.remoteId)).toBe(false);
    const deletions = x.deletions().length;
    // Deleted already (by Muse, or by the creator on X): nothing is deleted again.
    expect(await publisher.remove(tokens.accessToken, account, published.remoteId)).toBe('gone');
    expect(x.deletions().length).toBe(deletions);
  });

  it('says why X did not delete a post: another account’s, a lapsed token, X down', async () => {
    const tokens = await connect();
    const published = await publisher.publish(
      post(tokens, { caption: caption('Not theirs'), media: [file('image', 10_000)] }).attempt(),
    );
    const other = await connect(x.addAccount({ username: 'someone_else' }));
    const refused = await failure(
      publisher.remove(other.accessToken, { accountId: other.accessToken }, published.remoteId),
    );
    expect(refused.kind).toBe('refused');
    expect(refused.message).toContain('did not create');
    x.failNextDelete();
    const down = await failure(
      publisher.remove(tokens.accessToken, { accountId: creator.id }, published.remoteId),
    );
    expect(down.kind).toBe('unavailable');
    x.expireAccessTokens(creator.id);
    const expired = await failure(
      publisher.remove(tokens.accessToken, { accountId: creator.id }, published.remoteId),
    );
    expect(expired.kind).toBe('expired');
    expect(x.tweets().some((tweet) => tweet.id === published.remoteId)).toBe(true);
  });
});
