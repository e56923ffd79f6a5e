import { randomUUID } from 'node:crypto';
import {
  CAPTION_DRAFT_RULES,
  DRAFT_COST,
  DRAFT_TEXTS,
  MINORS_TEXT,
  PLATFORM_RULES,
  checkForPlatform,
  type TDraft,
  type TJob,
  type TVoiceProfile,
} from '@muse/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryItems, influencers } from '../src/db/schema';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { credits, finished, photo } from './creations';
import { createTestEngines } from './engines';
import {
  startFakeChatCompletions,
  type TFakeChatCompletions,
  type TFakeChatRequestBody,
} from './fakes/chat-completions';
import { multipartForm } from './images';

const silent = { info: () => {}, error: () => {} };

let text: TFakeChatCompletions;
let offline: TTestContext;
let hosted: TTestContext;
let seeing: TTestContext;
const workers: { stop: () => Promise<void> }[] = [];

/** How long the hosted app waits for an answer: a slow answer takes longer. */
const TIMEOUT_MS = 1_500;

beforeAll(async () => {
  text = await startFakeChatCompletions();
  const engines = { engines: createTestEngines().engines };
  const server = {
    ENGINE_TEXT: 'openai-compatible',
    TEXT_API_URL: text.url,
    TEXT_API_KEY: text.apiKey,
    TEXT_MODEL: 'llama3.1:8b',
    TEXT_TIMEOUT_MS: String(TIMEOUT_MS),
  };
  offline = await createTestApp({}, undefined, engines);
  hosted = await createTestApp(server, undefined, engines);
  seeing = await createTestApp({ ...server, TEXT_ACCEPTS_IMAGES: 'true' }, undefined, engines);
  for (const context of [offline, hosted, seeing])
    workers.push(
      await startWorker({
        db: context.database.db,
        pool: context.database.pool,
        deps: context.app.services,
        concurrency: 1,
        log: silent,
      }),
    );
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await text.close();
});

async function account(context: TTestContext, plan: 'launch' | null = 'launch') {
  const created = await registerAccount(context.app);
  if (plan) await buyPlan(context.app, created, plan);
  return created;
}

const PROFILE: TVoiceProfile = {
  tone: 'dry, warm, a little teasing',
  uses: ['no cap', 'rainy-day fits'],
  avoids: ['cheap'],
  emoji: 'few',
  language: 'en',
};

