import { galleryToolLabel, toolsBy, type TGalleryItem } from '@muse/shared';
import { ArrowUpRight, Clapperboard, Download, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { formatDuration, formatWhen } from '../../lib/media-format';
import { IdentityBadge, OfflinePreviewLabel } from './identity-badge';

/** The tools a gallery image continues in, without a new upload (`?from=<id>`). */
export const CONTINUE_IN = toolsBy('continueFromGallery').map((tool) => ({
  path: tool.path,
  label: tool.name,
}));

/** A video's name in the viewer: what made it and from what words. */
export function describeVideo(item: TGalleryItem): string {
  if (item.tool === 'face-swap') return 'Face swap video';
  return item.prompt ? `Generated video: ${item.prompt}` : 'Generated video';
}

/**
 * One gallery image or video, large (a video plays in the page), with what made it and what can
 * be done with it next: an image continues in another tool or is animated in Generate Video.
 */
export function ImageViewer({
  item,
  onClose,
  onDelete,
  details,
}: {
  item: TGalleryItem | null;
  onClose: () => void;
  onDelete?: (item: TGalleryItem) => void;
  /** More about the item, below what made it (the gallery's Content Credentials). */
  details?: (item: TGalleryItem) => ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent title={titleOf(item)} className="max-w-4xl">
          <div className="mt-4 grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            {item.kind === 'video' ? (
              <video
                controls
                playsInline
                preload="metadata"
                poster={item.thumbnailUrl}
                src={item.url}
                width={item.width}
                height={item.height}
                aria-label={describeVideo(item)}
                className="mx-auto h-auto max-h-[70dvh] w-auto max-w-full rounded-xl border border-ink-700 bg-ink-950 object-contain"
              >
                <a href={item.url}>{describeVideo(item)}</a>
              </video>
            ) : (
              <img
                src={item.url}
                alt={
                  item.tool === 'upscale' || item.tool === 'edit-image'
                    ? `${galleryToolLabel(item.tool)} result${item.prompt ? `: ${item.prompt}` : ''}`
                    : `Generated image: ${item.prompt}`
                }
                width={item.width}
                height={item.height}
                className="mx-auto max-h-[70dvh] w-auto max-w-full rounded-xl border border-ink-700 bg-ink-950 object-contain"
              />
            )}
            <div className="space-y-4 text-sm">
              <div className="flex flex-wrap gap-2">
                <IdentityBadge score={item.identityScore} note={item.scoreNote} />
                {item.preview ? <OfflinePreviewLabel /> : null}
              </div>
              {item.prompt ? <p className="text-zinc-200">{item.prompt}</p> : null}
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-zinc-400">
                <dt>Influencer</dt>
                <dd className="text-zinc-200">{item.influencerName ?? 'None'}</dd>
                <dt>Size</dt>
                <dd className="text-zinc-200">
                  {item.width} × {item.height}
                </dd>
                {item.durationSeconds !== null ? (
                  <>
                    <dt>Length</dt>
                    <dd className="text-zinc-200">{formatDuration(item.durationSeconds)}</dd>
                  </>
                ) : null}
                <dt>Tool</dt>
                <dd className="text-zinc-200">{galleryToolLabel(item.tool)}</dd>
                <dt>Made</dt>
                <dd className="text-zinc-200">{formatWhen(item.createdAt)}</dd>
              </dl>
              {details?.(item)}
              <div className="flex flex-wrap gap-2">
                <Button asChild size="sm">
                  <a href={item.url} download={item.fileName}>
                    <Download aria-hidden="true" className="size-4" />
                    {item.kind === 'video' ? 'Download MP4' : 'Download'}
                  </a>
                </Button>
                {onDelete ? (
                  <Button variant="secondary" size="sm" onClick={() => onDelete(item)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </Button>
                ) : null}
              </div>
              {item.kind === 'image' ? (
                <nav aria-label="Continue with this image" className="space-y-2">
                  <p className="text-xs font-medium tracking-wide text-zinc-400 uppercase">
                    Continue with it
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/generate-video?galleryId=${item.id}`}>
                        <Clapperboard aria-hidden="true" className="size-4" />
                        Animate
                      </Link>
                    </Button>
                    {CONTINUE_IN.map((tool) => (
                      <Button key={tool.path} asChild variant="outline" size="sm">
                        <Link to={`${tool.path}?from=${item.id}`}>
                          {tool.label}
                          <ArrowUpRight aria-hidden="true" className="size-4" />
                        </Link>
                      </Button>
                    ))}
                  </div>
                </nav>
              ) : null}
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function titleOf(item: TGalleryItem): string {
  if (item.kind === 'video') return item.influencerName ? `${item.influencerName}, video` : 'Video';
  if (item.tool === 'upscale' || item.tool === 'edit-image') {
    const made = item.tool === 'upscale' ? 'upscaled' : 'edited';
    return item.influencerName ? `${item.influencerName}, ${made}` : `Image, ${made}`;
  }
  return item.influencerName ? `${item.influencerName}, generated` : 'Generated image';
}
