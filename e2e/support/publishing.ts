import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ZJobResponse,
  ZPageSettingsResponse,
  ZPostResponse,
  ZPostsResponse,
  type TCreatePostRequest,
  type TPost,
} from '@muse/shared';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TTestAccount } from './accounts';
import { finishedJobStatus } from './jobs';
import { PERSONA_PHOTOS } from './personas';

export type THeaders = Record<string, string>;

/**
 * The account's bearer token. The connection is closed after each call: on a busy machine a
 * minute can pass between two calls, about the server's keep-alive time, and a reused socket
 * could be closed just as the next call goes out (ECONNRESET).
 */
export function authHeaders(account: Pick<TTestAccount, 'token'>): THeaders {
  return { authorization: `Bearer ${account.token}`, connection: 'close' };
}

/** A handle no other run or test has taken (docs/product/publishing.md: 3–30, a-z 0-9 . _). */
export function uniqueHandle(prefix: string): string {
  return `${prefix}.${randomBytes(4).toString('hex')}`;
}

/** An influencer with a picture (a real portrait), made through the API as the page would. */
export async function createInfluencer(
  request: APIRequestContext,
  headers: THeaders,
  name: string,
): Promise<string> {
  const created = await request.post('/api/influencers', {
    headers,
    multipart: {
      name,
      niche: 'fashion',
      description: 'City walks and soft light',
      image: {
        name: 'portrait.jpg',
        mimeType: 'image/jpeg',
        buffer: readFileSync(path.join(PERSONA_PHOTOS, 'same-person-01.jpg')),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { influencer: { id: string } }).influencer.id;
}

/** The gallery item job `id` made, once it has succeeded. */
async function galleryItemOf(
  request: APIRequestContext,
  headers: THeaders,
  id: string,
): Promise<string> {
  expect(await finishedJobStatus(request, headers, id)).toBe('succeeded');
  const answer = await request.get(`/api/jobs/${id}`, { headers });
  const galleryId = ZJobResponse.parse(await answer.json()).job.outputs[0]?.galleryId;
  expect(galleryId, `job ${id} kept nothing in the gallery`).toBeTruthy();
  return galleryId!;
}

/**
 * Generates `count` pictures offline (free) of the influencer, or of no persona when
 * `influencerId` is null, and returns their gallery items.
 */
export async function generatePictures(
  request: APIRequestContext,
  headers: THeaders,
  {
    influencerId,
    prompt,
    count = 1,
  }: { influencerId: string | null; prompt: string; count?: number },
): Promise<string[]> {
  const answer = await request.post('/api/generations', {
    headers,
    data: { influencerId, prompt, count },
  });
  expect(answer.status()).toBe(201);
  const { jobs } = (await answer.json()) as { jobs: { id: string }[] };
  const items: string[] = [];
  for (const job of jobs) items.push(await galleryItemOf(request, headers, job.id));
  return items;
}

/** Animates a gallery picture into a 5 second square clip offline (free); its gallery item. */
export async function animatePicture(
  request: APIRequestContext,
  headers: THeaders,
  { influencerId, galleryId, prompt }: { influencerId: string; galleryId: string; prompt: string },
): Promise<string> {
  const answer = await request.post('/api/jobs', {
    headers,
    multipart: {
      tool: 'generate-video',
      influencerId,
      galleryId,
      prompt,
      duration: '5',
      aspectRatio: '1:1',
    },
  });
  expect(answer.status()).toBe(201);
  const { job } = (await answer.json()) as { job: { id: string } };
  return galleryItemOf(request, headers, job.id);
}

/** Gives the influencer a published page at `/i/<handle>`. */
export async function publishPage(
  request: APIRequestContext,
  headers: THeaders,
  influencerId: string,
  { handle, bio }: { handle: string; bio: string },
): Promise<void> {
  const answer = await request.put(`/api/influencers/${influencerId}/page`, {
    headers,
    data: { handle, bio, published: true },
  });
  expect(answer.status()).toBe(200);
  expect(ZPageSettingsResponse.parse(await answer.json()).page).toMatchObject({ handle });
}

/** A post published now (`publishAt` null) or scheduled, through the API. */
export async function createPost(
  request: APIRequestContext,
  headers: THeaders,
  post: Omit<TCreatePostRequest, 'timeZone' | 'publishAt'> & {
    publishAt?: string | null;
    timeZone?: string;
  },
): Promise<TPost> {
  const answer = await request.post('/api/posts', {
    headers,
    data: { publishAt: null, timeZone: 'UTC', ...post },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ZPostResponse.parse(await answer.json()).post;
}

/** The account's posts of the last month and the year ahead, as its creator sees them. */
export async function listPosts(request: APIRequestContext, headers: THeaders): Promise<TPost[]> {
  const day = 24 * 60 * 60 * 1000;
  const query = new URLSearchParams({
    from: new Date(Date.now() - 31 * day).toISOString(),
    to: new Date(Date.now() + 367 * day).toISOString(),
  });
  const answer = await request.get(`/api/posts?${query.toString()}`, { headers });
  expect(answer.status()).toBe(200);
  return ZPostsResponse.parse(await answer.json()).posts;
}

/** The path of a signed file URL, without its expiry and signature: what names the file. */
export function filePath(url: string): string {
  return new URL(url, 'http://muse.invalid').pathname;
}

/**
 * The same watch the `consoleErrors` fixture keeps on the test's own page (e2e/fixtures.ts), for
 * a page of a second browser context (a second person in the same test): script errors, CSP
 * violations, 5xx answers and missing page assets. 4xx answers of the API are the flow's own.
 */
export function watchPageErrors(page: Page, baseURL: string): string[] {
  const errors: string[] = [];
  const handled = /^Failed to load resource: the server responded with a status of 4\d\d/;
  page.on('console', (message) => {
    if (message.type() === 'error' && !handled.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(baseURL).origin) return;
    const isApi = url.pathname.startsWith('/api/');
    if (response.status() >= 500 || (!isApi && response.status() >= 400)) {
      errors.push(`${response.status()} for ${url.pathname}`);
    }
  });
  return errors;
}
