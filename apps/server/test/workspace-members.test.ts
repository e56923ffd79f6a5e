/**
 * A workspace's members (docs/product/teams.md): invitations by e-mail within the plan's seats,
 * a one-time link accepted with the invited address verified, roles and removals by owners and
 * admins, the last owner kept, and a removed member's access ended at once on every instance.
 */
import type { FastifyInstance } from 'fastify';
import { WORKSPACE_TEXTS } from '@muse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { startMailWorker, waitForMail } from './account-mail';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { multipartForm } from './images';
import { announced, secondInstance } from './instances';

let ctx: TTestContext;
let other: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await secondInstance(ctx);
  await startMailWorker(ctx);
});

type TCall = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const as = (account: TTestAccount, workspace: string, call: TCall, app = ctx.app) =>
  app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: { ...account.headers, 'x-muse-workspace': workspace },
    ...(call.payload ? { payload: call.payload } : {}),
  });

async function verified(prefix = 'member') {
  const account = await registerAccount(ctx.app, prefix);
  await ctx.database.db
    .update(users)
    .set({ verifiedEmail: account.email })
    .where(eq(users.id, account.userId));
  return account;
}

const inviteSubject = (workspace: string) =>
  WORKSPACE_TEXTS.invitationSubject('Test Creator', workspace);

/** Invites `email` into the owner's personal workspace and answers the mailed link's token. */
async function invite(owner: TTestAccount, email: string, role: string, inviter = owner) {
  const answer = await as(inviter, owner.userId, {
    method: 'POST',
    url: '/api/workspace/invitations',
    payload: { email, role },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const [mail] = await waitForMail(ctx, email, inviteSubject('Test Creator’s workspace'));
  const link = mail!.links.find((one) => one.includes('/invitations/'))!;
  return new URL(link).pathname.split('/').pop()!;
}

const accept = (account: TTestAccount, token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    headers: account.headers,
  });

describe('inviting a member', () => {
  it('mails a link that the invited address accepts once, and the workspace is theirs to open', async () => {
    const owner = await verified('owner');
    await buyPlan(ctx.app, owner, 'launch');
    const editor = await verified('editor');
    const token = await invite(owner, editor.email, 'editor');

    const preview = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.json()).toMatchObject({
      invitation: {
        workspaceName: 'Test Creator’s workspace',
        role: 'editor',
        email: editor.email,
      },
    });
    const joined = await accept(editor, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().workspace).toMatchObject({
      id: owner.userId,
      name: 'Test Creator’s workspace',
      personal: false,
      role: 'editor',
      planLabel: 'Launch',
    });
    // Used once: the same link works no more.
    expect((await accept(editor, token)).json().code).toBe('INVITATION_NOT_FOUND');
    const team = await as(editor, owner.userId, { url: '/api/workspace/members' });
    expect(team.statusCode).toBe(200);
    expect(
      team
        .json()
        .members.map((member: { role: string; you: boolean }) => [member.role, member.you]),
    ).toEqual([
      ['owner', false],
      ['editor', true],
    ]);
    expect(team.json().seats).toEqual({ included: 3, used: 2 });
  });

  it('is refused past the plan’s seats, and without a plan at all', async () => {
    const owner = await verified('owner');
    const free = await as(owner, owner.userId, {
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'someone@example.com', role: 'editor' },
    });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({
      code: 'SEATS_FULL',
      error: WORKSPACE_TEXTS.seatsFull(1, null),
    });
    await buyPlan(ctx.app, owner, 'builder');
    await invite(owner, 'first@example.com', 'editor');
    const full = await as(owner, owner.userId, {
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'second@example.com', role: 'viewer' },
    });
    expect(full.json()).toMatchObject({
      code: 'SEATS_FULL',
      error: WORKSPACE_TEXTS.seatsFull(2, 'builder'),
    });
    // Withdrawing the open invitation gives its seat back.
    const team = await as(owner, owner.userId, { url: '/api/workspace/members' });
    const [open] = team.json().invitations;
    const withdrawn = await as(owner, owner.userId, {
      method: 'DELETE',
      url: `/api/workspace/invitations/${open.id}`,
    });
    expect(withdrawn.statusCode).toBe(200);
    await invite(owner, 'second@example.com', 'viewer');
  });

  it('is accepted only by the invited address, verified', async () => {
    const owner = await verified('owner');
    await buyPlan(ctx.app, owner, 'launch');
    const invited = await registerAccount(ctx.app, 'unverified');
    const stranger = await verified('stranger');
    const token = await invite(owner, invited.email, 'viewer');
    for (const account of [stranger, invited]) {
      const refused = await accept(account, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'INVITATION_EMAIL_MISMATCH',
        error: WORKSPACE_TEXTS.invitationEmail(invited.email),
      });
    }
    expect((await as(stranger, owner.userId, { url: '/api/influencers' })).statusCode).toBe(404);
  });
});

