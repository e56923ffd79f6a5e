import { isFinished, type TJob } from '@muse/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { JobFailure } from '../../../../components/workspace/job-failure';
import { JobProgress } from '../../../../components/workspace/job-progress';
import {
  IdentityBadge,
  OfflinePreviewLabel,
} from '../../../../components/workspace/identity-badge';
import { formatDuration, formatSize } from '../../../../lib/media-format';
import { DownloadLink } from '../download-link';
import { ResultPlaceholder } from '../tool-layout';
import { VideoPlayer } from './video-player';

/**
 * The result panel of a video tool: the job's progress (or why it failed), then the clip playing
 * in the page with its identity score, its 'Offline preview' label and a download.
 */
export function VideoResult({
  job,
  followError,
  icon,
  placeholder,
  progressLabel,
  videoLabel,
  source,
}: {
  job: TJob | null;
  followError: string | null;
  icon: LucideIcon;
  placeholder: ReactNode;
  /** The progress bar's name ('Video progress'). */
  progressLabel: string;
  /** The finished clip's name ('Generated video'). */
  videoLabel: string;
  /** What the job works on, shown faded while it runs. */
  source?: ReactNode;
}) {
  if (!job) return <ResultPlaceholder icon={icon}>{placeholder}</ResultPlaceholder>;
  const output = job.status === 'succeeded' ? job.outputs[0] : undefined;
  return (
    <div className="space-y-4">
      {job.status === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <JobProgress job={job} label={progressLabel} />
      )}
      {followError ? (
        <p role="alert" className="text-sm text-red-400">
          {followError}
        </p>
      ) : null}
      {output ? (
        <figure className="space-y-3">
          <VideoPlayer file={output} label={videoLabel} />
          <figcaption className="flex flex-wrap items-center gap-2">
            <IdentityBadge score={output.identityScore} note={output.scoreNote} />
            {job.preview ? <OfflinePreviewLabel /> : null}
            <span className="text-sm text-zinc-300">
              {output.durationSeconds !== undefined ? (
                <>
                  <span className="sr-only">Length: </span>
                  {formatDuration(output.durationSeconds)} ·{' '}
                </>
              ) : null}
              {formatSize(output)}
            </span>
            <span className="w-full sm:ml-auto sm:w-auto">
              <DownloadLink file={output} label="Download MP4" />
            </span>
          </figcaption>
        </figure>
      ) : null}
      {!isFinished(job.status) && source ? <div className="opacity-60">{source}</div> : null}
    </div>
  );
}
