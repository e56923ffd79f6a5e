import { PUBLISHING_TEXTS, ZPostResponse, type TPost } from '@muse/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorText } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toaster';
import { api, hasErrorCode } from '../../../lib/api';
import { APPROVALS_QUERY_KEY } from '../../../lib/approvals';
import { invalidatePublishing } from '../../../lib/publishing-keys';
import { APPROVALS_TEXTS } from '../approvals-texts';

/** POST /api/posts/:id/approve: the post goes out at its time, or at once if that has passed. */
export async function approvePost(id: string): Promise<TPost> {
  const answer = await api(`/posts/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    schema: ZPostResponse,
  });
  return answer.post;
}

export type TReturnPostInput = { id: string; note: string };

/** POST /api/posts/:id/return: back to its maker with the note; it stays unpublished. */
export async function returnPost({ id, note }: TReturnPostInput): Promise<TPost> {
  const answer = await api(`/posts/${encodeURIComponent(id)}/return`, {
    method: 'POST',
    body: { note },
    schema: ZPostResponse,
  });
  return answer.post;
}

/** Takes a post out of the queue as shown, before the queue is read again. */
function dropFromQueue(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<TPost[]>({ queryKey: APPROVALS_QUERY_KEY }, (posts) =>
    posts?.filter((post) => post.id !== id),
  );
}

/** Decided by another approver meanwhile, or deleted by its maker: it has left the queue. */
export function isGone(error: unknown): boolean {
  return hasErrorCode(error, 'POST_NOT_WAITING', 'POST_NOT_FOUND');
}

/*
 * A decided post leaves the queue at once, and the calendar and the queue (with the sidebar's
 * count) are read again either way. The toasts are the mutation's own, not a card's: the card
 * is gone by the time the answer has been handled.
 */

/** Approves a waiting post; `onLeft` runs once it has left the queue (approved, or gone). */
export function useApprovePost({ onLeft }: { onLeft: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePost,
    onSuccess: (post) => {
      toast.success(PUBLISHING_TEXTS.postApproved);
      dropFromQueue(queryClient, post.id);
      onLeft();
    },
    onError: (error, id) => {
      toast.error(errorText(error, APPROVALS_TEXTS.approveFailed));
      if (!isGone(error)) return;
      dropFromQueue(queryClient, id);
      onLeft();
    },
    onSettled: () => invalidatePublishing(queryClient),
  });
}

/**
 * Sends a waiting post back with a note; `onLeft` runs once it has left the queue (sent back, or
 * gone). Any other failure is the form's to show.
 */
export function useReturnPost({ onLeft }: { onLeft: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnPost,
    onSuccess: (post) => {
      toast.success(PUBLISHING_TEXTS.postReturned);
      onLeft();
      dropFromQueue(queryClient, post.id);
    },
    onError: (error, { id }) => {
      if (!isGone(error)) return;
      toast.error(errorText(error, APPROVALS_TEXTS.returnFailed));
      onLeft();
      dropFromQueue(queryClient, id);
    },
    onSettled: () => invalidatePublishing(queryClient),
  });
}
