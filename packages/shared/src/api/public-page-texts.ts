/**
 * What an influencer's public page says to a visitor, apart from the schemas (as auth-texts.ts is
 * apart from auth.ts, docs/decisions/0036-schemas-on-first-use.md): the page's first visit shows
 * these without loading zod (docs/decisions/0058-public-page-for-fans.md). PUBLISHING_TEXTS,
 * REPORT_TEXTS and GENERATE_TEXTS say the same words, read from here.
 */

/** "$50.00": a price in cents, as the public pages and the creator's side write it. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export const PUBLIC_PAGE_TEXTS = {
  aiLabel: 'AI-generated',
  aiDisclosure: 'Every post on this page is AI-generated. The person shown is not real.',
  pageNotFound: 'This page does not exist',
  postNotFound: 'Post not found',
  locked: 'Unlock this post',
  /** On an item made offline by classic image processing. */
  offlinePreview: 'Offline preview',
  report: 'Report',
  reportPage: 'Report this page',
  reportPost: 'Report this post',
} as const;
