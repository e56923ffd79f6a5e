import { isFinished, LIKENESS_TEXTS, PERSONA_PHOTOS, type TJob, type TPersona } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Sparkles } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { JobFailure } from '../../../components/workspace/job-failure';
import { JobProgress } from '../../../components/workspace/job-progress';
import { followJob } from '../../../lib/job-events';
import { invalidateWorkspace } from '../../../lib/workspace';
import { useStartTraining } from '../api/start-training';

/**
 * Training (docs/product/personas.md): the count of photos that pass, 'Start training' once ten
 * do, then the training job live until it finishes; a ready persona shows its reference set.
 */
export function TrainingPanel({ persona }: { persona: TPersona }) {
  const queryClient = useQueryClient();
  const start = useStartTraining(persona.influencerId);
  const [live, setLive] = useState<TJob | null>(null);
  const training = live && live.id === persona.training?.id ? live : persona.training;
  const followId = training && !isFinished(training.status) ? training.id : null;

  const onFinished = useEffectEvent(() => void invalidateWorkspace(queryClient));
  useEffect(() => {
    if (!followId) return;
    const controller = new AbortController();
    followJob(followId, setLive, controller.signal)
      .then(() => onFinished())
      .catch(() => {
        if (!controller.signal.aborted) onFinished();
      });
    return () => controller.abort();
  }, [followId]);

  const passing = Math.min(persona.passing, PERSONA_PHOTOS.minToTrain);
  // Enough photos, but whose likeness they show is not stated yet (or consent lacks its document).
  const likenessWait =
    persona.passing < PERSONA_PHOTOS.minToTrain
      ? null
      : !persona.likeness
        ? LIKENESS_TEXTS.statementNeeded
        : persona.likeness.statement === 'consent' && !persona.likeness.document
          ? LIKENESS_TEXTS.documentNeeded
          : null;
  return (
    <section
      aria-labelledby="training-heading"
      className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-5"
    >
      <h2 id="training-heading" className="text-lg font-semibold text-white">
        {persona.ready ? 'Reference set' : 'Training'}
      </h2>
      {persona.ready ? (
        <div className="space-y-1 text-sm text-zinc-300">
          <p className="flex items-center gap-2 font-semibold text-emerald-300">
            <CircleCheck aria-hidden="true" className="size-4" />
            Ready: {persona.photos.filter((photo) => photo.reference).length} reference photos
          </p>
          {persona.trained && persona.triggerWord ? (
            <p>
              Trigger word: <code className="text-brand-300">{persona.triggerWord}</code>
            </p>
          ) : null}
          <p className="text-zinc-400">
            Photos you add from now on join the reference set once they pass the checks.
          </p>
        </div>
      ) : persona.kind === 'custom' ? (
        <div className="space-y-3">
          <p className="text-sm text-zinc-300" role="status">
            {passing} of {PERSONA_PHOTOS.minToTrain} needed pass the checks
          </p>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-ink-800">
            <div
              className="h-full rounded-full bg-gradient-to-r from-brand-500 to-accent-500"
              style={{ width: `${(100 * passing) / PERSONA_PHOTOS.minToTrain}%` }}
            />
          </div>
          {followId ? null : (
            <div className="flex flex-col gap-2">
              <Button
                onClick={() => start.mutate()}
                disabled={!persona.canTrain || start.isPending}
                className="w-full whitespace-nowrap"
              >
                <Sparkles aria-hidden="true" className="size-4" />
                Start training
              </Button>
              <p className="text-xs text-zinc-400">
                Uses 1 influencer slot ({persona.modelTokens} unused)
              </p>
              {likenessWait ? <p className="text-xs text-amber-200">{likenessWait}</p> : null}
            </div>
          )}
          {start.error ? (
            <p role="alert" className="text-sm text-red-300">
              {start.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {training && !isFinished(training.status) ? (
        <JobProgress job={training} label="Training progress" />
      ) : null}
      {training?.status === 'failed' ? <JobFailure job={training} /> : null}
    </section>
  );
}
