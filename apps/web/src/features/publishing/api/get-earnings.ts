import { ZEarningsResponse, type TEarnings } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { PUBLISHING_QUERY_KEY } from './keys';

export const earningsKey = (userId: string) => [...PUBLISHING_QUERY_KEY, 'earnings', userId];

/** GET /api/earnings: sales, Muse's fee, net, payouts and what is available now. */
export async function getEarnings(signal?: AbortSignal): Promise<TEarnings> {
  return (await api('/earnings', { schema: ZEarningsResponse, signal })).earnings;
}

export function earningsQuery(userId: string) {
  return queryOptions({
    queryKey: earningsKey(userId),
    queryFn: ({ signal }) => getEarnings(signal),
  });
}

export function useEarnings() {
  const { user } = useAuth();
  return useQuery({ ...earningsQuery(user?.id ?? ''), enabled: user !== null });
}
