import type { TGalleryItem } from '@muse/shared';
import { Check, ImageIcon, Loader2, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { QueryError } from '../../../../components/ui/query-error';
import { useGallery } from '../../../../lib/gallery';

/** How a gallery image is named to a screen reader: who it shows and what it shows. */
function describeItem(item: TGalleryItem): string {
  const who = item.influencerName ?? 'No influencer';
  return item.prompt ? `${who}: ${item.prompt}` : who;
}

/**
 * The account's gallery images as a group of radio buttons (their thumbnails), newest first, a
 * page at a time: the still a video starts from, read by the server without an upload.
 * `preselected` (a page opened with `?galleryId=`) is listed first even when it is older.
 */
export function GalleryStillPicker({
  value,
  onChange,
  preselected,
  error,
}: {
  value: string | null;
  onChange: (item: TGalleryItem) => void;
  preselected: TGalleryItem | null;
  error?: string | null;
}) {
  const errorId = useId();
  const gallery = useGallery({ kind: 'image' });
  const loaded = gallery.data?.pages.flatMap((page) => page.items) ?? [];
  const items =
    preselected && !loaded.some((item) => item.id === preselected.id)
      ? [preselected, ...loaded]
      : loaded;

  let body: ReactNode;
  if (gallery.isPending && !preselected) {
    body = (
      <div role="status" aria-label="Loading" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {[0, 1, 2, 3].map((item) => (
          <span key={item} className="aspect-[4/5] animate-pulse rounded-xl bg-ink-800" />
        ))}
      </div>
    );
  } else if (gallery.isError) {
    body = <QueryError query={gallery} title="Your gallery could not be loaded." />;
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-ink-700 px-4 py-6 text-center">
        <ImageIcon aria-hidden="true" className="size-6 text-zinc-500" />
        <p className="text-sm text-zinc-400">
          No images in your gallery yet: generate one, or choose another still.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to="/generate">
            <Sparkles aria-hidden="true" className="size-4" />
            Generate images
          </Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <div className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4">
          {items.map((item) => (
            <label
              key={item.id}
              className="group relative block aspect-[4/5] cursor-pointer overflow-hidden rounded-xl border-2 border-transparent bg-ink-950 has-[:checked]:border-brand-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400"
            >
              <input
                type="radio"
                name="galleryStill"
                value={item.id}
                checked={value === item.id}
                onChange={() => onChange(item)}
                className="sr-only"
              />
              <span className="sr-only">{describeItem(item)}</span>
              <img
                src={item.thumbnailUrl}
                alt=""
                loading="lazy"
                className="size-full object-cover transition-opacity group-hover:opacity-90"
              />
              {value === item.id ? (
                <span className="absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full bg-brand-500 text-white">
                  <Check aria-hidden="true" className="size-4" />
                </span>
              ) : null}
            </label>
          ))}
        </div>
        {gallery.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void gallery.fetchNextPage()}
            disabled={gallery.isFetchingNextPage}
          >
            {gallery.isFetchingNextPage ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            Load more images
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-zinc-300">Gallery image</legend>
      {body}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
