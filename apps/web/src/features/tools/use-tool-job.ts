import { isFinished, type TJob, type TJobTool } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { hasErrorCode } from '../../lib/api';
import { invalidateWorkspace } from '../../lib/workspace';
import { useCreateJob, type TCreateJobInput } from './api/create-job';
import { followJob } from '../../lib/job-events';
import { useJobs } from './api/list-jobs';
import { revealResultPanel } from './components/tool-layout';

/** Answers that mean the plan or the balance said no: the tool's limit modal opens. */
function isRefusal(error: unknown): boolean {
  return hasErrorCode(
    error,
    'INSUFFICIENT_CREDITS',
    'INSUFFICIENT_MODEL_TOKENS',
    'TOOL_NOT_ALLOWED',
  );
}

/**
 * A tool page's jobs: the history list, the job on show (just queued, picked from the history
 * or, after a reload, the newest one still running) followed live until it finishes, and the
 * call that queues a new one.
 */
export function useToolJob<T extends TJobTool>(
  tool: T,
  {
    onRefused,
    resume = () => true,
  }: {
    onRefused: () => void;
    /** Which running job a reload picks up (a product's dialog: only that product's). */
    resume?: (job: TJob) => boolean;
  },
) {
  const queryClient = useQueryClient();
  const jobs = useJobs(tool);
  const create = useCreateJob();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [resumeChecked, setResumeChecked] = useState(false);
  // The latest state the events reported, for the job it belongs to.
  const [live, setLive] = useState<{ id: string; job: TJob } | null>(null);
  const [followError, setFollowError] = useState<{ id: string; message: string } | null>(null);

  // After a reload: pick up the newest job that is still running (once, when the list arrives).
  if (!resumeChecked && jobs.data) {
    setResumeChecked(true);
    const running = jobs.data.find((job) => !isFinished(job.status) && resume(job));
    if (running && selectedId === null) setSelectedId(running.id);
  }

  const liveJob = live && live.id === selectedId ? live.job : undefined;
  const listed = jobs.data?.find((job) => job.id === selectedId);
  const current = liveJob ?? listed ?? null;
  const followId =
    selectedId !== null && (current === null || !isFinished(current.status)) ? selectedId : null;

  // The jobs this page followed and has not yet seen finish.
  const followed = useRef(new Set<string>());
  const onFinished = useEffectEvent((id: string) => {
    if (!followed.current.delete(id)) return;
    // Credits were refunded on failure, and the history gains the result: refresh both.
    void invalidateWorkspace(queryClient);
  });

  // A followed job can be seen finished in the history before its events say so, which ends the
  // following: the refresh comes from whichever says it first.
  const finishedId = current && selectedId && isFinished(current.status) ? selectedId : null;
  useEffect(() => {
    if (finishedId) onFinished(finishedId);
  }, [finishedId]);

  useEffect(() => {
    if (!followId) return;
    followed.current.add(followId);
    const controller = new AbortController();
    followJob(followId, (job) => setLive({ id: followId, job }), controller.signal)
      .then(() => onFinished(followId))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFollowError({
          id: followId,
          message: error instanceof Error ? error.message : 'Could not follow this job',
        });
      });
    return () => controller.abort();
  }, [followId]);

  function start(input: TCreateJobInput<T>) {
    create.mutate(input, {
      onSuccess: (job) => {
        setLive({ id: job.id, job });
        setSelectedId(job.id);
        requestAnimationFrame(revealResultPanel);
      },
      onError: (error) => {
        if (isRefusal(error)) onRefused();
      },
    });
  }

  const submitError =
    create.error && !isRefusal(create.error)
      ? create.error instanceof Error
        ? create.error.message
        : String(create.error)
      : null;

  // The history shows the live state of the followed job too (the list was read before it moved).
  const history = useMemo(() => {
    if (!jobs.data || !live) return jobs.data;
    if (!jobs.data.some((job) => job.id === live.id)) return [live.job, ...jobs.data];
    return jobs.data.map((job) => (job.id === live.id ? live.job : job));
  }, [jobs.data, live]);

  return {
    jobs: { ...jobs, data: history } as typeof jobs,
    current,
    /** A job of this page is queued or running: a second one waits. */
    busy: create.isPending || (current !== null && !isFinished(current.status)),
    submitting: create.isPending,
    submitError,
    followError: followError && followError.id === selectedId ? followError.message : null,
    /** Shows a job of the history in the result panel. */
    select: (id: string) => {
      setSelectedId(id);
      requestAnimationFrame(revealResultPanel);
    },
    start,
  };
}
