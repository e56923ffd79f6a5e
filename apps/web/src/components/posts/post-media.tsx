import type { TPostItem } from '@muse/shared';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { AiLabel, CredentialsLabel, OfflinePreviewMediaLabel } from './ai-label';

/**
 * How a post's picture loads: 'first' is the largest thing on screen as the page opens (loaded
 * at once, ahead of the rest), 'eager' is on screen too; without, it loads as it nears the screen.
 */
export type TMediaPriority = 'first' | 'eager';

/** "image 2 of 3" / "video" : how one item of a post is named to screen readers. */
function itemName(item: TPostItem, index: number, count: number): string {
  const kind = item.kind === 'video' ? 'video' : 'picture';
  return count > 1 ? `${kind} ${index + 1} of ${count}` : kind;
}

/**
 * One image or video of a post, always labelled AI-generated. The original (`url`) shows only
 * when the answer carries it; a locked item has only the server's blurred preview, with a lock
 * (docs/decisions/0030-publishing-and-pay-per-view.md: blurring here would send the original).
 * `fit`: 'cover' crops to the frame the grid gives it; 'natural' keeps the item's own shape.
 * Classes are joined with clsx, never overriding one another: an influencer's public page shows
 * posts on a first visit without tailwind-merge (docs/decisions/0058-public-page-for-fans.md).
 */
export function PostMedia({
  item,
  index,
  count,
  influencerName,
  fit,
  priority,
}: {
  item: TPostItem;
  index: number;
  count: number;
  influencerName: string;
  fit: 'cover' | 'natural';
  priority?: TMediaPriority;
}) {
  const name = itemName(item, index, count);
  const loading = priority ? ('eager' as const) : ('lazy' as const);
  const fetchPriority = priority === 'first' && index === 0 ? ('high' as const) : undefined;
  const natural = fit === 'natural';
  const frame = clsx(
    'relative overflow-hidden rounded-xl bg-ink-900',
    natural ? 'mx-auto max-h-[75dvh] w-full' : 'aspect-square',
  );
  const ratio =
    natural && item.width > 0 && item.height > 0
      ? { aspectRatio: `${item.width} / ${item.height}` }
      : undefined;
  const media = natural ? 'size-full object-contain' : 'size-full object-cover';

  let content;
  if (item.url === null) {
    content = (
      <>
        <img
          src={item.blurredUrl}
          alt={`Blurred preview of a locked AI-generated ${name} of ${influencerName}`}
          loading={loading}
          fetchPriority={fetchPriority}
          // Cropped to the frame in either fit: a blurred preview has no shape of its own to keep.
          className="size-full object-cover scale-110 blur-lg"
        />
        <span className="absolute inset-0 grid place-items-center bg-ink-950/30">
          <span className="grid size-11 place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/20">
            <Lock aria-hidden="true" className="size-5" />
          </span>
        </span>
      </>
    );
  } else if (item.kind === 'video') {
    content = (
      <video
        controls
        playsInline
        preload="metadata"
        poster={item.thumbnailUrl ?? undefined}
        src={item.url}
        width={item.width || undefined}
        height={item.height || undefined}
        aria-label={`AI-generated ${name} of ${influencerName}`}
        className={clsx(media, 'bg-ink-950')}
      >
        <a href={item.url}>{`AI-generated ${name} of ${influencerName}`}</a>
      </video>
    );
  } else {
    // The grid takes the sharp preview (smaller); the post's own page the original.
    const source = natural ? item.url : (item.thumbnailUrl ?? item.url);
    content = (
      <img
        src={source}
        alt={`AI-generated ${name} of ${influencerName}`}
        loading={loading}
        fetchPriority={fetchPriority}
        width={item.width || undefined}
        height={item.height || undefined}
        className={media}
      />
    );
  }

  return (
    <div className={frame} style={ratio}>
      {content}
      {/* Above the video's own controls' area, top left: never hidden by them. */}
      <div className="pointer-events-none absolute top-2 left-2 flex flex-wrap gap-1">
        <AiLabel />
        {/* Made offline by classic image processing: said wherever it is shown. */}
        {item.preview ? <OfflinePreviewMediaLabel /> : null}
        {item.credentials ? <CredentialsLabel /> : null}
      </div>
    </div>
  );
}

/** All items of a post: one fills the frame; several sit two by two. */
export function PostMediaGrid({
  items,
  influencerName,
  fit,
  priority,
}: {
  items: TPostItem[];
  influencerName: string;
  fit: 'cover' | 'natural';
  priority?: TMediaPriority;
}) {
  const several = items.length > 1;
  return (
    <ul className={clsx('grid gap-2', several && fit === 'cover' && 'grid-cols-2')}>
      {items.map((item, index) => (
        <li key={item.id} className="min-w-0">
          <PostMedia
            item={item}
            index={index}
            count={items.length}
            influencerName={influencerName}
            fit={fit}
            priority={priority}
          />
        </li>
      ))}
    </ul>
  );
}
