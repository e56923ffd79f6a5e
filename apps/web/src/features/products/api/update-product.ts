import { ZProductResponse, type TProduct, type TProductFields } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { productFormData } from './product-form-data';

export type TUpdateProductInput = {
  id: string;
  fields: TProductFields;
  /** The existing images to keep; any other existing image is removed. */
  keepImageIds: readonly string[];
  files: readonly File[];
};

/** PUT /api/products/{id} (multipart): new text, the images kept and the images added. */
export async function updateProduct({
  id,
  fields,
  keepImageIds,
  files,
}: TUpdateProductInput): Promise<TProduct> {
  const answer = await api(`/products/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: productFormData(fields, files, keepImageIds),
    schema: ZProductResponse,
  });
  return answer.product;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => invalidateWorkspace(queryClient),
  });
}
