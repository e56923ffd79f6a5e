import { ZGalleryItemResponse, ZGalleryResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteGalleryItem, findGalleryItem, listGallery, toPublicGalleryItem } from './service';

const ZParams = z.object({ id: z.string() });

/** The account's gallery: a page of images, one image, and deleting one. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { files, storage } = app.services;

  app.get('/gallery', { schema: { response: { 200: ZGalleryResponse } } }, async (request) => {
    const page = await listGallery(db, request.workspace.id, request.query);
    return {
      success: true as const,
      items: page.rows.map((row) => toPublicGalleryItem(row, files)),
      nextCursor: page.nextCursor,
    };
  });

  app.get(
    '/gallery/:id',
    { schema: { params: ZParams, response: { 200: ZGalleryItemResponse } } },
    async (request) => ({
      success: true as const,
      item: toPublicGalleryItem(
        await findGalleryItem(db, request.workspace.id, request.params.id),
        files,
      ),
    }),
  );

  app.delete(
    '/gallery/:id',
    { config: { right: 'edit' }, schema: { params: ZParams } },
    async (request) => {
      await deleteGalleryItem(db, storage, request.workspace.id, request.params.id);
      return { success: true as const };
    },
  );
};
