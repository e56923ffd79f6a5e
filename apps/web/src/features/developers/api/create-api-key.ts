import {
  ZCreateApiKeyResponse,
  type TCreateApiKeyRequest,
  type TCreateApiKeyResponse,
} from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateApiKeys } from './keys';

/** POST /api/api-keys: a new key; the answer holds its secret, this once. */
export async function createApiKey(request: TCreateApiKeyRequest): Promise<TCreateApiKeyResponse> {
  return api('/api-keys', { method: 'POST', body: request, schema: ZCreateApiKeyResponse });
}

/**
 * The secret is never put in the query cache: the list is read again (it has only the key's
 * first characters), and the page calls `reset` once the secret is put away.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => invalidateApiKeys(queryClient),
  });
}
