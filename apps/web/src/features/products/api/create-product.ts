import { ZProductResponse, type TProduct, type TProductFields } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { productFormData } from './product-form-data';

export type TCreateProductInput = { fields: TProductFields; files: readonly File[] };

/** POST /api/products (multipart): a new product with up to 5 images. */
export async function createProduct({ fields, files }: TCreateProductInput): Promise<TProduct> {
  const answer = await api('/products', {
    method: 'POST',
    body: productFormData(fields, files),
    schema: ZProductResponse,
  });
  return answer.product;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSettled: () => invalidateWorkspace(queryClient),
  });
}
