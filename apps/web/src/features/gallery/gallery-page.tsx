import {
  galleryToolLabel,
  GENERATE_TEXTS,
  SCORE_FILTERS,
  VIDEO_TEXTS,
  type TGalleryItem,
} from '@muse/shared';
import { Clapperboard, ImageIcon, Loader2, Play, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog } from '../../components/ui/confirm-dialog';
import { QueryError } from '../../components/ui/query-error';
import { toast } from '../../components/ui/toaster';
import { useInfluencers } from '../../lib/influencers';
import { useDeleteGalleryItem, useGallery, type TGalleryFilters } from '../../lib/gallery';
import {
  IdentityBadge,
  OfflinePreviewLabel,
  ToolLabel,
} from '../../components/workspace/identity-badge';
import { describeVideo, ImageViewer } from '../../components/workspace/image-viewer';
import { ContentCredentialsSection } from '../../components/workspace/content-credentials';
import { formatDuration } from '../../lib/media-format';

const KIND_FILTERS = [
  { value: '', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
] as const;

const selectClass =
  'h-11 w-full rounded-xl border border-ink-600 bg-ink-900 px-3 text-sm text-zinc-100 focus:border-brand-400 focus:outline-none';

/**
 * The account's gallery (docs/product/generate.md): every generated image and video, newest
 * first, a page at a time, filtered by kind, influencer and identity score; one opens large (a
 * video plays) to download, delete, or continue in another tool without a new upload.
 */
export function GalleryPage() {
  const [filters, setFilters] = useState<TGalleryFilters>({
    kind: '',
    influencerId: '',
    minScore: '',
  });
  const gallery = useGallery(filters);
  const influencers = useInfluencers();
  const remove = useDeleteGalleryItem();
  const [open, setOpen] = useState<TGalleryItem | null>(null);
  const [deleting, setDeleting] = useState<TGalleryItem | null>(null);
  const influencerId = useId();
  const scoreId = useId();
  const kindId = useId();
  const items = gallery.data?.pages.flatMap((page) => page.items) ?? [];

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(GENERATE_TEXTS.deleted);
        setDeleting(null);
        setOpen(null);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <div className="space-y-8">
      <PageHeading title="Gallery">
        Everything your tools made, with the tool that made it and, where it has one, the score of
        how much an image or video looks like its persona.
      </PageHeading>

      <form
        aria-label="Filter the gallery"
        className="grid gap-3 sm:grid-cols-3 lg:max-w-3xl"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="space-y-1.5">
          <label htmlFor={kindId} className="text-sm font-medium text-zinc-300">
            Show
          </label>
          <select
            id={kindId}
            className={selectClass}
            value={filters.kind ?? ''}
            onChange={(event) =>
              setFilters({
                ...filters,
                kind: KIND_FILTERS.find((kind) => kind.value === event.target.value)?.value ?? '',
              })
            }
          >
            {KIND_FILTERS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={influencerId} className="text-sm font-medium text-zinc-300">
            Influencer
          </label>
          <select
            id={influencerId}
            className={selectClass}
            value={filters.influencerId}
            onChange={(event) => setFilters({ ...filters, influencerId: event.target.value })}
          >
            <option value="">All influencers</option>
            {influencers.data?.influencers.map((influencer) => (
              <option key={influencer.id} value={influencer.id}>
                {influencer.name}
              </option>
            ))}
            <option value="none">No influencer</option>
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={scoreId} className="text-sm font-medium text-zinc-300">
            Identity score
          </label>
          <select
            id={scoreId}
            className={selectClass}
            value={filters.minScore}
            onChange={(event) => setFilters({ ...filters, minScore: event.target.value })}
          >
            {SCORE_FILTERS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </form>

      {gallery.isPending ? (
        <ul aria-label="Loading" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((item) => (
            <li key={item} className="aspect-[4/5] animate-pulse rounded-2xl bg-ink-800" />
          ))}
        </ul>
      ) : gallery.isError ? (
        <QueryError query={gallery} title="Your gallery could not be loaded." className="py-10" />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-12 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
            <ImageIcon aria-hidden="true" className="size-7" />
          </span>
          <p className="text-base font-semibold text-white">
            {filters.kind === 'video' ? VIDEO_TEXTS.videoEmpty : GENERATE_TEXTS.galleryEmpty}
          </p>
          {filters.kind === 'video' ? (
            <Button asChild>
              <Link to="/generate-video">
                <Clapperboard aria-hidden="true" className="size-4" />
                Generate a video
              </Link>
            </Button>
          ) : (
            <Button asChild>
              <Link to="/generate">
                <Wand2 aria-hidden="true" className="size-4" />
                Generate images
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul
            aria-label="Your images"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setOpen(item)}
                  aria-label={
                    item.kind === 'video'
                      ? `Play ${item.influencerName ?? 'video'}: ${describeVideo(item)}, made with ${galleryToolLabel(item.tool)}`
                      : `Open ${item.influencerName ?? 'image'}: ${item.prompt}, made with ${galleryToolLabel(item.tool)}`
                  }
                  className="group relative block aspect-[4/5] w-full overflow-hidden rounded-2xl border border-ink-800 bg-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
                >
                  <img
                    src={item.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                  {item.kind === 'video' ? (
                    <span className="absolute inset-0 grid place-items-center">
                      <span className="grid size-12 place-items-center rounded-full bg-black/60 text-white transition-transform group-hover:scale-110">
                        <Play aria-hidden="true" className="size-6 translate-x-px fill-current" />
                      </span>
                    </span>
                  ) : null}
                  <span className="absolute inset-x-2 top-2 flex flex-wrap gap-1">
                    <ToolLabel tool={item.tool} />
                    <IdentityBadge score={item.identityScore} />
                    {item.preview ? <OfflinePreviewLabel /> : null}
                  </span>
                  <span className="absolute inset-x-0 bottom-0 flex items-end gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pt-6 pb-2 text-left text-xs text-zinc-100">
                    <span className="min-w-0 flex-1 truncate">
                      {item.influencerName ?? 'No influencer'}
                      {item.prompt ? ` · ${item.prompt}` : ''}
                    </span>
                    {item.durationSeconds !== null ? (
                      <span className="shrink-0 rounded bg-black/70 px-1.5 py-0.5 font-medium tabular-nums">
                        <span className="sr-only">Length </span>
                        {formatDuration(item.durationSeconds)}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {gallery.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void gallery.fetchNextPage()}
                disabled={gallery.isFetchingNextPage}
              >
                {gallery.isFetchingNextPage ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : null}
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}

      <ImageViewer
        item={open}
        onClose={() => setOpen(null)}
        onDelete={setDeleting}
        details={(item) => <ContentCredentialsSection item={item} />}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete this image?"
        description="It is removed from your gallery and its files are deleted for good."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
