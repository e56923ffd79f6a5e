import { ZReturnPostRequest, type TPost } from '@muse/shared';
import { Loader2, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import {
  ErrorBanner,
  Field,
  Textarea,
  errorText,
  fieldIssues,
  focusField,
} from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { isGone, useReturnPost } from './api/decide-post';
import { APPROVALS_TEXTS } from './approvals-texts';

/**
 * Sends a waiting post back to its maker: the note, required, says what to change. It cannot be
 * closed while the post is being sent back, so the answer lands on an open dialog.
 */
export function ReturnPostDialog({
  post,
  onClose,
  onLeft,
}: {
  /** null keeps it closed. */
  post: TPost | null;
  onClose: () => void;
  /** The post has left the queue: sent back, or decided by someone else meanwhile. */
  onLeft: () => void;
}) {
  const send = useReturnPost({ onLeft });
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => (open || send.isPending ? undefined : onClose())}
    >
      {post ? (
        <DialogContent
          title={APPROVALS_TEXTS.returnTitle}
          description={APPROVALS_TEXTS.returnNote(post.createdBy?.name ?? 'Its maker')}
        >
          <ReturnForm key={post.id} post={post} send={send} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ReturnForm({ post, send }: { post: TPost; send: ReturnType<typeof useReturnPost> }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const busy = send.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = event.currentTarget;
    const parsed = ZReturnPostRequest.safeParse({ note });
    if (!parsed.success) {
      setError(fieldIssues(parsed.error).note ?? null);
      focusField(form, 'note');
      return;
    }
    send.mutate(
      { id: post.id, note: parsed.data.note },
      {
        // Success, and a post no longer waiting, close the dialog (useReturnPost); any other
        // failure shows here, the note kept.
        onError: (failure) => {
          if (isGone(failure)) return;
          const text = errorText(failure, APPROVALS_TEXTS.returnFailed);
          if (failure instanceof ApiError && failure.field === 'note') setError(text);
          else setFormError(text);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Send back" className="mt-5 space-y-5">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}
      <Field label={APPROVALS_TEXTS.noteLabel} hint={APPROVALS_TEXTS.noteHint} error={error}>
        {(control) => (
          <Textarea
            {...control}
            name="note"
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setError(null);
            }}
            rows={4}
            required
            disabled={busy}
            className="min-h-24"
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Undo2 aria-hidden="true" className="size-4" />
          )}
          {busy ? 'Sending back...' : 'Send back'}
        </Button>
      </div>
    </form>
  );
}
