/**
 * A published influencer page to audit, `/i/<handle>` (docs/product/publishing.md), seeded over
 * HTTP only, as a creator would make it in the app: Muse runs in a process of its own (the
 * Lighthouse bench starts it as `npm start` does), so nothing here touches its database or files.
 *
 * A creator signs up and buys the Launch plan through the TEST MODE checkout (the first plan with
 * image generation), makes an influencer with a photo, has the offline engine make pictures
 * through the job queue (`POST /api/generations`; the server's in-process worker runs them),
 * publishes the influencer's page and posts one picture per post, newest first alternating free
 * and pay-per-view. The pictures are made without a persona (`influencerId: null`): a persona
 * needs training first, and a post may show such a picture on any of the account's influencers.
 */
import { randomBytes } from 'node:crypto';
import {
  PPV_PRICE,
  type TAuthResponse,
  type TCheckoutResponse,
  type TCreatePostRequest,
  type TGalleryItem,
  type TGenerateRequestInput,
  type TInfluencer,
  type TJob,
  type TPageSettings,
  type TPageSettingsInput,
  type TPost,
  type TPublicPageResponse,
} from '@muse/shared';
import { makePng, multipartForm } from '../apps/server/test/images';

/** Posts on the page, half of them free. */
export const PUBLIC_PAGE_POSTS = 12;
/** Images one `POST /api/generations` asks for (its most, and an account's most unfinished jobs). */
const BATCH = 4;
const JOB_TIMEOUT_MS = 180_000;

const PROMPTS = [
  'a portrait on a beach at sunset',
  'a street-style look in a city at night',
  'a summer dress in a flower market',
  'a denim jacket on a rooftop',
];

export type TSeededPage = { path: string; handle: string; posts: number };

type TCall = { method?: string; body?: unknown; form?: FormData; status?: number };

/** One request to Muse's API, as the creator; fails the bench on any other answer. */
function apiClient(origin: string) {
  let token: string | null = null;
  const call = async <T>(url: string, { method = 'GET', body, form, status = 200 }: TCall = {}) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(url, origin), {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    if (response.status !== status)
      throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  return {
    call,
    signIn: (value: string) => {
      token = value;
    },
  };
}

/** Waits until every job has succeeded; fails on the first that failed. */
async function waitForJobs(
  call: ReturnType<typeof apiClient>['call'],
  ids: string[],
): Promise<void> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  const pending = new Set(ids);
  while (pending.size) {
    if (Date.now() > deadline)
      throw new Error(`${pending.size} generate-image jobs did not finish within 3 minutes`);
    for (const id of [...pending]) {
      const { job } = await call<{ job: TJob }>(`/api/jobs/${id}`);
      if (job.status === 'failed') throw new Error(`job ${id} failed: ${job.failureReason}`);
      if (job.status === 'succeeded') pending.delete(id);
    }
    if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Seeds a published page of `PUBLIC_PAGE_POSTS` posts on the Muse at `origin`. */
export async function seedPublicPage(origin: string): Promise<TSeededPage> {
  const { call, signIn } = apiClient(origin);
  const suffix = randomBytes(4).toString('hex');

  const { token } = await call<TAuthResponse>('/api/auth/register', {
    method: 'POST',
    body: {
      email: `bench-page.${suffix}@example.com`,
      password: 'secret123',
      fullName: 'Bench Creator',
    },
  });
  signIn(token);

  // The TEST MODE checkout answers /checkout/test/<id>; paying it grants the plan.
  const checkout = await call<TCheckoutResponse>('/api/payments/create-checkout-session', {
    method: 'POST',
    body: { plan: 'launch', billing: 'monthly', promoCode: null },
  });
  const sessionId = new URL(checkout.url, origin).pathname.split('/').pop();
  await call(`/api/payments/test-checkout/${sessionId}/pay`, { method: 'POST' });

  const { influencer } = await call<{ influencer: TInfluencer }>('/api/influencers', {
    method: 'POST',
    status: 201,
    form: multipartForm(
      { name: 'Ava Rose', niche: 'fashion', description: 'Street style from Lisbon' },
      [{ field: 'image', name: 'ava.png', type: 'image/png', data: await makePng(512, 640) }],
    ),
  });

  for (let made = 0; made < PUBLIC_PAGE_POSTS; made += BATCH) {
    const request: TGenerateRequestInput = {
      influencerId: null,
      prompt: PROMPTS[(made / BATCH) % PROMPTS.length]!,
      style: 'editorial',
      aspectRatio: '4:5',
      count: Math.min(BATCH, PUBLIC_PAGE_POSTS - made),
      seed: made + 1,
    };
    const { jobs } = await call<{ jobs: TJob[] }>('/api/generations', {
      method: 'POST',
      status: 201,
      body: request,
    });
    if (jobs.some((job) => !job.preview))
      throw new Error(`generate-image ran on the ${jobs[0]?.engine} engine, not the offline one`);
    await waitForJobs(
      call,
      jobs.map((job) => job.id),
    );
  }
  const { items } = await call<{ items: TGalleryItem[] }>(
    `/api/gallery?influencerId=none&kind=image&limit=${PUBLIC_PAGE_POSTS}`,
  );
  if (items.length < PUBLIC_PAGE_POSTS)
    throw new Error(`the gallery holds ${items.length} pictures, not ${PUBLIC_PAGE_POSTS}`);

  const settings: TPageSettingsInput = {
    handle: `ava.bench_${suffix}`,
    bio: 'Street style from Lisbon, a new look every week.',
    published: true,
  };
  const { page } = await call<{ page: TPageSettings }>(`/api/influencers/${influencer.id}/page`, {
    method: 'PUT',
    body: settings,
  });

  // Oldest first, so the page (newest first) opens on a free post.
  for (let i = 0; i < PUBLIC_PAGE_POSTS; i += 1) {
    const post: TCreatePostRequest = {
      influencerId: influencer.id,
      caption: `Look ${i + 1}: ${PROMPTS[i % PROMPTS.length]}`,
      itemIds: [items[i]!.id],
      priceCents: i % 2 === 0 ? PPV_PRICE.default : 0,
      publishAt: null,
      timeZone: 'UTC',
    };
    await call<{ post: TPost }>('/api/posts', { method: 'POST', status: 201, body: post });
  }

  const shown = await call<TPublicPageResponse>(`/api/public/pages/${page.handle}`);
  if (shown.posts.length === 0) throw new Error(`the page ${page.path} shows no posts`);
  return { path: page.path, handle: page.handle, posts: shown.posts.length };
}
