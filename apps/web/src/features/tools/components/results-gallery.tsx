import { isFinished, type TJob } from '@muse/shared';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryError } from '../../../components/ui/query-error';
import { cn } from '../../../lib/cn';
import { formatWhen } from '../../../lib/media-format';
import { DownloadLink } from './download-link';

type TJobsQuery = UseInfiniteQueryResult<TJob[]>;

/**
 * The history section of a tool page: a heading, then loading, failure, empty or the items, a
 * page at a time with 'Load more'.
 */
export function HistorySection({
  heading,
  emptyText,
  emptyIcon: EmptyIcon,
  jobs,
  children,
}: {
  heading: string;
  emptyText: string;
  emptyIcon: LucideIcon;
  jobs: TJobsQuery;
  children: (jobs: TJob[]) => ReactNode;
}) {
  let body: ReactNode;
  if (jobs.isPending) {
    body = (
      <ul aria-label="Loading" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((item) => (
          <li key={item} className="aspect-square animate-pulse rounded-2xl bg-ink-800" />
        ))}
      </ul>
    );
  } else if (jobs.isError) {
    body = <QueryError query={jobs} title="Your history could not be loaded." className="py-10" />;
  } else if (jobs.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
          <EmptyIcon aria-hidden="true" className="size-7" />
        </span>
        <p className="text-base font-semibold text-white">{emptyText}</p>
      </div>
    );
  } else {
    body = (
      <>
        {children(jobs.data)}
        <LoadMore query={jobs} />
      </>
    );
  }

  return (
    <section aria-labelledby="tool-history-heading" className="space-y-4">
      <h2 id="tool-history-heading" className="text-xl font-semibold text-white">
        {heading}
      </h2>
      {body}
    </section>
  );
}

/** A job's state as a short label on its thumbnail. */
function StatusBadge({ job }: { job: TJob }) {
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

/** The image results of a tool, newest first; choosing one shows it in the result panel. */
export function ImageGallery({
  jobs,
  selectedId,
  onSelect,
  describe,
}: {
  jobs: TJob[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** One line about a result: its size, format… */
  describe: (job: TJob) => string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {jobs.map((job) => {
        const output = job.status === 'succeeded' ? job.outputs[0] : undefined;
        const thumb = output ?? job.input;
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
              aria-label={`Show the result from ${when}`}
              className="relative block aspect-square w-full bg-ink-950"
            >
              {thumb ? (
                <img
                  src={thumb.url}
                  alt=""
                  loading="lazy"
                  className={cn('size-full object-cover', !output && 'opacity-50')}
                />
              ) : null}
              <StatusBadge job={job} />
            </button>
            <div className="flex items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="text-xs font-medium break-words text-zinc-200">
                  {isFinished(job.status) ? describe(job) : 'In progress'}
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
