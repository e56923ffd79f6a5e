import { PRODUCT_TEXTS, type TProduct } from '@muse/shared';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { useDeleteProduct } from '../api/delete-product';

/** Asks before a product and its images are deleted for good. */
export function DeleteProductDialog({
  product,
  onClose,
}: {
  /** The product to delete; null keeps the dialog closed. */
  product: TProduct | null;
  onClose: () => void;
}) {
  const remove = useDeleteProduct();
  return (
    <ConfirmDeleteDialog
      open={product !== null}
      title="Delete Product"
      description={PRODUCT_TEXTS.confirmDelete}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!product) return;
        remove.mutate(product.id, {
          onSuccess: () => {
            toast.success(PRODUCT_TEXTS.deleted);
            onClose();
          },
          onError: () => toast.error(PRODUCT_TEXTS.deleteFailed),
        });
      }}
    >
      {product ? (
        <p className="mt-4 rounded-xl border border-ink-700 bg-ink-950/60 px-4 py-3 text-sm break-words text-zinc-200">
          {product.name}
        </p>
      ) : null}
    </ConfirmDeleteDialog>
  );
}
