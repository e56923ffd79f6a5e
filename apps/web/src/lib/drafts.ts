/**
 * Drafts in a persona's words (docs/product/drafts.md): POST /api/drafts queues one, and the job
 * is followed to its end like every tool's. The answer is the draft and whether Muse's templates
 * wrote it (an 'Offline preview').
 */
import {
  DRAFT_TEXTS,
  isFinished,
  ZJobResponse,
  type TDraft,
  type TDraftKind,
  type TDraftRequest,
} from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from './api';
import { followJob } from './job-events';

export type TWrittenDraft<K extends TDraftKind> = {
  draft: Extract<TDraft, { kind: K }>;
  preview: boolean;
};

export class DraftFailed extends Error {}

export async function writeDraft<K extends TDraftKind>(
  request: TDraftRequest & { kind: K },
  signal: AbortSignal,
): Promise<TWrittenDraft<K>> {
  const { job } = await api('/drafts', {
    method: 'POST',
    body: request,
    schema: ZJobResponse,
    signal,
  });
  // A draft already written (Muse's templates are quick) needs no following.
  const done = isFinished(job.status) ? job : await followJob(job.id, () => {}, signal);
  if (done.status !== 'succeeded' || done.draft?.kind !== request.kind)
    throw new DraftFailed(done.failureReason ?? DRAFT_TEXTS.draftFailed);
  return { draft: done.draft as Extract<TDraft, { kind: K }>, preview: done.preview };
}

/** A draft of one kind, written on demand; following it stops when the component goes. */
export function useDraft<K extends TDraftKind>() {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return useMutation({
    mutationFn: (request: TDraftRequest & { kind: K }) => {
      controller.current?.abort();
      controller.current = new AbortController();
      return writeDraft<K>(request, controller.current.signal);
    },
  });
}
