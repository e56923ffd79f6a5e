/**
 * An influencer's public page, `/i/<handle>`, and one of its posts, `/i/<handle>/posts/<id>`
 * (docs/product/publishing.md). Open to visitors without an account. A module of its own, with
 * nothing else in it: the page's first visit needs the path, not the app's list of routes
 * (docs/decisions/0058-public-page-for-fans.md).
 */
export const PUBLIC_PAGE_PREFIX = '/i';

/** The path of an influencer's public page, and of one of its posts. */
export function publicPagePath(handle: string, postId?: string): string {
  return postId
    ? `${PUBLIC_PAGE_PREFIX}/${handle}/posts/${postId}`
    : `${PUBLIC_PAGE_PREFIX}/${handle}`;
}
