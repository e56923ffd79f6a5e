import type { TJobFile } from '@muse/shared';
import { cn } from '../../../../lib/cn';

/**
 * A video that plays in the page: the browser's own controls, its poster frame until it plays,
 * and only its metadata read until then.
 */
export function VideoPlayer({
  file,
  label,
  className,
}: {
  file: Pick<TJobFile, 'url' | 'width' | 'height' | 'posterUrl'>;
  label: string;
  className?: string;
}) {
  return (
    <video
      controls
      playsInline
      preload="metadata"
      poster={file.posterUrl}
      src={file.url}
      width={file.width}
      height={file.height}
      aria-label={label}
      className={cn(
        'mx-auto h-auto max-h-[28rem] w-auto max-w-full rounded-xl border border-ink-700 bg-ink-950 object-contain',
        className,
      )}
    >
      <a href={file.url}>{label}</a>
    </video>
  );
}
