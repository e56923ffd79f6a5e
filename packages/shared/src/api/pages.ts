/**
 * Lists that grow are read a page at a time (docs/decisions/0032-keyset-pagination.md): newest
 * first, `?cursor=<the nextCursor of the page before>&limit=<n>`, each answer saying
 * `nextCursor` (null on the last page). The cursor is opaque to callers.
 */
import { z } from 'zod';

/** The most rows one page may ask for. */
export const MAX_PAGE_SIZE = 100;

/** Each list's page size when `limit` is not given (docs/product/api.md states them). */
export const PAGE_SIZES = {
  influencers: 24,
  jobs: 20,
  creditHistory: 50,
  gallery: 24,
} as const;

export const PAGE_TEXTS = {
  badCursor: 'This page of the list is no longer available: reload the list',
  badLimit: `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  loadMore: 'Load more',
} as const;

/** `cursor` and `limit` of a list's query string, with the list's own page size. */
export function pageQueryFields(pageSize: number) {
  return {
    /** The `nextCursor` of the page before. */
    cursor: z.string({ error: PAGE_TEXTS.badCursor }).max(200, PAGE_TEXTS.badCursor).optional(),
    limit: z.coerce
      .number<number | string>({ error: PAGE_TEXTS.badLimit })
      .int(PAGE_TEXTS.badLimit)
      .min(1, PAGE_TEXTS.badLimit)
      .max(MAX_PAGE_SIZE, PAGE_TEXTS.badLimit)
      .default(pageSize),
  };
}
