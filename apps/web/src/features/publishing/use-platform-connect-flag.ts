import {
  PLATFORM_RULES,
  PLATFORM_TEXTS,
  PUBLISH_PLATFORMS,
  type TPublishPlatform,
} from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toaster';
import { platformAccountsKey } from './api/get-platform-accounts';

const CONNECT_ERRORS: Record<string, string> = {
  denied: PLATFORM_TEXTS.connectDenied,
  expired: PLATFORM_TEXTS.connectExpired,
  'other-browser': PLATFORM_TEXTS.connectOtherBrowser,
  failed: PLATFORM_TEXTS.connectFailed,
};

const FLAGS = ['connected', 'platform', 'platformError'] as const;

function platformOf(value: string | null): TPublishPlatform | undefined {
  return PUBLISH_PLATFORMS.find((platform) => platform === value);
}

/**
 * The way back from a platform's consent screen lands on the influencer's page with
 * `?connected=<platform>`, or `?platform=<platform>&platformError=<why>` (denied, expired,
 * other-browser, failed). The page says how it went in a toast, reads the accounts again, and
 * drops the flags from the address (no new history entry) so a reload does not say it twice.
 */
export function usePlatformConnectFlag(influencerId: string): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const connected = platformOf(params.get('connected'));
  const failed = params.get('platformError');
  const flagged = FLAGS.some((flag) => params.has(flag));

  useEffect(() => {
    if (!flagged) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const flag of FLAGS) next.delete(flag);
        return next;
      },
      { replace: true },
    );
    // Fixed ids: a repeated effect (React's strict mode) updates the toast, never doubles it.
    if (connected) {
      toast.success(PLATFORM_TEXTS.connected(PLATFORM_RULES[connected].name), {
        id: 'platform-connect',
      });
      void queryClient.invalidateQueries({ queryKey: platformAccountsKey(influencerId) });
    } else if (failed !== null) {
      toast.error(CONNECT_ERRORS[failed] ?? PLATFORM_TEXTS.connectFailed, {
        id: 'platform-connect',
      });
    }
  }, [flagged, connected, failed, setParams, queryClient, influencerId]);
}
