/**
 * The workspace of a request (docs/decisions/0055-workspaces.md): the personal one unless the
 * `X-Muse-Workspace` header names another the caller belongs to; anyone else's answers 404 as an
 * unknown one does; a membership given or taken away is seen at once on every instance.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '../src/db/schema';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { announced, secondInstance } from './instances';

let ctx: TTestContext;
let other: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await secondInstance(ctx);
});

const list = (app: FastifyInstance, account: TTestAccount, workspace?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/workspaces',
    headers: { ...account.headers, ...(workspace ? { 'x-muse-workspace': workspace } : {}) },
  });

describe('the workspace of a request', () => {
  it('is the personal one by default, whose id is the account’s', async () => {
    const account = await registerAccount(ctx.app);
    const answer = await list(ctx.app, account);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      current: account.userId,
      workspaces: [
        {
          id: account.userId,
          name: 'Personal workspace',
          personal: true,
          role: 'owner',
          approvalRequired: false,
          plan: null,
          planLabel: 'FREE',
        },
      ],
    });
  });

  it("answers 404 for another person's workspace, an unknown one and a malformed id alike", async () => {
    const [account, stranger] = [await registerAccount(ctx.app), await registerAccount(ctx.app)];
    for (const workspace of [stranger.userId, randomUUID(), 'not-a-workspace']) {
      const answer = await list(ctx.app, account, workspace);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
    }
  });

  it('follows a membership given and taken away, on every instance at once', async () => {
    const [owner, editor] = [await registerAccount(ctx.app), await registerAccount(ctx.app)];
    const db = ctx.database.db;
    const [team] = await db.insert(workspaces).values({ name: 'Agency' }).returning();
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: team!.id, userId: owner.userId, role: 'owner' });
    // The editor's session is read and kept by the other instance first.
    expect((await list(other, editor, team!.id)).statusCode).toBe(404);

    const joined = announced(other, { account: editor.userId });
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: team!.id, userId: editor.userId, role: 'editor' });
    await joined;
    const inside = await list(other, editor, team!.id);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().current).toBe(team!.id);
    expect(
      inside.json().workspaces.map((one: { name: string; role: string }) => [one.name, one.role]),
    ).toEqual([
      ['Personal workspace', 'owner'],
      ['Agency', 'editor'],
    ]);

    const removed = announced(other, { account: editor.userId });
    await db
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, team!.id), eq(workspaceMembers.userId, editor.userId)),
      );
    await removed;
    expect((await list(other, editor, team!.id)).statusCode).toBe(404);
    expect((await list(ctx.app, editor, team!.id)).statusCode).toBe(404);
    // The personal workspace stays theirs.
    expect((await list(other, editor)).statusCode).toBe(200);
  });
});
