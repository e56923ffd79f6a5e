import {
  galleryToolLabel,
  POST_MAX_ITEMS,
  PUBLISHING_TEXTS,
  type TGalleryItem,
} from '@muse/shared';
import { ImageIcon, Loader2, Play } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryError } from '../../../components/ui/query-error';
import { useGallery } from '../../../lib/gallery';
import { formatDuration } from '../../../lib/media-format';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';

/** A tool that works on an image already made: its items carry the tool's name. */
const reworked = (item: TGalleryItem) => item.tool === 'upscale' || item.tool === 'edit-image';

/**
 * How an item is named to a screen reader: its kind, a video's length, the tool when it reworked
 * an image (an upscale, an edit), and what it shows.
 */
function describeItem(item: TGalleryItem): string {
  const kind =
    item.kind === 'video'
      ? `Video, ${formatDuration(item.durationSeconds ?? 0)}`
      : reworked(item)
        ? `Image, ${galleryToolLabel(item.tool)}`
        : 'Image';
  return item.prompt ? `${kind}: ${item.prompt}` : kind;
}

type TPick = {
  value: readonly string[];
  toggle: (itemId: string, checked: boolean) => void;
  disabled: boolean;
  countId: string;
};

/** One gallery query's items as checkable thumbnails, with its 'Load more'. */
function PickableItems({
  gallery,
  pick,
  label,
}: {
  gallery: ReturnType<typeof useGallery>;
  pick: TPick;
  label: string;
}) {
  const items = gallery.data?.pages.flatMap((page) => page.items) ?? [];
  const { value, toggle, disabled, countId } = pick;
  const full = value.length >= POST_MAX_ITEMS;
  if (items.length === 0) return null;
  return (
    <div className="space-y-1.5">
      <p className="text-xs font-medium text-zinc-400">{label}</p>
      <ul
        aria-label={label}
        className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4"
      >
        {items.map((item) => {
          const position = value.indexOf(item.id);
          const checked = position !== -1;
          return (
            <li key={item.id}>
              <label className="group relative block aspect-[4/5] cursor-pointer overflow-hidden rounded-xl border-2 border-transparent bg-ink-950 has-[:checked]:border-brand-400 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400">
                <input
                  type="checkbox"
                  name="itemIds"
                  value={item.id}
                  checked={checked}
                  disabled={disabled || (full && !checked)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                  aria-describedby={countId}
                  className="sr-only"
                />
                <span className="sr-only">
                  {describeItem(item)}
                  {checked ? `, picked as number ${position + 1}` : ''}
                </span>
                <img
                  src={item.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover transition-opacity group-hover:opacity-90"
                />
                {item.kind === 'video' ? (
                  <span
                    aria-hidden="true"
                    className="absolute bottom-1.5 left-1.5 inline-flex items-center gap-1 rounded-full bg-black/70 px-1.5 py-0.5 text-[11px] font-semibold text-white"
                  >
                    <Play className="size-3 fill-current" />
                    {formatDuration(item.durationSeconds ?? 0)}
                  </span>
                ) : reworked(item) ? (
                  <span
                    aria-hidden="true"
                    className="absolute bottom-1.5 left-1.5 rounded-full bg-black/70 px-1.5 py-0.5 text-[11px] font-semibold text-white"
                  >
                    {galleryToolLabel(item.tool)}
                  </span>
                ) : null}
                {checked ? (
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full bg-brand-600 text-xs font-bold text-white"
                  >
                    {position + 1}
                  </span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
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
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The influencer's gallery, and the pictures made without a persona (which may go on any page),
 * as checkable thumbnails, newest first, a page at a time. The post shows its items in the order
 * they were picked, so each chosen one carries its number.
 */
export function GalleryItemPicker({
  influencerId,
  influencerName,
  value,
  onChange,
  error,
  disabled,
}: {
  influencerId: string;
  influencerName: string;
  value: readonly string[];
  onChange: (itemIds: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const own = useGallery({ influencerId });
  const unassigned = useGallery({ influencerId: 'none' });
  const full = value.length >= POST_MAX_ITEMS;
  const count = (gallery: typeof own) =>
    gallery.data?.pages.reduce((total, page) => total + page.items.length, 0) ?? 0;

  const pick: TPick = {
    value,
    disabled: !!disabled,
    countId,
    toggle: (itemId, checked) =>
      onChange(checked ? [...value, itemId] : value.filter((chosen) => chosen !== itemId)),
  };

  let body: ReactNode;
  if (own.isPending || unassigned.isPending) {
    body = (
      <div
        role="status"
        aria-label="Loading the gallery"
        className="grid grid-cols-3 gap-2 sm:grid-cols-4"
      >
        {[0, 1, 2, 3].map((item) => (
          <span key={item} className="aspect-[4/5] animate-pulse rounded-xl bg-ink-800" />
        ))}
      </div>
    );
  } else if (own.isError) {
    body = <QueryError query={own} title="The gallery could not be loaded." />;
  } else if (unassigned.isError) {
    body = <QueryError query={unassigned} title="The gallery could not be loaded." />;
  } else if (count(own) + count(unassigned) === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-ink-700 px-4 py-6 text-center">
        <ImageIcon aria-hidden="true" className="size-6 text-zinc-500" />
        <p className="text-sm text-zinc-400">{WEB_PUBLISHING_TEXTS.galleryEmpty}</p>
      </div>
    );
  } else {
    body = (
      <>
        <PickableItems gallery={own} pick={pick} label={`Of ${influencerName}`} />
        <PickableItems gallery={unassigned} pick={pick} label="Made without a persona" />
      </>
    );
  }

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-zinc-300">Images and videos</legend>
      <p id={countId} className="text-xs text-zinc-400">
        {value.length} of {POST_MAX_ITEMS} chosen, shown in the order you pick them
        {full ? `. ${PUBLISHING_TEXTS.tooManyItems}.` : ''}
      </p>
      {body}
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
