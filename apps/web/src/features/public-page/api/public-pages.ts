import {
  ZPostCheckoutResponse,
  ZPublicPageResponse,
  ZPublicPostResponse,
  type TPublicPageResponse,
  type TPublicPostResponse,
} from '@muse/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { PUBLIC_PAGES_QUERY_KEY } from '../../../lib/public-pages';

/** Handles are compared lower-cased, so `/i/Ava.Rose` reads the page of `ava.rose`. */
export function normaliseHandle(handle: string): string {
  return handle.trim().toLowerCase();
}

/** GET /api/public/pages/:handle, with the bearer token when signed in (bought posts unlocked). */
export function publicPageQuery(handle: string, viewerId: string) {
  return queryOptions({
    queryKey: [...PUBLIC_PAGES_QUERY_KEY, handle, viewerId],
    queryFn: ({ signal }): Promise<TPublicPageResponse> =>
      api(`/public/pages/${encodeURIComponent(handle)}`, { schema: ZPublicPageResponse, signal }),
  });
}

/** GET /api/public/pages/:handle/posts/:id */
export function publicPostQuery(handle: string, postId: string, viewerId: string) {
  return queryOptions({
    queryKey: [...PUBLIC_PAGES_QUERY_KEY, handle, viewerId, 'post', postId],
    queryFn: ({ signal }): Promise<TPublicPostResponse> =>
      api(`/public/pages/${encodeURIComponent(handle)}/posts/${encodeURIComponent(postId)}`, {
        schema: ZPublicPostResponse,
        signal,
      }),
  });
}

/**
 * Read once the session is known (the stored token is sent by `api` either way): asking before
 * would read the page as a stranger and then again as the fan.
 */
function useViewer() {
  const { user, loading } = useAuth();
  return { viewerId: user?.id ?? '', ready: !loading };
}

export function usePublicPage(handle: string, refetchInterval: number | false = false) {
  const { viewerId, ready } = useViewer();
  return useQuery({ ...publicPageQuery(handle, viewerId), enabled: ready, refetchInterval });
}

export function usePublicPost(
  handle: string,
  postId: string,
  refetchInterval: number | false = false,
) {
  const { viewerId, ready } = useViewer();
  return useQuery({
    ...publicPostQuery(handle, postId, viewerId),
    enabled: ready,
    refetchInterval,
  });
}

/**
 * POST /api/posts/:id/checkout: the URL of the checkout to send the fan to, Stripe's page or
 * Muse's TEST MODE page (a path of this site).
 */
export async function startPostCheckout(postId: string): Promise<string> {
  const answer = await api(`/posts/${encodeURIComponent(postId)}/checkout`, {
    method: 'POST',
    schema: ZPostCheckoutResponse,
  });
  return answer.url;
}

export function useStartPostCheckout() {
  return useMutation({ mutationFn: startPostCheckout });
}