describe('members and their roles', () => {
  it('lets an admin manage members but not owners, and keeps the last owner', async () => {
    const owner = await verified('owner');
    await buyPlan(ctx.app, owner, 'growth');
    const [admin, editor] = [await verified('admin'), await verified('editor')];
    expect((await accept(admin, await invite(owner, admin.email, 'admin'))).statusCode).toBe(200);
    const byAdmin = await as(admin, owner.userId, {
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'boss@example.com', role: 'owner' },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({
      code: 'WORKSPACE_ROLE_FORBIDS',
      error: WORKSPACE_TEXTS.ownersByOwners,
    });
    expect(
      (await accept(editor, await invite(owner, editor.email, 'editor', admin))).statusCode,
    ).toBe(200);
    const demote = await as(admin, owner.userId, {
      method: 'PATCH',
      url: `/api/workspace/members/${owner.userId}`,
      payload: { role: 'viewer' },
    });
    expect(demote.json().code).toBe('WORKSPACE_ROLE_FORBIDS');
    const promoted = await as(admin, owner.userId, {
      method: 'PATCH',
      url: `/api/workspace/members/${editor.userId}`,
      payload: { role: 'viewer' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // The owner of their own workspace can neither leave it nor stop being its owner.
    const leave = await as(owner, owner.userId, { method: 'POST', url: '/api/workspace/leave' });
    expect(leave.json()).toMatchObject({ code: 'LAST_OWNER' });
    const self = await as(owner, owner.userId, {
      method: 'PATCH',
      url: `/api/workspace/members/${owner.userId}`,
      payload: { role: 'admin' },
    });
    expect(self.json()).toMatchObject({ code: 'LAST_OWNER', error: WORKSPACE_TEXTS.lastOwner });
  });

  it('ends a removed member’s access at once, on every instance', async () => {
    const owner = await verified('owner');
    await buyPlan(ctx.app, owner, 'launch');
    const editor = await verified('editor');
    expect((await accept(editor, await invite(owner, editor.email, 'editor'))).statusCode).toBe(
      200,
    );
    // The other instance knows the editor's session, membership included.
    expect((await as(editor, owner.userId, { url: '/api/influencers' }, other)).statusCode).toBe(
      200,
    );

    const gone = announced(other, { account: editor.userId });
    const removed = await as(owner, owner.userId, {
      method: 'DELETE',
      url: `/api/workspace/members/${editor.userId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await gone;
    for (const app of [ctx.app, other]) {
      const answer = await as(editor, owner.userId, { url: '/api/influencers' }, app);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
    }
    // Their own workspace stays theirs.
    expect((await as(editor, editor.userId, { url: '/api/influencers' }, other)).statusCode).toBe(
      200,
    );
  });

  it('shows one member’s change to another member on another instance, once announced', async () => {
    const owner = await verified('owner');
    await buyPlan(ctx.app, owner, 'launch');
    const editor = await verified('editor');
    expect((await accept(editor, await invite(owner, editor.email, 'editor'))).statusCode).toBe(
      200,
    );
    const dashboard = async (account: TTestAccount, app: FastifyInstance) =>
      (await as(account, owner.userId, { url: '/api/users/dashboard' }, app)).json().dashboard;
    // The other instance has the workspace's dashboard in its cache, read by the editor.
    expect((await dashboard(editor, other)).influencers.used).toBe(0);
    const heard = announced(other, { dashboard: owner.userId });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/influencers',
      headers: { ...owner.headers, 'x-muse-workspace': owner.userId },
      payload: multipartForm({ name: 'Ava', niche: 'tech', description: 'Ava reviews gadgets.' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    await heard;
    expect((await dashboard(editor, other)).influencers.used).toBe(1);
    // The editor's own workspace is another dashboard, untouched.
    const own = await as(editor, editor.userId, { url: '/api/users/dashboard' }, other);
    expect(own.json().dashboard.influencers.used).toBe(0);
  });

  it('makes a team workspace whose maker is its owner, with a name of its own', async () => {
    const person = await verified('agency');
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: person.headers,
      payload: { name: '  North Agency ' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { workspace } = made.json();
    expect(workspace).toMatchObject({
      name: 'North Agency',
      role: 'owner',
      personal: false,
      plan: null,
    });
    const renamed = await as(person, workspace.id, {
      method: 'PATCH',
      url: '/api/workspace',
      payload: { name: 'North', approvalRequired: true },
    });
    expect(renamed.json().workspace).toMatchObject({ name: 'North', approvalRequired: true });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/workspaces',
      headers: person.headers,
    });
    expect(list.json().workspaces.map((one: { name: string }) => one.name)).toEqual([
      'Personal workspace',
      'North',
    ]);
  });
});
