import {
  ZAuditLogResponse,
  ZOperatorActionRequest,
  ZOperatorActionResponse,
  ZOperatorReportDetailResponse,
  ZOperatorReportsResponse,
  ZSafetyRefusalsResponse,
} from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerOperatorAccess, type TOperator } from './access';
import {
  dismissReport,
  hidePage,
  hidePost,
  reviewRefusal,
  suspendAccount,
  type TActionResult,
} from './actions';
import {
  getReportDetail,
  listAuditLog,
  listOpenReports,
  listUnreviewedRefusals,
  readConsentDocument,
} from './queue';

const ZParams = z.object({ id: z.string() });
/** Nothing an operator reads is kept by a browser or a proxy. */
const NO_STORE = 'private, no-store';

/**
 * The operators' console API, `/api/operator/...` (docs/product/reports-and-takedown.md): to
 * anyone but a signed-in operator every route is an unknown address (404). Reads, then one
 * route per action; the audit log is only ever read here.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOperatorAccess(app);
  const { db } = app.database;
  const { files, storage } = app.services;

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', NO_STORE);
    done(null, payload);
  });

  /** This instance forgets what the action changed before it answers; others hear it from the database. */
  const forgetChanged = (server: FastifyInstance, result: TActionResult) => {
    for (const userId of result.changedAccounts) {
      server.sessionCache.forget(userId);
      server.dashboardCache.forget(userId);
      server.calendarCache.forget(userId);
      server.publicPages.forgetWorkspace(userId);
    }
  };

  app.get(
    '/operator/reports',
    { schema: { response: { 200: ZOperatorReportsResponse } } },
    async () => ({ success: true as const, reports: await listOpenReports(db) }),
  );

  app.get(
    '/operator/reports/:id',
    { schema: { params: ZParams, response: { 200: ZOperatorReportDetailResponse } } },
    async (request) => ({
      success: true as const,
      ...(await getReportDetail(db, files, request.params.id)),
    }),
  );

  app.get(
    '/operator/reports/:id/consent-document',
    { schema: { params: ZParams } },
    async (request, reply) => {
      const document = await readConsentDocument(db, storage, request.params.id);
      const name = document.name.replace(/[^\w.-]+/g, '_');
      return reply
        .type(document.contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(document.file.stream);
    },
  );

  /** One route per action on a report: `POST /api/operator/reports/:id/<action>`. */
  const actions: Record<
    string,
    (operator: TOperator, reportId: string, note: string) => Promise<TActionResult>
  > = {
    'hide-post': (operator, id, note) => hidePost(db, operator, id, note),
    'hide-page': (operator, id, note) => hidePage(db, operator, id, note),
    suspend: (operator, id, note) => suspendAccount(db, files, operator, id, note),
    dismiss: (operator, id, note) => dismissReport(db, operator, id, note),
  };

  for (const [path, act] of Object.entries(actions)) {
    app.post(
      `/operator/reports/:id/${path}`,
      {
        schema: {
          params: ZParams,
          body: ZOperatorActionRequest.nullish(),
          response: { 200: ZOperatorActionResponse },
        },
      },
      async (request) => {
        const result = await act(request.operator, request.params.id, request.body?.note ?? '');
        forgetChanged(app, result);
        return { success: true as const, report: result.report, entry: result.entry };
      },
    );
  }

  app.get(
    '/operator/refusals',
    { schema: { response: { 200: ZSafetyRefusalsResponse } } },
    async () => ({ success: true as const, refusals: await listUnreviewedRefusals(db) }),
  );

  app.post(
    '/operator/refusals/:id/review',
    {
      schema: {
        params: ZParams,
        body: ZOperatorActionRequest.nullish(),
        response: { 200: ZOperatorActionResponse },
      },
    },
    async (request) => {
      const result = await reviewRefusal(
        db,
        request.operator,
        request.params.id,
        request.body?.note ?? '',
      );
      return { success: true as const, report: null, entry: result.entry };
    },
  );

  app.get('/operator/audit', { schema: { response: { 200: ZAuditLogResponse } } }, async () => ({
    success: true as const,
    entries: await listAuditLog(db),
  }));
};