/** An influencer with one picture in its gallery (a real photo, so Muse can describe it). */
async function persona(context: TTestContext, owner: TTestAccount) {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: owner.headers,
    payload: multipartForm({
      name: 'Mara',
      niche: 'fashion',
      personality: 'Confident, playful and witty',
      description: 'A street-style creator who styles one piece five ways.',
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const influencerId: string = created.json().influencer.id;
  const picture = photo('same-person-01.jpg');
  const folder = `users/${owner.userId}/jobs/${randomUUID()}`;
  const { storage } = context.app.services;
  await storage.put(`${folder}/output-0.jpg`, picture);
  await storage.put(`${folder}/preview-0.webp`, await sharp(picture).resize(384).webp().toBuffer());
  const [item] = await context.database.db
    .insert(galleryItems)
    .values({
      workspaceId: owner.userId,
      influencerId,
      influencerName: 'Mara',
      kind: 'image',
      tool: 'generate-image',
      key: `${folder}/output-0.jpg`,
      thumbnailKey: `${folder}/preview-0.webp`,
      width: 1024,
      height: 1024,
      contentType: 'image/jpeg',
      fileName: 'mara.jpg',
      prompt: 'Mara in a yellow raincoat on a wet city street',
      engine: 'local',
      preview: true,
    })
    .returning();
  return { influencerId, itemId: item!.id };
}

async function draft(context: TTestContext, owner: TTestAccount, body: object) {
  const answer = await context.app.inject({
    method: 'POST',
    url: '/api/drafts',
    headers: owner.headers,
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const job: TJob = answer.json().job;
  expect(job.tool).toBe('write-text');
  return (await finished(context, owner, [job.id]))[0]!;
}

function captionsOf(job: TJob) {
  expect(job.status, job.failureReason ?? '').toBe('succeeded');
  const result = job.draft as Extract<TDraft, { kind: 'caption' }>;
  expect(result.kind).toBe('caption');
  return Object.fromEntries(result.captions.map((caption) => [caption.target, caption]));
}

/** The text of every message of a request, images left out. */
function said(body: TFakeChatRequestBody): string {
  return (body.messages ?? [])
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : (message.content as { type: string; text?: string }[])
            .map((part) => part.text ?? '')
            .join('\n'),
    )
    .join('\n');
}

const hasImage = (body: TFakeChatRequestBody) =>
  (body.messages ?? []).some(
    (message) =>
      Array.isArray(message.content) &&
      (message.content as { type: string }[]).some((part) => part.type === 'image_url'),
  );

describe('drafts offline (Muse’s templates)', () => {
  it('writes a caption for each target within its limits, free, labelled a preview', async () => {
    const owner = await account(offline);
    const { influencerId, itemId } = await persona(offline, owner);
    const before = await credits(offline, owner);
    const job = await draft(offline, owner, {
      kind: 'caption',
      influencerId,
      itemIds: [itemId],
      targets: ['page', 'instagram', 'x'],
    });
    expect(job).toMatchObject({ preview: true, cost: 0, engine: 'local' });
    const captions = captionsOf(job);
    expect(Object.keys(captions).sort()).toEqual(['instagram', 'page', 'x']);
    // What the picture was made from leads the caption.
    expect(captions.instagram!.caption.toLowerCase()).toContain('yellow raincoat');
    expect(captions.page!.hashtags).toEqual([]);
    expect(captions.instagram!.hashtags).toHaveLength(CAPTION_DRAFT_RULES.instagram.hashtags);
    for (const target of ['instagram', 'x'] as const)
      expect(checkForPlatform(target, { caption: captions[target]!.text, media: [] })).toEqual([
        expect.objectContaining({ code: 'NO_MEDIA' }),
      ]);
    expect(await credits(offline, owner)).toBe(before);
  });

  it('drafts a voice profile, which the creator saves, edits and every draft then follows', async () => {
    const owner = await account(offline);
    const { influencerId, itemId } = await persona(offline, owner);
    const url = `/api/influencers/${influencerId}/voice-profile`;
    const none = await offline.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(none.json()).toEqual({ success: true, profile: null });

    const drafted = await draft(offline, owner, { kind: 'voice-profile', influencerId });
    expect(drafted.draft).toMatchObject({ kind: 'voice-profile', profile: { language: 'en' } });
    const profile = (drafted.draft as Extract<TDraft, { kind: 'voice-profile' }>).profile;
    // The personality leads the tone.
    expect(profile.tone.toLowerCase()).toContain('confident');

    const bad = await offline.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { ...PROFILE, emoji: 'always' },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await offline.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { ...PROFILE, emoji: 'none' },
    });
    expect(saved.json()).toEqual({ success: true, profile: { ...PROFILE, emoji: 'none' } });

    const captions = captionsOf(
      await draft(offline, owner, {
        kind: 'caption',
        influencerId,
        itemIds: [itemId],
        targets: ['instagram'],
      }),
    );
    // The profile's words, and no emoji, as it says.
    expect(captions.instagram!.caption.toLowerCase()).toContain('no cap');
    expect(captions.instagram!.caption).not.toMatch(/\p{Extended_Pictographic}/u);

    const removed = await offline.app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(removed.json()).toEqual({ success: true, profile: null });
  });

  it('refuses words asking for a minor, another account’s items and influencers, before anything is queued', async () => {
    const owner = await account(offline);
    const other = await account(offline);
    const { influencerId, itemId } = await persona(offline, owner);
    const theirs = await persona(offline, other);
    const ask = (body: object) =>
      offline.app.inject({
        method: 'POST',
        url: '/api/drafts',
        headers: owner.headers,
        payload: body,
      });

    const minor = await ask({
      kind: 'caption',
      influencerId,
      itemIds: [itemId],
      targets: ['x'],
      words: 'my 15 year old sister',
    });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().error).toBe(MINORS_TEXT);
    const item = await ask({
      kind: 'caption',
      influencerId,
      itemIds: [theirs.itemId],
      targets: ['x'],
    });
    expect(item.statusCode).toBe(404);
    expect(item.json().code).toBe('GALLERY_ITEM_NOT_FOUND');
    const influencer = await ask({ kind: 'voice-profile', influencerId: theirs.influencerId });
    expect(influencer.statusCode).toBe(404);
    const twice = await ask({
      kind: 'caption',
      influencerId,
      itemIds: [itemId],
      targets: ['x', 'x'],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'Name each platform once' });
    const jobs = await offline.app.inject({
      method: 'GET',
      url: '/api/jobs',
      headers: owner.headers,
    });
    expect(jobs.json().jobs).toEqual([]);
  });

  it('‘Generate with AI’ still answers at once from the templates', async () => {
    const owner = await account(offline);
    const answer = await offline.app.inject({
      method: 'POST',
      url: '/api/influencers/generate',
      headers: owner.headers,
      payload: { niche: 'travel' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().influencer.description).toMatch(/travel/i);
  });
});

describe('drafts on an OpenAI-compatible server (the real openai client against a fake)', () => {
  it('a caption for a picture respects each platform’s length and hashtag limits, and the voice profile reaches the request', async () => {
    const owner = await account(hosted);
    const { influencerId, itemId } = await persona(hosted, owner);
    await hosted.app.inject({
      method: 'PUT',
      url: `/api/influencers/${influencerId}/voice-profile`,
      headers: owner.headers,
      payload: PROFILE,
    });
    const before = await credits(hosted, owner);
    const long = 'Rain check: the yellow coat wins again. '.repeat(6).trim();
    text.script({
      content: JSON.stringify({
        captions: [
          {
            target: 'instagram',
            caption: long,
            hashtags: ['#RainyDay', 'rainyday', 'ootd', 'street style', 'yellow', 'coat', 'city'],
          },
          {
            target: 'x',
            caption: 'Yellow coat, grey city. 🌧️',
            hashtags: ['ootd', 'rain', 'fits'],
          },
          { target: 'page', caption: 'The yellow coat, five ways.', hashtags: ['ootd'] },
        ],
      }),
    });
    const sent = text.requests.length;
    const job = await draft(hosted, owner, {
      kind: 'caption',
      influencerId,
      itemIds: [itemId],
      targets: ['page', 'instagram', 'x'],
      words: 'first rainy day of autumn',
    });
    expect(job).toMatchObject({ preview: false, cost: DRAFT_COST, engine: 'openai-compatible' });
    const captions = captionsOf(job);
    // Hashtags made plain and unique, as many as each target asks for, none on the page.
    expect(captions.instagram!.hashtags).toEqual([
      'rainyday',
      'ootd',
      'streetstyle',
      'yellow',
      'coat',
    ]);
    expect(captions.x!.hashtags).toEqual(['ootd', 'rain']);
    expect(captions.page!.hashtags).toEqual([]);
    expect(captions.x!.text).toBe('Yellow coat, grey city. 🌧️\n\n#ootd #rain');
    for (const target of ['instagram', 'x'] as const) {
      expect([...captions[target]!.text].length).toBeLessThanOrEqual(
        PLATFORM_RULES[target].caption.maxLength,
      );
      const hashtags = captions[target]!.text.match(/#\w+/g) ?? [];
      expect(hashtags.length).toBeLessThanOrEqual(PLATFORM_RULES[target].caption.maxHashtags ?? 99);
    }
    expect(await credits(hosted, owner)).toBe(before - DRAFT_COST);

    const request = text.requests.slice(sent);
    expect(request).toHaveLength(1);
    const body = request[0]!.body;
    expect(body.model).toBe('llama3.1:8b');
    expect(request[0]!.headers.authorization).toBe(`Bearer ${text.apiKey}`);
    expect(body.response_format?.type).toBe('json_schema');
    const words = said(body);
    // The profile, the creator's words and Muse's description of the picture reach the model;
    // the picture itself does not (the server is not known to read images).
    for (const part of [
      'dry, warm, a little teasing',
      'no cap',
      'Never use: cheap',
      'first rainy day',
    ])
      expect(words).toContain(part);
    expect(words).toContain('yellow raincoat');
    expect(words).toMatch(/at most 280 characters/);
    expect(hasImage(body)).toBe(false);
  });

  it('sends the picture only to a server known to read images', async () => {
    const owner = await account(seeing);
    const { influencerId, itemId } = await persona(seeing, owner);
    const sent = text.requests.length;
    text.script();
    captionsOf(
      await draft(seeing, owner, {
        kind: 'caption',
        influencerId,
        itemIds: [itemId],
        targets: ['x'],
      }),
    );
    const body = text.requests[sent]!.body;
    expect(hasImage(body)).toBe(true);
    expect(JSON.stringify(body)).toContain('data:image/jpeg;base64,');
  });

  it('asks once more after a malformed answer, then fails the draft with its credit back', async () => {
    const owner = await account(hosted);
    const { influencerId, itemId } = await persona(hosted, owner);
    const before = await credits(hosted, owner);
    const ask = { kind: 'caption', influencerId, itemIds: [itemId], targets: ['instagram'] };

    // Malformed once: the second answer is used.
    text.script({ malformed: true });
    let sent = text.requests.length;
    captionsOf(await draft(hosted, owner, ask));
    expect(text.requests.length - sent).toBe(2);

    // Malformed twice (not JSON, then JSON of the wrong shape): failed and refunded.
    text.script({ malformed: true }, { content: JSON.stringify({ captions: 'none' }) });
    sent = text.requests.length;
    const failed = await draft(hosted, owner, ask);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: DRAFT_TEXTS.malformed,
      draft: null,
    });
    expect(text.requests.length - sent).toBe(2);
    expect(await credits(hosted, owner)).toBe(before - DRAFT_COST);
  });

  it('a slow server times out cleanly: one request, the draft failed and refunded', async () => {
    const owner = await account(hosted);
    const before = await credits(hosted, owner);
    text.script({ delayMs: TIMEOUT_MS * 4 });
    const sent = text.requests.length;
    const failed = await draft(hosted, owner, { kind: 'persona', niche: 'food' });
    expect(failed).toMatchObject({ status: 'failed', failureReason: DRAFT_TEXTS.timedOut });
    expect(text.requests.length - sent).toBe(1);
    expect(await credits(hosted, owner)).toBe(before);
  });

  it('withholds a draft whose words fail the prompts’ check, and refunds it', async () => {
    const owner = await account(hosted);
    const before = await credits(hosted, owner);
    text.script({
      content: JSON.stringify({
        personality: 'Sunny and kind.',
        target_audience: 'Schoolgirls aged 12 who love baking',
        description: 'Bakes every weekend.',
      }),
    });
    const failed = await draft(hosted, owner, { kind: 'persona', niche: 'food' });
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: DRAFT_TEXTS.withheld,
      draft: null,
    });
    expect(await credits(hosted, owner)).toBe(before);
  });

  it('‘Generate with AI’ writes the form’s fields with the text engine, for its credit', async () => {
    const owner = await account(hosted);
    const before = await credits(hosted, owner);
    const persona = {
      personality: 'Calm and practical, explains money like a friend over coffee.',
      target_audience: 'Graduates with their first salary',
      description: 'Makes budgeting feel doable. Posts one money habit a week.',
    };
    text.script({ content: JSON.stringify(persona) });
    const answer = await hosted.app.inject({
      method: 'POST',
      url: '/api/influencers/generate',
      headers: owner.headers,
      payload: { niche: 'finance' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, influencer: persona });
    expect(await credits(hosted, owner)).toBe(before - DRAFT_COST);

    text.script({ malformed: true }, { malformed: true });
    const failed = await hosted.app.inject({
      method: 'POST',
      url: '/api/influencers/generate',
      headers: owner.headers,
      payload: { niche: 'finance' },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'DRAFT_FAILED', error: DRAFT_TEXTS.malformed });
    expect(await credits(hosted, owner)).toBe(before - DRAFT_COST);
  });

  it('drafts a voice profile from the bio, asked for in plain fields and held to Muse’s limits', async () => {
    const owner = await account(hosted);
    const { influencerId } = await persona(hosted, owner);
    text.script({
      content: JSON.stringify({
        tone: '  dry, warm, a little teasing  ',
        uses: ['no cap', '', ...Array.from({ length: 20 }, (_, i) => `word${i}`)],
        avoids: ['cheap'],
        emoji: 'few',
        language: 'pt',
      }),
    });
    const sent = text.requests.length;
    const job = await draft(hosted, owner, { kind: 'voice-profile', influencerId });
    const profile = (job.draft as Extract<TDraft, { kind: 'voice-profile' }>).profile;
    expect(profile).toMatchObject({
      tone: 'dry, warm, a little teasing',
      emoji: 'few',
      language: 'pt',
    });
    expect(profile.uses).toHaveLength(12);
    expect(profile.uses[0]).toBe('no cap');
    const schema = JSON.stringify(text.requests[sent]!.body.response_format?.json_schema?.schema);
    expect(schema).not.toMatch(/maxLength|minLength|maxItems/);
    expect(said(text.requests[sent]!.body)).toContain(
      'A street-style creator who styles one piece',
    );
  });

  it('improves a prompt without ever showing the persona’s trigger word', async () => {
    const owner = await account(hosted);
    const { influencerId } = await persona(hosted, owner);
    await hosted.database.db
      .update(influencers)
      .set({ triggerWord: 'msk7tz4' })
      .where(eq(influencers.id, influencerId));
    text.script({
      content: JSON.stringify({
        prompt:
          'msk7tz4 woman in a yellow raincoat on a rain-soaked street at dusk, 35mm, soft neon reflections',
      }),
    });
    const sent = text.requests.length;
    const job = await draft(hosted, owner, {
      kind: 'prompt',
      tool: 'generate-image',
      words: 'raincoat street at night',
      influencerId,
    });
    expect(job.draft).toEqual({
      kind: 'prompt',
      prompt:
        'woman in a yellow raincoat on a rain-soaked street at dusk, 35mm, soft neon reflections',
    });
    expect(said(text.requests[sent]!.body)).not.toContain('msk7tz4');
  });
});

