import {
  PUBLISH_PLATFORMS,
  ZCreatePostRequest,
  ZPageSettingsRequest,
  ZPageSettingsResponse,
  ZPagesResponse,
  ZPostResponse,
  ZPostsQuery,
  ZPostsResponse,
  type TPostsResponse,
  ZPublicPageResponse,
  ZPublicPageUnlockedResponse,
  ZPublicPostResponse,
  type TPublicPageResponse,
  ZPurchasesResponse,
  ZUpdatePostRequest,
  ZApprovalsResponse,
  ZReturnPostRequest,
} from '@muse/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyReply } from 'fastify';
import { compressOnce, sendEncoded, sendPrecompressed } from '../../lib/precompressed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorised } from '../../lib/errors';
import { z } from 'zod';
import { getPageSettings, listPages, savePageSettings } from './pages';
import { readPostCounts, retryTarget } from '../platforms/targets';
import { approvePost, returnPost, type TPostMaker } from './approval';
import { createPost, deletePost, getPost, listPosts, listWaitingPosts, updatePost } from './posts';
import {
  listPurchases,
  movedPageHandle,
  pageNotFound,
  publicPage,
  publicPost,
  readPagePicture,
  unlockedPosts,
} from './public';
import { viewerOf } from './viewer';

const ZParams = z.object({ id: z.string() });
const ZHandleParams = z.object({ handle: z.string() });
const ZSuccess = z.object({ success: z.literal(true) });
const ZPostPlatform = z.object({
  id: z.string(),
  platform: z.enum(PUBLISH_PLATFORMS, { error: 'Choose Instagram, TikTok, YouTube or X' }),
});

/** Answers that depend on who asks (locked or not) are kept by no cache. */
const PER_VIEWER = 'private, no-store';

/**
 * Influencers' public pages, open to everyone (docs/product/publishing.md). A bearer token, when
 * sent and live, tells who looks; without one, or with a bad one, a visitor sees locked posts.
 */
export const publishingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { files, storage } = app.services;

  /**
   * A page not found under a handle it let go of less than 30 days ago is sent to its new handle
   * (302: after 30 days the old one may be someone else's); anything else stays not found.
   */
  async function orMoved<T>(
    reply: FastifyReply,
    handle: string,
    rest: string,
    answer: () => Promise<T>,
  ): Promise<T | FastifyReply> {
    try {
      return await answer();
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
      const current = await movedPageHandle(db, handle);
      if (!current) throw error;
      reply.header('cache-control', PER_VIEWER);
      return reply.redirect(`/api/public/pages/${current}${rest}`, 302);
    }
  }

  app.get(
    '/public/pages/:handle',
    { schema: { params: ZHandleParams, response: { 200: ZPublicPageResponse, 304: z.null() } } },
    async (request, reply) =>
      orMoved(reply, request.params.handle, '', async () => {
        const viewerId = await viewerOf(request);
        if (!viewerId) {
          // The same for every visitor without an account: read, encoded and compressed once
          // per change (page-cache.ts), and sent as it is.
          const shared = await app.publicPages.get(request.params.handle);
          if (!shared) throw pageNotFound();
          reply.header('vary', 'authorization');
          return sendPrecompressed(
            request,
            reply,
            shared.answer,
            'application/json; charset=utf-8',
          ) as unknown as TPublicPageResponse;
        }
        const answer = await publicPage(db, files, request.params.handle, viewerId);
        reply.header('cache-control', PER_VIEWER);
        return { success: true as const, ...answer };
      }),
  );

  app.get(
    '/public/pages/:handle/unlocked',
    { schema: { params: ZHandleParams, response: { 200: ZPublicPageUnlockedResponse } } },
    async (request, reply) =>
      orMoved(reply, request.params.handle, '/unlocked', async () => {
        const viewerId = await viewerOf(request);
        if (!viewerId) throw unauthorised();
        // Which posts the page shows comes from its shared answer, read once per change.
        const shared = await app.publicPages.get(request.params.handle);
        if (!shared) throw pageNotFound();
        const posts = await unlockedPosts(db, files, shared, viewerId);
        reply.header('cache-control', PER_VIEWER);
        return { success: true as const, posts };
      }),
  );

  app.get(
    '/public/pages/:handle/posts/:id',
    {
      schema: {
        params: ZHandleParams.extend({ id: z.string() }),
        response: { 200: ZPublicPostResponse },
      },
    },
    async (request, reply) => {
      const { handle, id } = request.params;
      return orMoved(reply, handle, `/posts/${encodeURIComponent(id)}`, async () => {
        const viewerId = await viewerOf(request);
        const answer = await publicPost(db, files, handle, id, viewerId);
        reply.header('cache-control', PER_VIEWER);
        return { success: true as const, ...answer };
      });
    },
  );

  // The same for everyone and without a signature, so link previews and caches can fetch it;
  // hiding the page takes it down within the hour a cache may keep it.
  app.get(
    '/public/pages/:handle/picture',
    { schema: { params: ZHandleParams } },
    async (request, reply) =>
      orMoved(reply, request.params.handle, '/picture', async () => {
        const picture = await readPagePicture(db, storage, request.params.handle);
        return reply
          .type(picture.contentType)
          .header('cache-control', 'public, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(picture.data);
      }),
  );
};

