import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';

/** DELETE /api/products/{id}: the product and its images. */
export async function deleteProduct(id: string): Promise<void> {
  await api(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => invalidateWorkspace(queryClient),
  });
}
