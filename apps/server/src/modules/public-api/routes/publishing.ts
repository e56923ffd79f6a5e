import {
  ZCreatePostRequest,
  ZPageSettingsRequest,
  ZPageSettingsResponse,
  ZPagesResponse,
  ZPostResponse,
  ZPostsQuery,
  ZPostsResponse,
  ZUpdatePostRequest,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPageSettings, listPages, savePageSettings } from '../../publishing/pages';
import type { TPostMaker } from '../../publishing/approval';
import { createPost, deletePost, listPosts, updatePost } from '../../publishing/posts';
import { ZV1Success } from './common';

const ZParams = z.object({ id: z.string() });
const publish = { scope: 'publishing:write' } as const;
const tags = ['Publishing'];

/** Public pages, posts and the calendar. */
export const v1PublishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;

  app.get(
    '/pages',
    {
      config: publish,
      schema: {
        operationId: 'listPages',
        summary: 'List public pages',
        tags,
        response: { 200: ZPagesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      pages: await listPages(db, request.caller.workspaceId),
    }),
  );

  app.get(
    '/influencers/:id/page',
    {
      config: publish,
      schema: {
        operationId: 'getPage',
        summary: 'Get an influencer’s public page',
        tags,
        params: ZParams,
        response: { 200: ZPageSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      page: await getPageSettings(db, request.caller.workspaceId, request.params.id),
    }),
  );

  app.put(
    '/influencers/:id/page',
    {
      config: publish,
      schema: {
        operationId: 'savePage',
        summary: 'Set up an influencer’s public page',
        description: 'Its handle, and whether it is shown at /i/{handle}.',
        tags,
        params: ZParams,
        body: ZPageSettingsRequest,
        response: { 200: ZPageSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      page: await savePageSettings(db, request.caller.workspaceId, request.params.id, request.body),
    }),
  );

  app.get(
    '/posts',
    {
      config: publish,
      schema: {
        operationId: 'listPosts',
        summary: 'List posts',
        description: 'Published and scheduled, with the month’s scheduling quota.',
        tags,
        querystring: ZPostsQuery,
        response: { 200: ZPostsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listPosts(db, files, request.caller.workspaceId, request.query)),
    }),
  );

  app.post(
    '/posts',
    {
      config: publish,
      schema: {
        operationId: 'createPost',
        summary: 'Publish or schedule a post',
        description:
          'Gallery items on an influencer’s page, free or pay-per-view, now or at `publishAt`; `post.published` is sent when it goes out.',
        tags,
        body: ZCreatePostRequest,
        response: { 201: ZPostResponse },
      },
    },
    async (request, reply) => {
      const post = await createPost(
        db,
        deps,
        request.caller.workspaceId,
        request.body,
        callerMaker(request.caller),
      );
      return reply.status(201).send({ success: true as const, post });
    },
  );

  app.patch(
    '/posts/:id',
    {
      config: publish,
      schema: {
        operationId: 'updatePost',
        summary: 'Change a scheduled post',
        tags,
        params: ZParams,
        body: ZUpdatePostRequest,
        response: { 200: ZPostResponse },
      },
    },
    async (request) => ({
      success: true as const,
      post: await updatePost(
        db,
        files,
        request.caller.workspaceId,
        request.params.id,
        request.body,
        callerMaker(request.caller),
      ),
    }),
  );

  app.delete(
    '/posts/:id',
    {
      config: publish,
      schema: {
        operationId: 'deletePost',
        summary: 'Delete a post',
        tags,
        params: ZParams,
        response: { 200: ZV1Success },
      },
    },
    async (request) => {
      await deletePost(
        db,
        deps.storage,
        request.caller.workspaceId,
        request.params.id,
        request.caller.userId,
      );
      return { success: true as const };
    },
  );
};

/** A person calling makes posts as a member of their role; a program's key as the workspace. */
function callerMaker(caller: {
  userId: string | null;
  role: TPostMaker['role'] | null;
}): TPostMaker | null {
  return caller.userId && caller.role ? { userId: caller.userId, role: caller.role } : null;
}
