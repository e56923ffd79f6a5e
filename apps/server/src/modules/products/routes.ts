import { MAX_PRODUCT_IMAGES, ZProductResponse, ZProductsResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart';
import { parseProductForm } from './form';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  productUsage,
  updateProduct,
} from './service';

const ZParams = z.object({ id: z.string() });

const ZSuccess = z.object({ success: z.literal(true) });

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;

  async function readProductForm(request: Parameters<typeof readMultipartForm>[0]) {
    return parseProductForm(
      await readMultipartForm(request, { fileFields: ['images'], maxFiles: MAX_PRODUCT_IMAGES }),
    );
  }

  app.get('/products', { schema: { response: { 200: ZProductsResponse } } }, async (request) => {
    const workspaceId = request.workspace.id;
    const [list, usage] = await Promise.all([
      listProducts(db, files, workspaceId),
      productUsage(db, workspaceId),
    ]);
    return { success: true as const, products: list, ...usage };
  });

  app.get(
    '/products/:id',
    { schema: { params: ZParams, response: { 200: ZProductResponse } } },
    async (request) => ({
      success: true as const,
      product: await getProduct(db, files, request.workspace.id, request.params.id),
    }),
  );

  app.post(
    '/products',
    { config: { right: 'edit' }, schema: { response: { 201: ZProductResponse } } },
    async (request, reply) => {
      const { fields, images } = await readProductForm(request);
      const product = await createProduct(db, deps, request.workspace.id, { ...fields, images });
      return reply.status(201).send({ success: true as const, product });
    },
  );

  app.put(
    '/products/:id',
    { config: { right: 'edit' }, schema: { params: ZParams, response: { 200: ZProductResponse } } },
    async (request) => {
      await getProduct(db, files, request.workspace.id, request.params.id);
      const form = await readProductForm(request);
      const product = await updateProduct(db, deps, request.workspace.id, request.params.id, {
        ...form.fields,
        images: form.images,
        keepImageIds: form.keepImageIds,
      });
      return { success: true as const, product };
    },
  );

  app.delete(
    '/products/:id',
    { config: { right: 'edit' }, schema: { params: ZParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteProduct(db, deps, request.workspace.id, request.params.id);
      return { success: true as const };
    },
  );
};
