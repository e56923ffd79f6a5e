import { ZApiKeysResponse, type TApiKey } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { apiKeysKey } from './keys';

/** GET /api/api-keys: the account's live keys, never their secrets. */
export async function getApiKeys(signal?: AbortSignal): Promise<TApiKey[]> {
  return (await api('/api-keys', { schema: ZApiKeysResponse, signal })).apiKeys;
}

export function useApiKeys() {
  const { user } = useAuth();
  return useQuery({
    queryKey: apiKeysKey(user?.id ?? ''),
    queryFn: ({ signal }) => getApiKeys(signal),
    enabled: user !== null,
  });
}
