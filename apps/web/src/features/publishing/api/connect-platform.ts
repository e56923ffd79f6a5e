import { ZPlatformConnectResponse, type TPublishPlatform } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type TPlatformAccountInput = { influencerId: string; platform: TPublishPlatform };

/**
 * POST /api/influencers/:id/platform-accounts/:platform/connect: the address of the platform's
 * consent screen. The answer also sets the cookie that binds the flow to this browser, so it is
 * asked with the app's own same-origin call.
 */
export async function connectPlatform({
  influencerId,
  platform,
}: TPlatformAccountInput): Promise<string> {
  const answer = await api(
    `/influencers/${encodeURIComponent(influencerId)}/platform-accounts/${platform}/connect`,
    { method: 'POST', body: {}, schema: ZPlatformConnectResponse },
  );
  return answer.url;
}

export function useConnectPlatform() {
  return useMutation({ mutationFn: connectPlatform });
}
