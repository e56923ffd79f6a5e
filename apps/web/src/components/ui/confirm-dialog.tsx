import { Loader2, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';

/**
 * Asks before something is deleted for good. It cannot be closed while the deletion runs, so
 * the answer always lands on an open dialog.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  pending,
  onConfirm,
  onClose,
  children,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
}: {
  open: boolean;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
  /** The confirming button's words ('Delete' unless the action is another, such as 'Revoke'). */
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      {open ? (
        <DialogContent title={title} description={description}>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Trash2 aria-hidden="true" className="size-4" />
              )}
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
