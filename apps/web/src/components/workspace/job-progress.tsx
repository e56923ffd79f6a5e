import type { TJob } from '@muse/shared';
import { cn } from '../../lib/cn';

/** The stage text of a job on show: the server's words while it works, 'Done' at the end. */
function stageOf(job: TJob): string {
  if (job.status === 'succeeded') return 'Done';
  if (job.stage) return job.stage;
  return job.status === 'queued' ? 'Waiting for its turn' : 'Working';
}

/** How far a job is: its stage text, the percentage and a bar screen readers can read. */
export function JobProgress({ job, label }: { job: TJob; label: string }) {
  const done = job.status === 'succeeded';
  const percent = done ? 100 : Math.min(100, Math.max(0, Math.round(job.progress)));
  const stage = stageOf(job);
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span
          className={cn('min-w-0 truncate', done ? 'text-emerald-300' : 'text-zinc-200')}
          aria-live="polite"
        >
          {stage}
        </span>
        <span className="shrink-0 font-semibold text-white tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${stage}`}
        className="h-2.5 overflow-hidden rounded-full bg-ink-800"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500 ease-out motion-reduce:transition-none',
            done ? 'bg-emerald-400' : 'bg-gradient-to-r from-brand-500 to-accent-500',
            !done && 'animate-pulse',
          )}
          style={{ width: `${Math.max(percent, 2)}%` }}
        />
      </div>
    </div>
  );
}
