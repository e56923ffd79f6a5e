import { isFinished, type TGenerateRequestInput, type TJob } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { hasErrorCode } from '../../lib/api';
import { followJob } from '../../lib/job-events';
import { invalidateWorkspace } from '../../lib/workspace';
import { generateImages } from '../../lib/gallery';
import { useJobs } from './api/list-jobs';
import { revealResultPanel } from './components/tool-layout';

/** Answers that mean the plan or the balance said no: the 'image' limit modal opens. */
export function isRefusal(error: unknown): boolean {
  return hasErrorCode(
    error,
    'INSUFFICIENT_CREDITS',
    'INSUFFICIENT_MODEL_TOKENS',
    'TOOL_NOT_ALLOWED',
  );
}

/**
 * The Generate page's batch: the jobs of the last request (one per image), each followed live
 * until it finishes, so its card fills in on its own; after a reload, the generations still
 * running are picked up again.
 */
export function useGenerateBatch({ onRefused }: { onRefused: () => void }) {
  const queryClient = useQueryClient();
  const history = useJobs('generate-image');
  const [batch, setBatch] = useState<string[] | null>(null);
  const [live, setLive] = useState<Record<string, TJob>>({});
  const [resumeChecked, setResumeChecked] = useState(false);
  const create = useMutation({
    mutationFn: generateImages,
    onSettled: () => invalidateWorkspace(queryClient),
  });

  // After a reload: the newest batch with an image still running is on show again (once). A
  // batch's jobs are written in one transaction, so they share their creation time.
  if (!resumeChecked && history.data) {
    setResumeChecked(true);
    const running = history.data.find((job) => !isFinished(job.status));
    if (running && batch === null)
      setBatch(
        history.data
          .filter((job) => job.createdAt === running.createdAt)
          .map((job) => job.id)
          .reverse(),
      );
  }

  const jobs: TJob[] = useMemo(() => {
    if (!batch) return [];
    return batch.flatMap((id) => {
      const job = live[id] ?? history.data?.find((one) => one.id === id);
      return job ? [job] : [];
    });
  }, [batch, live, history.data]);

  const following = jobs.filter((job) => !isFinished(job.status)).map((job) => job.id);
  const followKey = following.join(',');
  const onFinished = useEffectEvent(() => void invalidateWorkspace(queryClient));

  useEffect(() => {
    if (!followKey) return;
    const controller = new AbortController();
    for (const id of followKey.split(','))
      followJob(id, (job) => setLive((now) => ({ ...now, [id]: job })), controller.signal)
        .then(() => onFinished())
        .catch(() => undefined);
    return () => controller.abort();
  }, [followKey]);

  function start(request: TGenerateRequestInput) {
    create.mutate(request, {
      onSuccess: (queued) => {
        setLive((now) => ({ ...now, ...Object.fromEntries(queued.map((job) => [job.id, job])) }));
        setBatch(queued.map((job) => job.id));
        requestAnimationFrame(revealResultPanel);
      },
      onError: (error) => {
        if (isRefusal(error)) onRefused();
      },
    });
  }

  return {
    jobs,
    history,
    busy: create.isPending || following.length > 0,
    submitting: create.isPending,
    submitError:
      create.error && !isRefusal(create.error)
        ? create.error instanceof Error
          ? create.error.message
          : String(create.error)
        : null,
    start,
  };
}
