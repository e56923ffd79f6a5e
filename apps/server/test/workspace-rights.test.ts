/**
 * The rights of each role in a workspace (docs/product/teams.md), over every route of the API:
 * a viewer changes nothing, an editor neither pays nor manages programs or platforms, an admin
 * does not pay, and an owner may do all of it. Routes about the signed-in person alone work
 * whatever workspace is open, and a workspace's reads are every member's.
 */
import { randomUUID } from 'node:crypto';
import { WORKSPACE_TEXTS, type TWorkspaceRole } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '../src/db/schema';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { apiRoutes } from './routes';

let ctx: TTestContext;
let team: string;
const members = {} as Record<TWorkspaceRole, TTestAccount>;

/**
 * The protected routes that change something of the person signed in, not of a workspace: their
 * session and settings, their onboarding, their data, and what they buy as a fan.
 */
const PERSON_ROUTES = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/verify-email/resend',
  'PUT /api/users/profile',
  'PUT /api/users/password',
  'DELETE /api/users/sessions/:id',
  'POST /api/users/sessions/revoke-others',
  'POST /api/account/exports',
  'DELETE /api/account',
  'PUT /api/onboarding',
  'POST /api/onboarding/complete',
  'POST /api/payments/test-checkout/:id/pay',
  'POST /api/payments/test-checkout/:id/cancel',
  'POST /api/posts/:id/checkout',
  'POST /api/workspaces',
  'POST /api/invitations/:token/accept',
]);

/** What each right-bearing route needs, beyond 'view' (the table's other rights). */
const BILLING = [
  'POST /api/payments/create-checkout-session',
  'POST /api/payments/cancel-subscription',
  'POST /api/payments/resume-subscription',
  'POST /api/earnings/payouts',
  'POST /api/earnings/payout-account',
];
const DEVELOPERS = [
  'POST /api/api-keys',
  'DELETE /api/api-keys/:id',
  'POST /api/v1/webhook-endpoints',
  'DELETE /api/v1/webhook-endpoints/:id',
];
const PLATFORMS = [
  'POST /api/influencers/:id/platform-accounts/:platform/connect',
  'DELETE /api/influencers/:id/platform-accounts/:platform',
];
/** Calls every member may make: reads sent as POST, and leaving the workspace. */
const EVERY_MEMBER = [
  'POST /api/influencers/:id/score',
  'POST /api/posts/:id/read-counts',
  'POST /api/workspace/leave',
];
const MEMBERS = [
  'POST /api/workspace/invitations',
  'DELETE /api/workspace/invitations/:id',
  'PATCH /api/workspace/members/:userId',
  'DELETE /api/workspace/members/:userId',
];
const SETTINGS = ['PATCH /api/workspace'];
/** Approving editors' posts: owners, admins and viewers, never editors. */
const APPROVE = ['POST /api/posts/:id/approve', 'POST /api/posts/:id/return'];

const PARAMS: Record<string, string> = {
  platform: 'instagram',
  handle: 'nobody',
  position: '1',
};

function call(route: string, account: TTestAccount | null, workspace = team) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? randomUUID());
  return ctx.app.inject({
    method: method as 'POST',
    url,
    headers: account
      ? { ...account.headers, 'x-muse-workspace': workspace, 'content-type': 'application/json' }
      : { 'content-type': 'application/json' },
    payload: '{}',
  });
}

/** The routes that change something and need a signed-in caller (the operator's have their own door). */
async function protectedChanges(): Promise<string[]> {
  const changes = apiRoutes(ctx.app).filter(
    (route) => !route.startsWith('GET ') && !route.includes(' /api/operator/'),
  );
  const found: string[] = [];
  for (const route of changes) if ((await call(route, null)).statusCode === 401) found.push(route);
  return found;
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['owner', 'admin', 'editor', 'viewer'] as const)
    members[role] = await registerAccount(ctx.app);
  const [row] = await ctx.database.db.insert(workspaces).values({ name: 'Agency' }).returning();
  team = row!.id;
  await ctx.database.db.insert(workspaceMembers).values(
    (Object.entries(members) as [TWorkspaceRole, TTestAccount][]).map(([role, account]) => ({
      workspaceId: team,
      userId: account.userId,
      role,
    })),
  );
});

