import type { TJob } from '@muse/shared';
import { CircleAlert } from 'lucide-react';

/** A failed job: why, and that its credits came back (the server refunds every failure). */
export function JobFailure({ job }: { job: TJob }) {
  const reason = job.failureReason ?? 'The job could not be finished.';
  // Training failures give a model token back, tool failures credits: the reason says which.
  const mentionsRefund = /refund|given back/i.test(reason);
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-500/30 bg-red-500/5 p-4 text-sm"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-400" />
      <div className="space-y-1">
        <p className="font-semibold text-red-200">This job failed</p>
        <p className="text-red-200/90">{reason}</p>
        {mentionsRefund ? null : (
          <p className="text-zinc-400">Your {job.cost} credits were refunded.</p>
        )}
      </div>
    </div>
  );
}
