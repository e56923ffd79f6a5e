import { ZPageSettingsResponse, ZPagesResponse, type TPageSettings } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PUBLISHING_QUERY_KEY } from './keys';

export const pageSettingsKey = (influencerId: string) =>
  [...PUBLISHING_QUERY_KEY, 'page', influencerId] as const;

/** GET /api/influencers/:id/page: the influencer's public page, null before it has a handle. */
export async function getPageSettings(
  influencerId: string,
  signal?: AbortSignal,
): Promise<TPageSettings | null> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/page`, {
    schema: ZPageSettingsResponse,
    signal,
  });
  return answer.page;
}

export function pageSettingsQuery(influencerId: string) {
  return queryOptions({
    queryKey: pageSettingsKey(influencerId),
    queryFn: ({ signal }) => getPageSettings(influencerId, signal),
  });
}

export function usePageSettings(influencerId: string) {
  return useQuery(pageSettingsQuery(influencerId));
}

/** GET /api/pages: the pages of all the account's influencers that have one. */
export async function getPages(signal?: AbortSignal): Promise<TPageSettings[]> {
  return (await api('/pages', { schema: ZPagesResponse, signal })).pages;
}

/**
 * The account's pages, by influencer: the composer offers only influencers with a page. One
 * request however many influencers the account runs.
 */
export function useAccountPages() {
  return useQuery({
    queryKey: [...PUBLISHING_QUERY_KEY, 'pages'],
    queryFn: ({ signal }) => getPages(signal),
    select: (pages) => new Map(pages.map((page) => [page.influencerId, page])),
  });
}
