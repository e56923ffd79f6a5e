import type { TPublicPageResponse, TPublicPost } from '@muse/shared';

/**
 * An influencer's public page as the API answers it, read without the app's data layer: the
 * page's own first visit hydrates from the answer the server rendered it with and asks only what
 * differs for a signed-in visitor (docs/decisions/0058-public-page-for-fans.md). What the server
 * wrote into the page and what the API answers are taken after a check of their shape, not
 * through the schema: zod is not part of that first visit.
 */

/** Where a page rendered by the server carries the answer it was rendered from. */
export const PUBLIC_PAGE_DATA_ID = 'public-page';

/** Handles are compared lower-cased, so `/i/Ava.Rose` reads the page of `ava.rose`. */
export function normaliseHandle(handle: string): string {
  return handle.trim().toLowerCase();
}

/**
 * The page's posts as the viewer sees them: each post of `unlocked` (GET
 * /api/public/pages/:handle/unlocked, the viewer's own posts and the ones they bought, shaped for
 * them) in place of the visitor's version of it. A post the page does not show is left out.
 */
export function withUnlocked(
  posts: readonly TPublicPost[],
  unlocked: readonly TPublicPost[] | null | undefined,
): TPublicPost[] {
  if (!unlocked || unlocked.length === 0) return [...posts];
  const byId = new Map(unlocked.map((post) => [post.id, post]));
  return posts.map((post) => byId.get(post.id) ?? post);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isPost(value: unknown): value is TPublicPost {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.publishedAt === 'string' &&
    typeof value.priceCents === 'number' &&
    typeof value.locked === 'boolean' &&
    Array.isArray(value.items)
  );
}

/** `value` as the page's answer, or null when it does not have its shape. */
export function pageAnswerOf(value: unknown): TPublicPageResponse | null {
  if (!isObject(value) || value.success !== true || !isObject(value.page)) return null;
  const { page, posts } = value;
  if (typeof page.handle !== 'string' || typeof page.name !== 'string') return null;
  if (!Array.isArray(posts) || !posts.every(isPost)) return null;
  return value as TPublicPageResponse;
}

/** `value` as the unlocked posts' answer's posts, or null when it does not have its shape. */
export function unlockedPostsOf(value: unknown): TPublicPost[] | null {
  if (!isObject(value) || value.success !== true) return null;
  const { posts } = value;
  return Array.isArray(posts) && posts.every(isPost) ? posts : null;
}

const pagePath = (handle: string) => `/api/public/pages/${encodeURIComponent(handle)}`;

async function readJson(url: string, headers: Record<string, string>) {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json', ...headers } });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  } catch {
    return null;
  }
}

/** GET /api/public/pages/:handle, anonymously; null when it cannot be read. */
export async function fetchPublicPage(handle: string): Promise<TPublicPageResponse | null> {
  const answer = await readJson(pagePath(handle), {});
  return answer?.status === 200 ? pageAnswerOf(answer.body) : null;
}

/**
 * GET /api/public/pages/:handle/unlocked with the stored session token: the viewer's posts
 * (their own, the ones they bought) when the session is live, `signedOut` when the server
 * refused it (401: the token is left as it is, as the landing leaves it), null when the answer
 * could not be read.
 */
export async function fetchUnlockedPosts(
  handle: string,
  token: string,
): Promise<{ posts: TPublicPost[] } | 'signedOut' | null> {
  const answer = await readJson(`${pagePath(handle)}/unlocked`, {
    authorization: `Bearer ${token}`,
  });
  if (answer?.status === 401) return 'signedOut';
  if (answer?.status !== 200) return null;
  const posts = unlockedPostsOf(answer.body);
  return posts ? { posts } : null;
}
