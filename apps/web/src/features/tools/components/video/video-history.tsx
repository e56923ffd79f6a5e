import { isFinished, type TJob } from '@muse/shared';
import { Play } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import {
  IdentityBadge,
  OfflinePreviewLabel,
} from '../../../../components/workspace/identity-badge';
import { formatDuration, formatWhen } from '../../../../lib/media-format';
import { DownloadLink } from '../download-link';

/** A job's state as a short label on its thumbnail. */
function StatusLabel({ job }: { job: TJob }) {
  if (job.status === 'succeeded') return null;
  const failed = job.status === 'failed';
  return (
    <span
      className={cn(
        'absolute bottom-2 left-2 rounded-md px-2 py-0.5 text-xs font-medium',
        failed ? 'bg-red-600/90 text-white' : 'bg-black/75 text-zinc-100',
      )}
    >
      {failed
        ? 'Failed, refunded'
        : `${job.status === 'queued' ? 'Queued' : 'Running'} ${Math.round(job.progress)}%`}
    </span>
  );
}

/** The picture a video job shows in a list: the clip's poster, else its still or clip's poster. */
function thumbnailOf(job: TJob): string | undefined {
  const output = job.status === 'succeeded' ? job.outputs[0] : undefined;
  if (output?.posterUrl) return output.posterUrl;
  if (job.input?.posterUrl) return job.input.posterUrl;
  if (job.input?.contentType.startsWith('image/')) return job.input.url;
  return undefined;
}

/** A video tool's earlier clips, newest first; choosing one plays it in the result panel. */
export function VideoHistory({
  jobs,
  selectedId,
  onSelect,
  describe,
}: {
  jobs: TJob[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** One line about a finished clip: its motion prompt, its persona… */
  describe: (job: TJob) => string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {jobs.map((job) => {
        const output = job.status === 'succeeded' ? job.outputs[0] : undefined;
        const thumbnail = thumbnailOf(job);
        const when = formatWhen(job.createdAt);
        return (
          <li
            key={job.id}
            className={cn(
              'overflow-hidden rounded-2xl border bg-ink-900/70',
              job.id === selectedId ? 'border-brand-400' : 'border-ink-800',
            )}
          >
            <button
              type="button"
              onClick={() => onSelect(job.id)}
              aria-pressed={job.id === selectedId}
              aria-label={`Play the video from ${when}`}
              className="group relative block aspect-square w-full bg-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
            >
              {thumbnail ? (
                <img
                  src={thumbnail}
                  alt=""
                  loading="lazy"
                  className={cn('size-full object-cover', !output && 'opacity-50')}
                />
              ) : null}
              {output ? (
                <span className="absolute inset-0 grid place-items-center">
                  <span className="grid size-11 place-items-center rounded-full bg-black/60 text-white transition-transform group-hover:scale-110">
                    <Play aria-hidden="true" className="size-5 translate-x-px fill-current" />
                  </span>
                </span>
              ) : null}
              {output?.durationSeconds !== undefined ? (
                <span className="absolute right-2 bottom-2 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-medium text-zinc-100 tabular-nums">
                  {formatDuration(output.durationSeconds)}
                </span>
              ) : null}
              {output ? (
                <span className="absolute inset-x-2 top-2 flex flex-wrap gap-1">
                  <IdentityBadge score={output.identityScore} />
                  {job.preview ? <OfflinePreviewLabel /> : null}
                </span>
              ) : null}
              <StatusLabel job={job} />
            </button>
            <div className="flex items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="truncate text-xs font-medium text-zinc-200">
                  {!isFinished(job.status)
                    ? 'In progress'
                    : job.status === 'failed'
                      ? 'Failed'
                      : describe(job)}
                </p>
                <p className="truncate text-xs text-zinc-400">{when}</p>
              </div>
              {output ? (
                <DownloadLink
                  file={output}
                  iconOnly
                  label={`Download ${output.fileName}`}
                  variant="secondary"
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