/** The creator's pages, posts and calendar, and a fan's purchases (signed in). */
/** The member making or changing a post, with their role in the request's workspace. */
const maker = (request: FastifyRequest): TPostMaker => ({
  userId: request.auth.user.id,
  role: request.workspace.role,
});

export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;
  const countDeps = { db, publishers: deps.publishers, secrets: deps.secrets };

  /** The approval queue: the workspace's posts waiting, soonest first (docs/product/teams.md). */
  app.get(
    '/approvals',
    { config: { right: 'approve' }, schema: { response: { 200: ZApprovalsResponse } } },
    async (request) => ({
      success: true as const,
      posts: await listWaitingPosts(db, files, request.workspace.id),
    }),
  );

  app.post(
    '/posts/:id/approve',
    { config: { right: 'approve' }, schema: { params: ZParams, response: { 200: ZPostResponse } } },
    async (request) => {
      await approvePost(db, request.workspace.id, request.auth.user.id, request.params.id);
      return {
        success: true as const,
        post: await getPost(db, files, request.workspace.id, request.params.id),
      };
    },
  );

  app.post(
    '/posts/:id/return',
    {
      config: { right: 'approve' },
      schema: { params: ZParams, body: ZReturnPostRequest, response: { 200: ZPostResponse } },
    },
    async (request) => {
      await returnPost(
        db,
        request.workspace.id,
        request.auth.user.id,
        request.params.id,
        request.body.note,
      );
      return {
        success: true as const,
        post: await getPost(db, files, request.workspace.id, request.params.id),
      };
    },
  );

  app.get('/pages', { schema: { response: { 200: ZPagesResponse } } }, async (request) => ({
    success: true as const,
    pages: await listPages(db, request.workspace.id),
  }));

  app.get(
    '/influencers/:id/page',
    { schema: { params: ZParams, response: { 200: ZPageSettingsResponse } } },
    async (request) => ({
      success: true as const,
      page: await getPageSettings(db, request.workspace.id, request.params.id),
    }),
  );

  app.put(
    '/influencers/:id/page',
    {
      config: { right: 'edit' },
      schema: {
        params: ZParams,
        body: ZPageSettingsRequest,
        response: { 200: ZPageSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      page: await savePageSettings(db, request.workspace.id, request.params.id, request.body),
    }),
  );

  app.get(
    '/posts',
    { schema: { querystring: ZPostsQuery, response: { 200: ZPostsResponse } } },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      const { query } = request;
      // The month's answer is encoded by its schema and compressed once per change of the
      // account's posts, and kept (calendar-cache.ts): Fastify sends the bytes as they are.
      const key = JSON.stringify([
        query.from,
        query.to,
        query.influencerId,
        query.month,
        query.timeZone,
        query.perDay,
      ]);
      const answer = await app.calendarCache.get(workspaceId, key, async () => {
        const body = JSON.stringify(
          ZPostsResponse.parse({
            success: true,
            ...(await listPosts(db, files, workspaceId, query)),
          }),
        );
        return compressOnce(Buffer.from(body), { fast: true });
      });
      return sendEncoded(
        request,
        reply,
        answer,
        'application/json; charset=utf-8',
      ) as unknown as TPostsResponse;
    },
  );

  app.post(
    '/posts',
    {
      config: { right: 'schedule' },
      schema: { body: ZCreatePostRequest, response: { 201: ZPostResponse } },
    },
    async (request, reply) => {
      const post = await createPost(db, deps, request.workspace.id, request.body, maker(request));
      return reply.status(201).send({ success: true as const, post });
    },
  );

  app.patch(
    '/posts/:id',
    {
      config: { right: 'schedule' },
      schema: { params: ZParams, body: ZUpdatePostRequest, response: { 200: ZPostResponse } },
    },
    async (request) => ({
      success: true as const,
      post: await updatePost(
        db,
        files,
        request.workspace.id,
        request.params.id,
        request.body,
        maker(request),
      ),
    }),
  );

  app.delete(
    '/posts/:id',
    { config: { right: 'schedule' }, schema: { params: ZParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deletePost(
        db,
        deps.storage,
        request.workspace.id,
        request.params.id,
        request.auth.user.id,
      );
      return { success: true as const };
    },
  );

  /** 'Try again' on a post's failed platform. */
  app.post(
    '/posts/:id/targets/:platform/retry',
    {
      config: { right: 'schedule' },
      schema: { params: ZPostPlatform, response: { 200: ZPostResponse } },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      await getPost(db, files, workspaceId, request.params.id);
      await retryTarget(db, workspaceId, request.params.id, request.params.platform);
      return {
        success: true as const,
        post: await getPost(db, files, workspaceId, request.params.id),
      };
    },
  );

  /** The creator opened the post: what its platforms report is read now. */
  app.post(
    '/posts/:id/read-counts',
    {
      config: { right: 'view' },
      schema: { params: z.object({ id: z.string() }), response: { 200: ZPostResponse } },
    },
    async (request) => {
      const workspaceId = request.workspace.id;
      await getPost(db, files, workspaceId, request.params.id);
      await readPostCounts(countDeps, workspaceId, request.params.id);
      return {
        success: true as const,
        post: await getPost(db, files, workspaceId, request.params.id),
      };
    },
  );

  app.get(
    '/purchases',
    { config: { person: true }, schema: { response: { 200: ZPurchasesResponse } } },
    async (request) => ({
      success: true as const,
      purchases: await listPurchases(db, files, request.auth.user.id),
    }),
  );
};
