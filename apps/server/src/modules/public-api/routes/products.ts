import {
  MAX_PRODUCT_IMAGES,
  ZProductFields,
  ZProductResponse,
  ZProductsResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  productUsage,
  updateProduct,
} from '../../products/service';
import { parseProductForm } from '../../products/form';
import { ZV1Success } from './common';

const ZParams = z.object({ id: z.string() });
const run = { scope: 'tools:run' } as const;
const tags = ['Products'];
const multipart = {
  fileFields: ['images'],
  maxFiles: MAX_PRODUCT_IMAGES,
  fields: ZProductFields.extend({
    keepImageIds: z
      .string()
      .optional()
      .describe('On a change: an image to keep (repeat the field)'),
  }),
};

/** The products of product shots: their names, words and pictures. */
export const v1ProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;

  app.get(
    '/products',
    {
      config: run,
      schema: {
        operationId: 'listProducts',
        summary: 'List products',
        description: 'The account’s products, with the product slots used and held.',
        tags,
        response: { 200: ZProductsResponse },
      },
    },
    async (request) => {
      const workspaceId = request.caller.workspaceId;
      const [list, usage] = await Promise.all([
        listProducts(db, files, workspaceId),
        productUsage(db, workspaceId),
      ]);
      return { success: true as const, products: list, ...usage };
    },
  );

  app.get(
    '/products/:id',
    {
      config: run,
      schema: {
        operationId: 'getProduct',
        summary: 'Get a product',
        tags,
        params: ZParams,
        response: { 200: ZProductResponse },
      },
    },
    async (request) => ({
      success: true as const,
      product: await getProduct(db, files, request.caller.workspaceId, request.params.id),
    }),
  );

  app.post(
    '/products',
    {
      config: { ...run, multipart },
      schema: {
        operationId: 'createProduct',
        summary: 'Add a product',
        description: `Takes one of the account’s product slots; up to ${MAX_PRODUCT_IMAGES} pictures in \`images\`.`,
        tags,
        response: { 201: ZProductResponse },
      },
    },
    async (request, reply) => {
      const { fields, images } = await parseProductForm(request.form!);
      const product = await createProduct(db, deps, request.caller.workspaceId, {
        ...fields,
        images,
      });
      return reply.status(201).send({ success: true as const, product });
    },
  );

  app.put(
    '/products/:id',
    {
      config: { ...run, multipart },
      schema: {
        operationId: 'updateProduct',
        summary: 'Change a product',
        description: 'New pictures are added; earlier ones stay only when named in `keepImageIds`.',
        tags,
        params: ZParams,
        response: { 200: ZProductResponse },
      },
    },
    async (request) => {
      await getProduct(db, files, request.caller.workspaceId, request.params.id);
      const form = await parseProductForm(request.form!);
      const product = await updateProduct(db, deps, request.caller.workspaceId, request.params.id, {
        ...form.fields,
        images: form.images,
        keepImageIds: form.keepImageIds,
      });
      return { success: true as const, product };
    },
  );

  app.delete(
    '/products/:id',
    {
      config: run,
      schema: {
        operationId: 'deleteProduct',
        summary: 'Delete a product',
        tags,
        params: ZParams,
        response: { 200: ZV1Success },
      },
    },
    async (request) => {
      await deleteProduct(db, deps, request.caller.workspaceId, request.params.id);
      return { success: true as const };
    },
  );
};
