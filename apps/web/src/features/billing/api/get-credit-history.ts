import { ZCreditHistoryResponse, type TCreditHistoryResponse } from '@muse/shared';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { BILLING_QUERY_KEY } from '../../../lib/subscription';

/** GET /api/credits/history: a page of the credit and training movements, newest first. */
export async function getCreditHistory(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TCreditHistoryResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api(`/credits/history${query}`, { schema: ZCreditHistoryResponse, signal });
}

const loadedEntries = (data: InfiniteData<TCreditHistoryResponse>) =>
  data.pages.flatMap((page) => page.entries);

/** The history a page at a time ('Load more'); `data` is the movements of the pages loaded. */
export function useCreditHistory() {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...BILLING_QUERY_KEY, 'credit-history', user?.id ?? ''],
    queryFn: ({ pageParam, signal }) => getCreditHistory(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    select: loadedEntries,
    enabled: user !== null,
  });
}
