import {
  ACCOUNT_DATA_TEXTS,
  ZAccountExportDownloadQuery,
  ZAccountExportResponse,
  ZDeleteAccountRequest,
  ZLatestAccountExportResponse,
  ZSuccessResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPayments } from '../payments/payments';
import { deleteAccount } from './deletion';
import {
  findExport,
  latestExport,
  openExportDownload,
  requestExport,
  toPublicExport,
} from './exports';

const ZExportParams = z.object({ id: z.string().max(100) });

/**
 * An export's download: the link mailed to the owner works signed in or not, for 7 days
 * (docs/product/data-rights.md).
 */
export const accountDataPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { storage, files } = app.services;

  app.get(
    '/account/exports/:id/download',
    { schema: { params: ZExportParams, querystring: ZAccountExportDownloadQuery } },
    async (request, reply) => {
      const { file, fileName } = await openExportDownload(
        { db, storage, files },
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};

/** The signed-in account's export and its deletion. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { storage, files } = app.services;
  const payments = createPayments(app.config);

  app.post(
    '/account/exports',
    { config: { person: true }, schema: { response: { 200: ZAccountExportResponse } } },
    async (request) => ({
      success: true as const,
      export: toPublicExport(await requestExport(db, request.auth.user.id), files),
    }),
  );

  app.get(
    '/account/exports',
    { config: { person: true }, schema: { response: { 200: ZLatestAccountExportResponse } } },
    async (request) => {
      const row = await latestExport(db, request.auth.user.id);
      return { success: true as const, export: row ? toPublicExport(row, files) : null };
    },
  );

  app.get(
    '/account/exports/:id',
    {
      config: { person: true },
      schema: { params: ZExportParams, response: { 200: ZAccountExportResponse } },
    },
    async (request) => ({
      success: true as const,
      export: toPublicExport(await findExport(db, request.auth.user.id, request.params.id), files),
    }),
  );

  app.delete(
    '/account',
    {
      config: { person: true },
      schema: { body: ZDeleteAccountRequest, response: { 200: ZSuccessResponse } },
    },
    async (request) => {
      await deleteAccount({ db, storage, payments }, request.auth, request.body ?? {}, request.log);
      return { success: true as const, message: ACCOUNT_DATA_TEXTS.accountDeleted };
    },
  );
};
