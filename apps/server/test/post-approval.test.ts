/**
 * Approval of editors' posts (docs/product/teams.md, 'Approval'): where a workspace turns it on,
 * an editor's post waits, off the page and the platforms, until an owner, admin or viewer
 * approves it or sends it back with a note; and the workspace's activity says who did what.
 */
import { randomUUID } from 'node:crypto';
import { PUBLISHING_TEXTS, type TPost } from '@muse/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryItems, influencers, posts, workspaceMembers } from '../src/db/schema';
import { processUploadedImage } from '../src/lib/images';
import { storeInfluencerImage } from '../src/modules/influencers/service';
import { publishDuePost } from '../src/modules/publishing/queue';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { makePng } from './images';

let ctx: TTestContext;
let owner: TTestAccount;
let editor: TTestAccount;
let viewer: TTestAccount;
let influencerId: string;
let handle: string;

type TCall = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: object };
const as = (account: TTestAccount | null, call: TCall) =>
  ctx.app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: account ? { ...account.headers, 'x-muse-workspace': owner.userId } : {},
    ...(call.payload ? { payload: call.payload } : {}),
  });

async function galleryItem(): Promise<string> {
  const id = randomUUID();
  const { storage } = ctx.app.services;
  const folder = `users/${owner.userId}/jobs/${randomUUID()}`;
  const picture = await makePng(384, 384);
  await storage.put(`${folder}/output-0.png`, picture);
  await storage.put(`${folder}/preview-0.webp`, await sharp(picture).webp().toBuffer());
  await ctx.database.db.insert(galleryItems).values({
    id,
    workspaceId: owner.userId,
    influencerId,
    influencerName: 'Ava Rose',
    kind: 'image',
    tool: 'generate-image',
    key: `${folder}/output-0.png`,
    thumbnailKey: `${folder}/preview-0.webp`,
    width: 384,
    height: 384,
    contentType: 'image/png',
    fileName: 'ava.png',
    prompt: 'A portrait',
    engine: 'local',
    preview: true,
  });
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, editor, viewer] = [
    await registerAccount(ctx.app, 'owner'),
    await registerAccount(ctx.app, 'editor'),
    await registerAccount(ctx.app, 'viewer'),
  ];
  await buyPlan(ctx.app, owner, 'launch');
  await ctx.database.db.insert(workspaceMembers).values([
    { workspaceId: owner.userId, userId: editor.userId, role: 'editor' },
    { workspaceId: owner.userId, userId: viewer.userId, role: 'viewer' },
  ]);
  influencerId = randomUUID();
  const picture = await processUploadedImage(await makePng(300, 300));
  const keys = await storeInfluencerImage(
    ctx.app.services.storage,
    owner.userId,
    influencerId,
    picture,
  );
  await ctx.database.db.insert(influencers).values({
    id: influencerId,
    workspaceId: owner.userId,
    name: 'Ava Rose',
    niche: 'fashion',
    description: 'Street style',
    ...keys,
  });
  handle = `ava.${randomUUID().slice(0, 8)}`;
  const page = await as(owner, {
    method: 'PUT',
    url: `/api/influencers/${influencerId}/page`,
    payload: { handle, bio: 'Street style', published: true },
  });
  expect(page.statusCode, page.body).toBe(200);
});

