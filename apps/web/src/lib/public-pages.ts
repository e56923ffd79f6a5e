/**
 * Everything a visitor reads of public pages. The viewer is part of each key: the same page
 * answers with other posts unlocked once someone signs in (docs/product/publishing.md). The public
 * pages read under it, and a purchase's return refreshes it.
 */
export const PUBLIC_PAGES_QUERY_KEY = ['public-pages'] as const;

/** The address's parameter a post's checkout comes back with: `success` or `cancelled`. */
export const PURCHASE_RETURN_PARAM = 'purchase';