describe('drafts through the public API', () => {
  it('a program sets a voice profile and drafts captions with its key, then reads the job', async () => {
    const owner = await account(hosted);
    const { influencerId, itemId } = await persona(hosted, owner);
    const made = await hosted.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: {
        name: 'Scheduler',
        scopes: ['influencers:read', 'influencers:write', 'tools:run'],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().key}` };
    const profile = await hosted.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencerId}/voice-profile`,
      headers: key,
      payload: PROFILE,
    });
    expect(profile.json()).toEqual({ success: true, profile: PROFILE });
    text.script();
    const sent = text.requests.length;
    const started = await hosted.app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: key,
      payload: {
        kind: 'caption',
        influencerId,
        itemIds: [itemId],
        targets: ['tiktok'],
        reserve: 60,
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const job = (await finished(hosted, owner, [started.json().job.id]))[0]!;
    const read = await hosted.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${job.id}`,
      headers: key,
    });
    const captions = captionsOf(read.json().job);
    // Room left for what the post adds to the platform's caption.
    expect([...captions.tiktok!.text].length).toBeLessThanOrEqual(
      PLATFORM_RULES.tiktok.caption.maxLength - 60,
    );
    expect(said(text.requests[sent]!.body)).toContain(
      `at most ${PLATFORM_RULES.tiktok.caption.maxLength - 60} characters`,
    );
  });
});