const refusedFor = async (route: string, role: TWorkspaceRole) => {
  const answer = await call(route, members[role]);
  return answer.statusCode === 403 && answer.json().code === 'WORKSPACE_ROLE_FORBIDS';
};

describe('the rights of each role', () => {
  it('refuses a viewer every change of the workspace, with 403 and its code', async () => {
    const changes = await protectedChanges();
    expect(changes.length).toBeGreaterThan(40);
    const workspaceChanges = changes.filter(
      (route) =>
        !PERSON_ROUTES.has(route) && !EVERY_MEMBER.includes(route) && !APPROVE.includes(route),
    );
    for (const route of workspaceChanges) {
      const answer = await call(route, members.viewer);
      expect(answer.statusCode, route).toBe(403);
      expect(answer.json(), route).toEqual({
        success: false,
        error: WORKSPACE_TEXTS.roleForbids('viewer'),
        code: 'WORKSPACE_ROLE_FORBIDS',
      });
    }
    // Every route the lists above name exists, so none of them is a stale name.
    for (const route of [
      ...PERSON_ROUTES,
      ...BILLING,
      ...DEVELOPERS,
      ...PLATFORMS,
      ...MEMBERS,
      ...SETTINGS,
      ...APPROVE,
      ...EVERY_MEMBER,
    ])
      expect(changes, route).toContain(route);
  });

  it('lets a viewer read the workspace and do what is their own', async () => {
    for (const url of ['/api/influencers', '/api/gallery', '/api/posts', '/api/earnings']) {
      const answer = await call(`GET ${url}`, members.viewer);
      expect(answer.statusCode, url).toBe(200);
    }
    // A viewer of their own, who leaves last: signing out and deleting the account are here too.
    const own = await registerAccount(ctx.app);
    await ctx.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: team, userId: own.userId, role: 'viewer' });
    for (const route of EVERY_MEMBER) {
      const answer = await call(route, own);
      expect(answer.json().code, route).not.toBe('WORKSPACE_ROLE_FORBIDS');
    }
    expect((await call('GET /api/workspace/members', own)).statusCode).toBe(404);
    for (const route of PERSON_ROUTES) {
      const answer = await call(route, own);
      expect(answer.json().code, route).not.toBe('WORKSPACE_ROLE_FORBIDS');
    }
  });

  it('refuses an editor billing, programs and platforms, and nothing they make', async () => {
    for (const route of [
      ...BILLING,
      ...DEVELOPERS,
      ...PLATFORMS,
      ...MEMBERS,
      ...SETTINGS,
      ...APPROVE,
      'GET /api/approvals',
    ])
      expect(await refusedFor(route, 'editor'), route).toBe(true);
    for (const route of APPROVE) expect(await refusedFor(route, 'viewer'), route).toBe(false);
    for (const route of [
      'POST /api/influencers',
      'POST /api/jobs',
      'POST /api/generations',
      'POST /api/posts',
      'DELETE /api/gallery/:id',
    ])
      expect(await refusedFor(route, 'editor'), route).toBe(false);
  });

  it('refuses an admin billing only, and an owner nothing', async () => {
    for (const route of [...BILLING, ...SETTINGS])
      expect(await refusedFor(route, 'admin'), route).toBe(true);
    for (const route of [...DEVELOPERS, ...PLATFORMS, ...MEMBERS])
      expect(await refusedFor(route, 'admin'), route).toBe(false);
    for (const route of await protectedChanges())
      if (!PERSON_ROUTES.has(route)) expect(await refusedFor(route, 'owner'), route).toBe(false);
  });

  it('answers a person’s own routes whatever workspace is open, even one they left', async () => {
    const answer = await call('GET /api/users/sessions', members.viewer, randomUUID());
    expect(answer.statusCode).toBe(200);
    const elsewhere = await call('GET /api/influencers', members.viewer, randomUUID());
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
  });
});
