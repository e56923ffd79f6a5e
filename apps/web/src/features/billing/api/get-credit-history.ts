import { ZCreditHistoryResponse, type TLedgerEntry } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { BILLING_QUERY_KEY } from '../../../lib/subscription';

/** GET /api/credits/history: the account's credit and training movements, newest first. */
export async function getCreditHistory(signal?: AbortSignal): Promise<TLedgerEntry[]> {
  return (await api('/credits/history', { schema: ZCreditHistoryResponse, signal })).entries;
}

export function creditHistoryQuery(userId: string) {
  return queryOptions({
    queryKey: [...BILLING_QUERY_KEY, 'credit-history', userId],
    queryFn: ({ signal }) => getCreditHistory(signal),
  });
}

export function useCreditHistory() {
  const { user } = useAuth();
  return useQuery({ ...creditHistoryQuery(user?.id ?? ''), enabled: user !== null });
}
