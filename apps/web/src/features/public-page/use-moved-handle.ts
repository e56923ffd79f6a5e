import { publicPagePath } from '@muse/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A page reached by a handle it let go of (the server leads the old address to the new one for
 * 30 days, docs/product/publishing.md) shows its new address, so it is the one shared onwards.
 */
export function useMovedHandle(handle: string, current: string | undefined, postId?: string) {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    if (!current || !handle || current === handle) return;
    void navigate(`${publicPagePath(current, postId)}${search}`, { replace: true });
  }, [current, handle, postId, search, navigate]);
}
