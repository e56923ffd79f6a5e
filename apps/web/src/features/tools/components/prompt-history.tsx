import type { TJob } from '@muse/shared';
import { cn } from '../../../lib/cn';
import { formatWhen } from '../../../lib/media-format';
import { CopyPromptButton } from './copy-prompt-button';

/** Earlier generated prompts, newest first, each with its image and a copy button. */
export function PromptHistory({
  jobs,
  selectedId,
  onSelect,
}: {
  jobs: TJob[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {jobs.map((job) => {
        const when = formatWhen(job.createdAt);
        let text = job.prompt ?? '';
        if (job.status === 'failed') text = 'Failed, credits refunded';
        else if (job.status !== 'succeeded') text = `In progress, ${Math.round(job.progress)}%`;
        return (
          <li
            key={job.id}
            className={cn(
              'flex gap-3 rounded-2xl border bg-ink-900/70 p-3',
              job.id === selectedId ? 'border-brand-400' : 'border-ink-800',
            )}
          >
            <button
              type="button"
              onClick={() => onSelect(job.id)}
              aria-pressed={job.id === selectedId}
              aria-label={`Show the prompt from ${when}`}
              className="size-16 shrink-0 overflow-hidden rounded-xl bg-ink-950 sm:size-20"
            >
              {job.input ? (
                <img src={job.input.url} alt="" loading="lazy" className="size-full object-cover" />
              ) : null}
            </button>
            <div className="min-w-0 flex-1">
              <p
                className={cn(
                  'line-clamp-3 text-sm',
                  job.status === 'succeeded' ? 'text-zinc-200' : 'text-zinc-400',
                )}
              >
                {text}
              </p>
              <p className="mt-1 text-xs text-zinc-400">{when}</p>
            </div>
            {job.status === 'succeeded' && job.prompt ? (
              <CopyPromptButton
                prompt={job.prompt}
                iconOnly
                label={`Copy the prompt from ${when}`}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
