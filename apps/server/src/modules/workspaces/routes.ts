import {
  ZActivityQuery,
  ZActivityResponse,
  ZChangeRoleRequest,
  ZCreateWorkspaceRequest,
  ZInvitationPreviewResponse,
  ZInvitationResponse,
  ZInviteRequest,
  ZSuccessResponse,
  ZUpdateWorkspaceRequest,
  ZWorkspaceResponse,
  ZWorkspacesResponse,
  ZWorkspaceTeamResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listActivity } from './activity';
import {
  acceptInvitation,
  changeMemberRole,
  createWorkspace,
  inviteMember,
  listWorkspaces,
  previewInvitation,
  removeMember,
  updateWorkspace,
  withdrawInvitation,
  workspaceTeam,
} from './service';

const ZToken = z.object({ token: z.string().max(200) });
const ZId = z.object({ id: z.string().max(100) });
const ZMember = z.object({ userId: z.string().max(100) });

/** The signed-in person's workspaces, and the open workspace's members (docs/product/teams.md). */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/workspaces',
    { schema: { response: { 200: ZWorkspacesResponse } } },
    async (request) => ({
      success: true as const,
      workspaces: await listWorkspaces(db, request.auth.user.id),
      current: request.workspace.id,
    }),
  );

  app.post(
    '/workspaces',
    {
      config: { person: true },
      schema: { body: ZCreateWorkspaceRequest, response: { 201: ZWorkspaceResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        workspace: await createWorkspace(db, request.auth.user.id, request.body),
      }),
  );

  app.patch(
    '/workspace',
    {
      config: { right: 'settings' },
      schema: { body: ZUpdateWorkspaceRequest, response: { 200: ZWorkspaceResponse } },
    },
    async (request) => ({
      success: true as const,
      workspace: await updateWorkspace(db, request.workspace, request.auth.user.id, request.body),
    }),
  );

  app.get(
    '/workspace/members',
    { schema: { response: { 200: ZWorkspaceTeamResponse } } },
    async (request) => ({
      success: true as const,
      ...(await workspaceTeam(db, request.workspace, request.auth.user.id)),
    }),
  );

  app.get(
    '/workspace/activity',
    { schema: { querystring: ZActivityQuery, response: { 200: ZActivityResponse } } },
    async (request) => ({
      success: true as const,
      activity: await listActivity(
        db,
        request.workspace.id,
        request.query.before ? new Date(request.query.before) : undefined,
      ),
    }),
  );

  app.post(
    '/workspace/invitations',
    {
      config: { right: 'members' },
      schema: { body: ZInviteRequest, response: { 201: ZInvitationResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        invitation: await inviteMember(db, request.workspace, request.auth.user.id, request.body),
      }),
  );

  app.delete(
    '/workspace/invitations/:id',
    { config: { right: 'members' }, schema: { params: ZId, response: { 200: ZSuccessResponse } } },
    async (request) => {
      await withdrawInvitation(db, request.workspace, request.auth.user.id, request.params.id);
      return { success: true as const };
    },
  );

  app.patch(
    '/workspace/members/:userId',
    {
      config: { right: 'members' },
      schema: { params: ZMember, body: ZChangeRoleRequest, response: { 200: ZSuccessResponse } },
    },
    async (request) => {
      await changeMemberRole(
        db,
        request.workspace,
        request.auth.user.id,
        request.params.userId,
        request.body.role,
      );
      return { success: true as const };
    },
  );

  app.delete(
    '/workspace/members/:userId',
    {
      config: { right: 'members' },
      schema: { params: ZMember, response: { 200: ZSuccessResponse } },
    },
    async (request) => {
      await removeMember(db, request.workspace, request.auth.user.id, request.params.userId);
      return { success: true as const };
    },
  );

  /** Any member may leave, except the last owner and a person from their own workspace. */
  app.post(
    '/workspace/leave',
    { config: { right: 'view' }, schema: { response: { 200: ZSuccessResponse } } },
    async (request) => {
      await removeMember(db, request.workspace, request.auth.user.id, request.auth.user.id);
      return { success: true as const };
    },
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { person: true },
      schema: { params: ZToken, response: { 200: ZWorkspaceResponse } },
    },
    async (request) => ({
      success: true as const,
      workspace: await acceptInvitation(db, request.auth.user, request.params.token),
    }),
  );
};

/** What an invitation link offers, readable before signing in (its page says whom it is for). */
export const invitationPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/invitations/:token',
    { schema: { params: ZToken, response: { 200: ZInvitationPreviewResponse } } },
    async (request) => ({
      success: true as const,
      invitation: await previewInvitation(db, request.params.token),
    }),
  );
};
