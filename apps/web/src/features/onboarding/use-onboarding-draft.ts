import type { TOnboardingAnswers, TOnboardingState, TUpdateOnboardingRequest } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../components/ui/form';
import { toast } from '../../components/ui/toaster';
import { ApiError, isTransient } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { marketplaceModelsQuery } from '../../lib/marketplace-models';
import { onboardingQuery } from '../../lib/onboarding';
import { useUpdateOnboarding } from './api/update-onboarding';

/** The step the creator is on and the answers so far, as this page holds them. */
export type TOnboardingDraft = { step: number; answers: TOnboardingAnswers };

/** How long the AI name waits after the last keystroke before it is saved. */
const NAME_SAVE_DELAY_MS = 500;

export function draftFrom(state: TOnboardingState): TOnboardingDraft {
  return {
    step: state.step,
    answers: {
      goal: state.goal,
      experience: state.experience,
      creationMethod: state.creationMethod,
      modelId: state.modelId,
      licenceTermsVersion: state.licenceTermsVersion,
      aiName: state.aiName,
      niche: state.niche,
      visualStyle: state.visualStyle,
      platforms: state.platforms,
      postingFrequency: state.postingFrequency,
      contentTypes: state.contentTypes,
      selectedPlan: state.selectedPlan,
    },
  };
}

/** The whole draft goes with every save, so the latest save always carries the latest answers. */
function toRequest({ step, answers }: TOnboardingDraft): TUpdateOnboardingRequest {
  const { aiName, ...rest } = answers;
  const name = aiName.trim();
  // The server refuses an empty name; the field says why, and the last name stays saved.
  return name ? { step, ...rest, aiName: name } : { step, ...rest };
}

/**
 * Holds the onboarding on this page and saves it as the creator goes: every choice and every
 * step change at once, the AI name shortly after the typing stops. Saves run one at a time and
 * each sends the latest draft, so answers reach the server in order. When the server refuses a
 * save, its error is shown and the page returns to the state the server holds.
 */
export function useOnboardingDraft(initial: TOnboardingDraft) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { mutateAsync: update } = useUpdateOnboarding();
  const [draft, setDraft] = useState(initial);
  const latest = useRef(initial);
  const pending = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const nameTimer = useRef<number | undefined>(undefined);

  const apply = useCallback((next: TOnboardingDraft) => {
    latest.current = next;
    setDraft(next);
  }, []);

  const resync = useCallback(async () => {
    if (!user) return;
    void queryClient.invalidateQueries({ queryKey: marketplaceModelsQuery.queryKey });
    try {
      const fresh = await queryClient.fetchQuery(onboardingQuery(user.id));
      apply(draftFrom(fresh.onboarding));
    } catch {
      // The error of the refused save is already on screen.
    }
  }, [apply, queryClient, user]);

  const runSaves = useCallback(async (): Promise<boolean> => {
    let ok = true;
    while (pending.current) {
      pending.current = false;
      try {
        await update(toRequest(latest.current));
      } catch (error) {
        ok = false;
        pending.current = false;
        toast.error(errorText(error, 'Your answers could not be saved. Please try again.'));
        // A refusal means the server holds another state: show that one. A dropped
        // connection keeps the answers on screen for the next save.
        if (error instanceof ApiError && !isTransient(error)) {
          await resync();
        }
      }
    }
    // Cleared in the same turn as the loop's last check, so no request is ever left behind.
    running.current = null;
    return ok;
  }, [resync, update]);

  /** Saves the latest draft; resolves to whether every save up to it succeeded. */
  const save = useCallback((): Promise<boolean> => {
    window.clearTimeout(nameTimer.current);
    nameTimer.current = undefined;
    pending.current = true;
    running.current ??= runSaves();
    return running.current;
  }, [runSaves]);

  /** Waits for every pending save (a name still being typed is saved now). */
  const flush = useCallback((): Promise<boolean> => {
    if (nameTimer.current !== undefined || pending.current) return save();
    return running.current ?? Promise.resolve(true);
  }, [save]);

  /** Changes answers on the current step and saves them at once. */
  const setAnswers = useCallback(
    (patch: Partial<TOnboardingAnswers>) => {
      const current = latest.current;
      apply({ ...current, answers: { ...current.answers, ...patch } });
      void save();
    },
    [apply, save],
  );

  /** Changes the AI name; it is saved once the typing pauses. */
  const setName = useCallback(
    (aiName: string) => {
      const current = latest.current;
      apply({ ...current, answers: { ...current.answers, aiName } });
      window.clearTimeout(nameTimer.current);
      nameTimer.current = window.setTimeout(() => void save(), NAME_SAVE_DELAY_MS);
    },
    [apply, save],
  );

  /** Moves to `step` (with any answers that go with the move) and saves. */
  const goTo = useCallback(
    (step: number, patch: Partial<TOnboardingAnswers> = {}) => {
      const current = latest.current;
      apply({ step, answers: { ...current.answers, ...patch } });
      return save();
    },
    [apply, save],
  );

  // Leaving the page while a name is still being typed: it is saved all the same.
  useEffect(
    () => () => {
      if (nameTimer.current !== undefined) void save();
    },
    [save],
  );

  return { draft, setAnswers, setName, goTo, flush };
}
