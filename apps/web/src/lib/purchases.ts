import { ZPurchasesResponse, type TPurchase } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';

/** What the signed-in fan bought; a returning checkout refreshes it (use-purchase-return.ts). */
export const PURCHASES_QUERY_KEY = ['purchases'] as const;

/** GET /api/purchases: the fan's purchases, newest first, each post unlocked. */
export async function getPurchases(signal?: AbortSignal): Promise<TPurchase[]> {
  return (await api('/purchases', { schema: ZPurchasesResponse, signal })).purchases;
}

export function purchasesQuery(userId: string) {
  return queryOptions({
    queryKey: [...PURCHASES_QUERY_KEY, userId],
    queryFn: ({ signal }) => getPurchases(signal),
  });
}

export function usePurchases() {
  const { user } = useAuth();
  return useQuery({ ...purchasesQuery(user?.id ?? ''), enabled: user !== null });
}
