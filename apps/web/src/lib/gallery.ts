import {
  ZGalleryItemResponse,
  ZGalleryResponse,
  ZGenerateResponse,
  type TGalleryItem,
  type TGalleryKind,
  type TGenerateRequestInput,
  type TJob,
} from '@muse/shared';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { invalidateWorkspace, WORKSPACE_QUERY_KEY } from './workspace';

/** The gallery's filters, as its query string sends them ('' for any). */
export type TGalleryFilters = {
  influencerId?: string;
  minScore?: string;
  /** Only images or only videos. */
  kind?: TGalleryKind | '';
  /** Only the shots of one product. */
  productId?: string;
};

export function galleryQueryString(filters: TGalleryFilters, cursor: string | null): string {
  const query = new URLSearchParams();
  if (filters.influencerId) query.set('influencerId', filters.influencerId);
  if (filters.minScore) query.set('minScore', filters.minScore);
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.productId) query.set('productId', filters.productId);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/gallery: a page of the account's images and videos, newest first. */
export function useGallery(
  filters: TGalleryFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { user } = useAuth();
  return useInfiniteQuery({
    // Under the workspace key, so a finished generation or a deletion refreshes it.
    queryKey: [...WORKSPACE_QUERY_KEY, 'gallery', user?.id ?? '', filters],
    queryFn: ({ pageParam, signal }) =>
      api(`/gallery${galleryQueryString(filters, pageParam)}`, {
        schema: ZGalleryResponse,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: user !== null && enabled,
  });
}

export function galleryItemQuery(id: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'gallery-item', id],
    queryFn: async ({ signal }): Promise<TGalleryItem> =>
      (await api(`/gallery/${encodeURIComponent(id)}`, { schema: ZGalleryItemResponse, signal }))
        .item,
  });
}

/** GET /api/gallery/:id, for a tool page opened with `?from=<id>`. */
export function useGalleryItem(id: string | null) {
  return useQuery({ ...galleryItemQuery(id ?? ''), enabled: id !== null });
}

/** DELETE /api/gallery/:id */
export function useDeleteGalleryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/gallery/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidateWorkspace(queryClient),
  });
}

/** POST /api/generations: one job per image, all paid for together (or none). */
export async function generateImages(request: TGenerateRequestInput): Promise<TJob[]> {
  return (await api('/generations', { method: 'POST', body: request, schema: ZGenerateResponse }))
    .jobs;
}
