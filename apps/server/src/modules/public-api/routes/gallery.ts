import {
  GENERATE_TEXTS,
  ZGalleryItemResponse,
  ZGalleryQuery,
  ZGalleryResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors';
import {
  deleteGalleryItem,
  findGalleryItem,
  listGallery,
  toPublicGalleryItem,
} from '../../gallery/service';
import { ZV1Success } from './common';

const ZParams = z.object({ id: z.string() });
/** A file's bytes, for the document only: a download is sent as it is stored. */
const ZFile = z.string().meta({ format: 'binary' });

/** A file name a header can carry: plain ASCII, no quotes. */
const asciiName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'download';
const run = { scope: 'tools:run' } as const;
const tags = ['Gallery'];

/** What the tools made: list with filters, read, download, delete. */
export const v1GalleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { files, storage } = app.services;

  app.get(
    '/gallery',
    {
      config: run,
      schema: {
        operationId: 'listGallery',
        summary: 'List gallery items',
        description: 'Newest first; by influencer, kind, product or least identity score.',
        tags,
        querystring: ZGalleryQuery,
        response: { 200: ZGalleryResponse },
      },
    },
    async (request) => {
      const page = await listGallery(db, request.caller.workspaceId, request.query);
      return {
        success: true as const,
        items: page.rows.map((row) => toPublicGalleryItem(row, files)),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/gallery/:id',
    {
      config: run,
      schema: {
        operationId: 'getGalleryItem',
        summary: 'Get a gallery item',
        description: 'Its `url` is a signed link to the file, valid for a while.',
        tags,
        params: ZParams,
        response: { 200: ZGalleryItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      item: toPublicGalleryItem(
        await findGalleryItem(db, request.caller.workspaceId, request.params.id),
        files,
      ),
    }),
  );

  app.get(
    '/gallery/:id/download',
    {
      config: run,
      schema: {
        operationId: 'downloadGalleryItem',
        summary: 'Download a gallery item',
        description: 'The file itself, as the tool made it (with its Content Credentials).',
        tags,
        params: ZParams,
        response: {
          200: {
            description: 'The image or video',
            content: {
              'image/*': { schema: ZFile },
              'video/*': { schema: ZFile },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const item = await findGalleryItem(db, request.caller.workspaceId, request.params.id);
      const stored = await storage.get(item.key);
      if (!stored) throw notFound(GENERATE_TEXTS.itemNotFound, 'GALLERY_ITEM_NOT_FOUND');
      return (
        reply
          .type(item.contentType)
          .header('content-disposition', `attachment; filename="${asciiName(item.fileName)}"`)
          .header('x-content-type-options', 'nosniff')
          // A stream is sent as it is; the schema above only describes it to the document.
          .send(stored.stream as never)
      );
    },
  );

  app.delete(
    '/gallery/:id',
    {
      config: run,
      schema: {
        operationId: 'deleteGalleryItem',
        summary: 'Delete a gallery item',
        tags,
        params: ZParams,
        response: { 200: ZV1Success },
      },
    },
    async (request) => {
      await deleteGalleryItem(db, storage, request.caller.workspaceId, request.params.id);
      return { success: true as const };
    },
  );
};
