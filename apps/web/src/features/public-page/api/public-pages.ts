import {
  ZPostCheckoutResponse,
  ZPublicPageResponse,
  ZPublicPageUnlockedResponse,
  ZPublicPostResponse,
  type TPublicPageResponse,
  type TPublicPageUnlockedResponse,
  type TPublicPostResponse,
} from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { PUBLIC_PAGES_QUERY_KEY } from '../../../lib/public-pages';

export { normaliseHandle } from '../page-answer';

/**
 * GET /api/public/pages/:handle, asked anonymously: the page as every visitor gets it, which the
 * server keeps, and which the page's own first visit carries. What differs for a signed-in
 * viewer comes apart (`publicPageUnlockedQuery`), as on that first visit
 * (docs/decisions/0058-public-page-for-fans.md).
 */
export function publicPageQuery(handle: string) {
  return queryOptions({
    queryKey: [...PUBLIC_PAGES_QUERY_KEY, handle, 'page'],
    queryFn: ({ signal }): Promise<TPublicPageResponse> =>
      api(`/public/pages/${encodeURIComponent(handle)}`, {
        schema: ZPublicPageResponse,
        signal,
        anonymous: true,
      }),
  });
}

/**
 * GET /api/public/pages/:handle/unlocked (signed in): of the page's posts, the viewer's own and
 * the ones they bought, shaped for them, to merge into the page (`withUnlocked`).
 */
export function publicPageUnlockedQuery(handle: string, viewerId: string) {
  return queryOptions({
    queryKey: [...PUBLIC_PAGES_QUERY_KEY, handle, viewerId, 'unlocked'],
    queryFn: ({ signal }): Promise<TPublicPageUnlockedResponse> =>
      api(`/public/pages/${encodeURIComponent(handle)}/unlocked`, {
        schema: ZPublicPageUnlockedResponse,
        signal,
      }),
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
 * would read the post as a stranger and then again as the fan.
 */
function useViewer() {
  const { user, loading } = useAuth();
  return { viewerId: user?.id ?? '', ready: !loading };
}

/** The page as every visitor sees it; read at once, whoever is signed in. */
export function usePublicPage(handle: string) {
  return useQuery(publicPageQuery(handle));
}

/** The viewer's unlocked posts of the page, once the session is known to be signed in. */
export function usePublicPageUnlocked(handle: string) {
  const { viewerId, ready } = useViewer();
  return useQuery({
    ...publicPageUnlockedQuery(handle, viewerId),
    enabled: ready && viewerId !== '',
  });
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
