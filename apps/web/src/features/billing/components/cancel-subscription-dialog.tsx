import { Loader2 } from 'lucide-react';
import { errorText } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toaster';
import { useCancelSubscription } from '../api/cancel-subscription';
import { formatDate } from '../../../lib/format-date';

/** Asks before cancelling: the plan ends with its paid period, and its benefits stay until then. */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  planName,
  periodEnd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planName: string;
  periodEnd: string;
}) {
  const cancel = useCancelSubscription();
  const endDate = formatDate(periodEnd);

  function confirm() {
    cancel.mutate(undefined, {
      onSuccess: (summary) => {
        onOpenChange(false);
        const end = summary.subscription?.currentPeriodEnd ?? periodEnd;
        toast.success(
          `Your subscription is cancelled. Your ${planName} benefits stay until ${formatDate(end)}.`,
        );
      },
      onError: (error) => {
        toast.error(errorText(error, 'Failed to cancel subscription'));
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <DialogContent
        title="Cancel your subscription?"
        description={`Your ${planName} plan will not renew. You keep its benefits, and every credit and influencer slot you hold, until the end of the paid period on ${endDate}.`}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={cancel.isPending}>
              Keep subscription
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? (
              <>
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Cancelling...
              </>
            ) : (
              'Confirm cancellation'
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
