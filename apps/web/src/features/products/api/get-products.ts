import { ZProductsResponse, type TProductsResponse } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** GET /api/products: the account's products, newest first, with its product usage. */
export async function getProducts(signal?: AbortSignal): Promise<TProductsResponse> {
  return api('/products', { schema: ZProductsResponse, signal });
}

// Under the workspace key, so invalidateWorkspace refreshes the list and its count.
export function productsQuery(userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'products', userId],
    queryFn: ({ signal }) => getProducts(signal),
  });
}

export function useProducts() {
  const { user } = useAuth();
  return useQuery({ ...productsQuery(user?.id ?? ''), enabled: user !== null });
}
