import type { TGalleryItem, TJob } from '@muse/shared';
import { Maximize2 } from 'lucide-react';
import { JobFailure } from '../../../../components/workspace/job-failure';
import { JobProgress } from '../../../../components/workspace/job-progress';
import {
  IdentityBadge,
  OfflinePreviewLabel,
} from '../../../../components/workspace/identity-badge';
import { DownloadLink } from '../download-link';

/** What the viewer needs of a finished generation, from its job and its persona's name. */
export function galleryItemOf(
  job: TJob,
  influencerName: string | null = null,
): TGalleryItem | null {
  const output = job.outputs[0];
  if (job.status !== 'succeeded' || !output?.galleryId) return null;
  return {
    id: output.galleryId,
    kind: 'image',
    url: output.url,
    thumbnailUrl: output.url,
    width: output.width,
    height: output.height,
    contentType: output.contentType,
    fileName: output.fileName,
    durationSeconds: null,
    tool: job.tool,
    productId: typeof job.options.productId === 'string' ? job.options.productId : null,
    influencerId: typeof job.options.influencerId === 'string' ? job.options.influencerId : null,
    influencerName,
    prompt: typeof job.options.prompt === 'string' ? job.options.prompt : '',
    identityScore: output.identityScore ?? null,
    scoreNote: output.scoreNote ?? null,
    engine: job.engine,
    preview: job.preview,
    jobId: job.id,
    // Not in the job's answer: the gallery's own item shows them.
    credentials: null,
    createdAt: job.createdAt,
  };
}

/** One image of a batch: its progress while it runs, then the image, its score and its actions. */
export function GenerationCard({
  job,
  number,
  influencerName = null,
  onOpen,
}: {
  job: TJob;
  number: number;
  /** The name of the persona the image is of, for the large view. */
  influencerName?: string | null;
  onOpen: (item: TGalleryItem) => void;
}) {
  const item = galleryItemOf(job, influencerName);
  const output = job.outputs[0];
  return (
    <li
      aria-label={`Image ${number}`}
      className="space-y-3 rounded-2xl border border-ink-800 bg-ink-950/50 p-3"
    >
      {item && output ? (
        <>
          <button
            type="button"
            onClick={() => onOpen(item)}
            aria-label={`Open image ${number} large`}
            className="group relative block w-full overflow-hidden rounded-xl bg-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            <img
              src={output.url}
              alt={`Generated image ${number}`}
              width={output.width}
              height={output.height}
              className="h-auto w-full object-contain"
            />
            <span className="absolute top-2 right-2 grid size-8 place-items-center rounded-lg bg-black/50 text-white opacity-80 group-hover:opacity-100">
              <Maximize2 aria-hidden="true" className="size-4" />
            </span>
          </button>
          <div className="flex flex-wrap items-center gap-2">
            <IdentityBadge score={item.identityScore} note={item.scoreNote} />
            {job.preview ? <OfflinePreviewLabel /> : null}
            <span className="ml-auto">
              <DownloadLink
                file={output}
                label={`Download image ${number}`}
                iconOnly
                variant="secondary"
              />
            </span>
          </div>
        </>
      ) : job.status === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <div className="space-y-3">
          <div className="grid aspect-[4/5] place-items-center rounded-xl bg-ink-900">
            <span className="size-10 animate-spin rounded-full border-2 border-ink-700 border-t-brand-400" />
          </div>
          <JobProgress job={job} label={`Image ${number} progress`} />
        </div>
      )}
    </li>
  );
}
