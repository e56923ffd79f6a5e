import type { TPost } from '@muse/shared';
import { Play } from 'lucide-react';
import { formatDuration } from '../../lib/media-format';

/**
 * One picture or video of a post as its creator's lists show it: the thumbnail (the blurred
 * preview where there is none), named by its place in the post, and a video's length.
 */
export function PostItemThumbnail({
  item,
  index,
  total,
}: {
  item: TPost['items'][number];
  index: number;
  total: number;
}) {
  return (
    <>
      <img
        src={item.thumbnailUrl ?? item.blurredUrl}
        alt={`${item.kind === 'video' ? 'Video' : 'Image'} ${index + 1} of ${total}`}
        loading="lazy"
        className="size-full object-cover"
      />
      {item.kind === 'video' ? (
        <span className="absolute bottom-1 left-1 inline-flex items-center gap-1 rounded-full bg-black/70 px-1.5 py-0.5 text-[11px] font-semibold text-white">
          <Play aria-hidden="true" className="size-3 fill-current" />
          {formatDuration(item.durationSeconds ?? 0)}
        </span>
      ) : null}
    </>
  );
}