async function postAs(account: TTestAccount, caption: string): Promise<TPost> {
  const answer = await as(account, {
    method: 'POST',
    url: '/api/posts',
    payload: {
      influencerId,
      itemIds: [await galleryItem()],
      caption,
      priceCents: 0,
      publishAt: null,
      timeZone: 'UTC',
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().post;
}

const pageCaptions = async () => {
  const page = await ctx.app.inject({ method: 'GET', url: `/api/public/pages/${handle}` });
  return page.json().posts.map((post: { caption: string }) => post.caption);
};

describe('approval of editors’ posts', () => {
  it('is off until the workspace turns it on: an editor’s post goes out at once', async () => {
    const post = await postAs(editor, 'Before approval');
    expect(post).toMatchObject({ status: 'published', approval: null });
    expect(post.createdBy).toEqual({ id: editor.userId, name: 'Test Creator' });
    expect(await pageCaptions()).toContain('Before approval');
  });

  it('holds an editor’s post until it is approved, and sends it back with a note', async () => {
    const turnedOn = await as(owner, {
      method: 'PATCH',
      url: '/api/workspace',
      payload: { approvalRequired: true },
    });
    expect(turnedOn.json().workspace.approvalRequired).toBe(true);

    const post = await postAs(editor, 'Sunset drop');
    expect(post).toMatchObject({
      status: 'scheduled',
      approval: { status: 'waiting', note: null, decidedBy: null },
    });
    // Waiting: not on the page, no publication queued, not published by a late message.
    await publishDuePost(ctx.database.db, { postId: post.id });
    expect(await pageCaptions()).not.toContain('Sunset drop');

    // The queue, for those who approve; an editor neither sees it nor approves.
    expect((await as(editor, { url: '/api/approvals' })).statusCode).toBe(403);
    expect(
      (await as(editor, { method: 'POST', url: `/api/posts/${post.id}/approve` })).json().code,
    ).toBe('WORKSPACE_ROLE_FORBIDS');
    const queue = await as(viewer, { url: '/api/approvals' });
    expect(queue.json().posts.map((one: TPost) => one.id)).toEqual([post.id]);

    const returned = await as(viewer, {
      method: 'POST',
      url: `/api/posts/${post.id}/return`,
      payload: { note: 'Warmer colours, please' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().post.approval).toMatchObject({
      status: 'returned',
      note: 'Warmer colours, please',
      decidedBy: 'Test Creator',
    });
    expect((await as(viewer, { url: '/api/approvals' })).json().posts).toEqual([]);
    const again = await as(owner, { method: 'POST', url: `/api/posts/${post.id}/approve` });
    expect(again.json()).toMatchObject({
      code: 'POST_NOT_WAITING',
      error: PUBLISHING_TEXTS.notWaiting,
    });

    // Changed by its editor, it waits again; approved, it goes out.
    const changed = await as(editor, {
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      payload: { caption: 'Sunset drop, warmer' },
    });
    expect(changed.json().post.approval).toMatchObject({ status: 'waiting', note: null });
    const approved = await as(owner, { method: 'POST', url: `/api/posts/${post.id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().post.approval).toMatchObject({ status: 'approved' });
    const message = await ctx.database.pool.query(
      'select run_at <= now() as due from graphile_worker._private_jobs where key = $1',
      [`post:${post.id}`],
    );
    expect(message.rows).toEqual([{ due: true }]);
    await publishDuePost(ctx.database.db, { postId: post.id });
    const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.status).toBe('published');
    expect(await pageCaptions()).toContain('Sunset drop, warmer');
  });

  it('lets an owner’s post go out without waiting', async () => {
    const post = await postAs(owner, 'Owner drop');
    expect(post).toMatchObject({ status: 'published', approval: null });
  });

  it('keeps the activity: who made, sent back, changed and approved what, newest first', async () => {
    const answer = await as(viewer, { url: '/api/workspace/activity' });
    expect(answer.statusCode, answer.body).toBe(200);
    const lines = answer
      .json()
      .activity.filter((line: { subjectType: string }) => line.subjectType === 'post')
      .map((line: { action: string; summary: string }) => `${line.action} ${line.summary}`);
    expect(lines).toEqual([
      'published Ava Rose: “Owner drop”',
      'approved Ava Rose: “Sunset drop, warmer”',
      'resubmitted Ava Rose: “Sunset drop, warmer”',
      'returned Ava Rose: Warmer colours, please',
      'submitted Ava Rose: “Sunset drop”',
      'published Ava Rose: “Before approval”',
    ]);
    const other = await registerAccount(ctx.app);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/api/workspace/activity',
      headers: { ...other.headers, 'x-muse-workspace': owner.userId },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
