import { INFLUENCER_TEXTS, type TInfluencer } from '@muse/shared';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { useDeleteInfluencer } from '../api/delete-influencer';

/** Delete asks first, then one of its two toasts. `influencer` null keeps it closed. */
export function DeleteInfluencerDialog({
  influencer,
  onClose,
}: {
  influencer: TInfluencer | null;
  onClose: () => void;
}) {
  const remove = useDeleteInfluencer();
  return (
    <ConfirmDeleteDialog
      open={influencer !== null}
      title={`Delete ${influencer?.name ?? 'influencer'}?`}
      description={INFLUENCER_TEXTS.confirmDelete}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!influencer) return;
        remove.mutate(influencer.id, {
          onSuccess: () => {
            toast.success(INFLUENCER_TEXTS.deleted);
            onClose();
          },
          onError: () => toast.error(INFLUENCER_TEXTS.deleteFailed),
        });
      }}
    />
  );
}
