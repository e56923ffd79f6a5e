import { isClientRoute } from '@muse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  jobs,
  likenessStatements,
  operatorActions,
  postPurchases,
  posts,
  reports,
  safetyRefusals,
  users,
} from '../src/db/schema';
import { createApiKey } from '../src/modules/api-keys/service';
import { getBalances } from '../src/modules/billing/ledger';
import { setOperator } from '../src/modules/operator/grant';
import { publishDuePost } from '../src/modules/publishing/queue';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { startMailWorker, waitForMail } from './account-mail';
import { createTestApp, type TTestContext } from './app';
import { errorCodeOf } from './error-answers';
import { makePng, multipartForm } from './images';
import { announced, secondInstance } from './instances';
import { apiRoutes } from './routes';
import {
  bookSale,
  call,
  ledgerOf,
  rows,
  seedPost,
  seller,
  type TSeededPost,
  type TSeller,
} from './sales-helpers';

let ctx: TTestContext;
let other: FastifyInstance;
let mail: Awaited<ReturnType<typeof startMailWorker>>;
let operator: TTestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await secondInstance(ctx);
  mail = await startMailWorker(ctx);
  operator = await registerAccount(ctx.app, 'operator');
  expect(await setOperator(ctx.database.db, operator.email, true)).toBe('granted');
});

let reporters = 0;
/** A signed-out visitor's report; answers its id and the address its mails go to. */
async function fileReport(target: { handle: string; postId?: string }, reason = 'impersonation') {
  reporters += 1;
  const email = `reporter.${reporters}.${Date.now()}@example.com`;
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    remoteAddress: `192.0.2.${reporters}`,
    payload: { ...target, reason, email },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const [row] = await ctx.database.db
    .select()
    .from(reports)
    .where(eq(reports.reference, answer.json().reference));
  return { id: row!.id, reference: row!.reference, email };
}

const act = (reportId: string, action: string, note = '', account: TTestAccount = operator) =>
  call(ctx, account, {
    method: 'POST',
    url: `/api/operator/reports/${reportId}/${action}`,
    payload: { note },
  });

const publicPage = (app: FastifyInstance, handle: string) =>
  app.inject({ method: 'GET', url: `/api/public/pages/${handle}` });

async function auditRows() {
  return ctx.database.db.select().from(operatorActions).orderBy(operatorActions.id);
}

describe('who may open the console', () => {
  it('nobody but an operator: every /api/operator route answers as an unknown address', async () => {
    const routes = apiRoutes(ctx.app).filter((route) => route.includes(' /api/operator/'));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const creator = await registerAccount(ctx.app);
    const { key } = await createApiKey(ctx.database.db, operator.userId, operator.userId, {
      name: 'Operator key',
      scopes: ['influencers:read'],
    });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    const callers: [string, Record<string, string>][] = [
      ['signed out', {}],
      ['a creator', creator.headers],
      ['a bad token', { authorization: `Bearer ${'x'.repeat(43)}` }],
      ["an operator's API key", { authorization: `Bearer ${key}` }],
    ];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(':id', crypto.randomUUID());
      for (const [who, headers] of callers) {
        const answer = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'POST' ? { payload: { note: 'x'.repeat(5000) } } : {}),
        });
        expect({ route, who, status: answer.statusCode, body: answer.body }).toEqual({
          route,
          who,
          status: 404,
          body: unknown.body,
        });
      }
    }
  });

  it('an operator opens it, and the web route is a page of the app', async () => {
    for (const path of ['/api/operator/reports', '/api/operator/refusals', '/api/operator/audit']) {
      const answer = await call(ctx, operator, { method: 'GET', url: path });
      expect([path, answer.statusCode]).toEqual([path, 200]);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(isClientRoute('/operator')).toBe(true);
  });

  it('the role is given and taken back only by the command’s function', async () => {
    const account = await registerAccount(ctx.app, 'helper');
    const look = () => call(ctx, account, { method: 'GET', url: '/api/operator/reports' });
    expect((await look()).statusCode).toBe(404);
    // The command runs in a process of its own: the server hears of the change from the database.
    let heard = announced(ctx.app, { account: account.userId });
    expect(await setOperator(ctx.database.db, account.email.toUpperCase(), true)).toBe('granted');
    await heard;
    expect(await setOperator(ctx.database.db, account.email, true)).toBe('unchanged');
    expect((await look()).statusCode).toBe(200);
    heard = announced(ctx.app, { account: account.userId });
    expect(await setOperator(ctx.database.db, account.email, false)).toBe('revoked');
    await heard;
    expect((await look()).statusCode).toBe(404);
    expect(await setOperator(ctx.database.db, 'nobody@example.com', true)).toBe('no-account');
    // No route of the API sets it.
    const profile = await call(ctx, account, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { fullName: 'Sneaky', isOperator: true },
    });
    expect(profile.statusCode).toBeLessThan(500);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(row!.isOperator).toBe(false);
  });
});

describe('the queue', () => {
  it('lists open reports oldest first, with the reported post and the consent record', async () => {
    const creator = await seller(ctx, await registerAccount(ctx.app), 'Queue Persona');
    const post = await seedPost(ctx, creator, { priceCents: 0 });
    const first = await fileReport({ handle: creator.handle, postId: post.id }, 'copyright');
    const second = await fileReport({ handle: creator.handle }, 'other');
    const list = await call(ctx, operator, { method: 'GET', url: '/api/operator/reports' });
    const ids = list.json().reports.map((report: { id: string }) => report.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));

    const withoutStatement = await call(ctx, operator, {
      method: 'GET',
      url: `/api/operator/reports/${first.id}`,
    });
    expect(withoutStatement.statusCode, withoutStatement.body).toBe(200);
    const detail = withoutStatement.json();
    expect(detail.consent).toBeNull();
    expect(detail.page).toEqual({
      handle: creator.handle,
      name: 'Queue Persona',
      published: true,
      hidden: false,
    });
    expect(detail.post.items).toHaveLength(1);
    // The original, through a signed link the operator can follow.
    const original = await ctx.app.inject({ method: 'GET', url: detail.post.items[0].url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(post.original)).toBe(true);
    expect(detail.post.items[0].credentials).toBeNull();

    // A statement with a consent document: what was stated, and the document for operators only.
    const document = Buffer.from('%PDF-1.4 consent of the person shown\n');
    const key = `users/${creator.account.userId}/consent/${crypto.randomUUID()}.pdf`;
    await ctx.app.services.storage.put(key, document);
    await ctx.database.db.insert(likenessStatements).values({
      influencerId: creator.influencerId,
      userId: creator.account.userId,
      statement: 'consent',
      consentDocumentKey: key,
      consentDocumentName: 'consent.pdf',
      consentDocumentType: 'application/pdf',
      matchScore: 81.5,
      verifiedAt: new Date(),
    });
    const withStatement = (
      await call(ctx, operator, { method: 'GET', url: `/api/operator/reports/${first.id}` })
    ).json();
    expect(withStatement.consent).toMatchObject({
      statement: 'consent',
      verified: true,
      matchScore: 81.5,
      documentName: 'consent.pdf',
    });
    const url = withStatement.consent.documentUrl as string;
    const download = await call(ctx, operator, { method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('consent.pdf');
    expect(download.rawPayload.equals(document)).toBe(true);
    expect((await call(ctx, creator.account, { method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('an unknown report is not found', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const answer = await call(ctx, operator, {
        method: 'GET',
        url: `/api/operator/reports/${id}`,
      });
      expect([answer.statusCode, errorCodeOf(answer)]).toEqual([404, 'REPORT_NOT_FOUND']);
      const action = await act(id, 'dismiss');
      expect([action.statusCode, errorCodeOf(action)]).toEqual([404, 'REPORT_NOT_FOUND']);
    }
  });
});

describe('hiding the post', () => {
  let creator: TSeller;
  let post: TSeededPost;
  let kept: TSeededPost;
  let fans: TTestAccount[];
  let filed: Awaited<ReturnType<typeof fileReport>>;

  beforeAll(async () => {
    creator = await seller(ctx, await registerAccount(ctx.app), 'Hidden Persona');
    post = await seedPost(ctx, creator, { priceCents: 900, caption: 'Reported' });
    kept = await seedPost(ctx, creator, { priceCents: 0, caption: 'Kept' });
    fans = [await registerAccount(ctx.app, 'fan'), await registerAccount(ctx.app, 'fan')];
    for (const fan of fans) await bookSale(ctx, post.id, fan, 900);
    filed = await fileReport({ handle: creator.handle, postId: post.id });
  });

  it('takes it off the public page on every instance, refunds and tells its buyers', async () => {
    // Both instances show it, and the creator's calendar is cached on the second.
    for (const app of [ctx.app, other])
      expect(
        (await publicPage(app, creator.handle)).json().posts.map((p: { id: string }) => p.id),
      ).toContain(post.id);
    const calendar = () =>
      other.inject({ method: 'GET', url: '/api/posts', headers: creator.account.headers });
    const before = (await calendar()).json().posts.find((p: { id: string }) => p.id === post.id);
    expect(before.removedByMuse).toBe(false);
    const heard = announced(other, { calendar: creator.account.userId });

    const answer = await act(filed.id, 'hide-post', 'Matches a takedown request');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().report).toMatchObject({ id: filed.id, status: 'actioned' });

    for (const app of [ctx.app, other]) {
      const page = (await publicPage(app, creator.handle)).json();
      expect(page.posts.map((p: { id: string }) => p.id)).toEqual([kept.id]);
      expect(page.page.postCount).toBe(1);
      const one = await app.inject({
        method: 'GET',
        url: `/api/public/pages/${creator.handle}/posts/${post.id}`,
        headers: fans[0]!.headers,
      });
      expect([one.statusCode, errorCodeOf(one)]).toEqual([404, 'POST_NOT_FOUND']);
    }
    await heard;
    const after = (await calendar()).json().posts.find((p: { id: string }) => p.id === post.id);
    expect(after.removedByMuse).toBe(true);

    // The audit row, and the report resolved.
    const [entry] = (await auditRows()).filter((row) => row.reportId === filed.id);
    expect(entry).toMatchObject({
      operatorId: operator.userId,
      operatorEmail: operator.email,
      action: 'hide_post',
      targetType: 'post',
      targetId: post.id,
      note: 'Matches a takedown request',
      effects: expect.objectContaining({ refundsQueued: 2, takedownQueued: true }),
    });
    const [resolved] = await ctx.database.db.select().from(reports).where(eq(reports.id, filed.id));
    expect(resolved).toMatchObject({ status: 'actioned', resolvedBy: operator.userId });
    expect(resolved!.resolvedAt).not.toBeNull();

    // The takedown of its platform copies is queued, once.
    const takedowns = await rows<{ payload: { postId: string } }>(
      ctx,
      `select j.payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'take-down-post'`,
      [],
    );
    expect(takedowns.map((row) => row.payload.postId)).toEqual([post.id]);

    // Each buyer refunded in full, the creator's share taken back, and each buyer told.
    for (const fan of fans) {
      await waitForMail(ctx, fan.email, 'A post you bought was removed and refunded');
      const purchases = await call(ctx, fan, { method: 'GET', url: '/api/purchases' });
      expect(purchases.json().purchases).toEqual([]);
    }
    const statuses = await ctx.database.db
      .select({ status: postPurchases.status })
      .from(postPurchases)
      .where(eq(postPurchases.postId, post.id));
    expect(statuses.map((row) => row.status)).toEqual(['refunded', 'refunded']);
    const ledger = await ledgerOf(ctx, creator.account.userId);
    expect(ledger.entries.filter((entry) => entry.kind === 'refund')).toHaveLength(2);
    expect(ledger.pending + ledger.available).toBe(0);

    // The reporter and the creator are told the outcome.
    const [toReporter] = await waitForMail(
      ctx,
      filed.email,
      `Your report ${filed.reference}: our decision`,
    );
    expect(toReporter!.text).toContain('We removed the reported post');
    const [account] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, creator.account.userId));
    const [toCreator] = await waitForMail(
      ctx,
      account!.email,
      `A report of @${creator.handle} was decided`,
    );
    expect(toCreator!.text).toContain('Impersonation of a real person');
    expect(toCreator!.text).not.toContain(filed.email);
    expect(toCreator!.text).not.toContain('Matches a takedown request');
  });

  it('cannot be edited, deleted or shown again by its creator', async () => {
    const patch = await call(ctx, creator.account, {
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      payload: { caption: 'Back again' },
    });
    expect([patch.statusCode, errorCodeOf(patch)]).toEqual([409, 'POST_REMOVED']);
    const remove = await call(ctx, creator.account, {
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
    });
    expect([remove.statusCode, errorCodeOf(remove)]).toEqual([409, 'POST_REMOVED']);
    const own = await call(ctx, creator.account, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(own.statusCode === 404 || own.json().post?.removedByMuse === true).toBe(true);
  });

  it('a second action on the closed report is refused, and the log is unchanged', async () => {
    const count = (await auditRows()).length;
    const again = await act(filed.id, 'dismiss');
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, 'REPORT_CLOSED']);
    expect((await auditRows()).length).toBe(count);
  });

  it('a scheduled post that is hidden never goes out', async () => {
    const scheduled = await seedPost(ctx, creator, { priceCents: 0, status: 'scheduled' });
    // Reported as the page, acted on as its post: a page report has no post to hide.
    const pageReport = await fileReport({ handle: creator.handle });
    const refused = await act(pageReport.id, 'hide-post');
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([400, 'INVALID_REQUEST']);
    await ctx.database.db
      .update(reports)
      .set({ postId: scheduled.id })
      .where(eq(reports.id, pageReport.id));
    expect((await act(pageReport.id, 'hide-post')).statusCode).toBe(200);
    await ctx.database.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, scheduled.id));
    await publishDuePost(ctx.database.db, { postId: scheduled.id });
    const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, scheduled.id));
    expect(row!.status).toBe('scheduled');
  });
});

describe('hiding the page', () => {
  it('answers /i/<handle> as an unpublished page, and its creator cannot publish it again', async () => {
    const creator = await seller(ctx, await registerAccount(ctx.app), 'Page Persona');
    await seedPost(ctx, creator, { priceCents: 0 });
    const filed = await fileReport({ handle: creator.handle }, 'minor');
    const answer = await act(filed.id, 'hide-page', 'Looks under 18');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().entry).toMatchObject({ action: 'hide_page', targetType: 'page' });
    for (const app of [ctx.app, other]) {
      const page = await publicPage(app, creator.handle);
      expect([page.statusCode, errorCodeOf(page)]).toEqual([404, 'PAGE_NOT_FOUND']);
    }
    const settings = await call(ctx, creator.account, {
      method: 'GET',
      url: `/api/influencers/${creator.influencerId}/page`,
    });
    expect(settings.json().page).toMatchObject({ published: false, hiddenByMuse: true });
    const publish = await call(ctx, creator.account, {
      method: 'PUT',
      url: `/api/influencers/${creator.influencerId}/page`,
      payload: { handle: creator.handle, bio: 'Back', published: true },
    });
    expect([publish.statusCode, errorCodeOf(publish)]).toEqual([403, 'PAGE_HIDDEN']);
    const newPost = await call(ctx, creator.account, {
      method: 'POST',
      url: '/api/posts',
      payload: {
        influencerId: creator.influencerId,
        itemIds: [crypto.randomUUID()],
        priceCents: 0,
        publishAt: null,
        timeZone: 'UTC',
      },
    });
    expect([newPost.statusCode, errorCodeOf(newPost)]).toEqual([403, 'PAGE_HIDDEN']);
    expect((await publicPage(ctx.app, creator.handle)).statusCode).toBe(404);
    // A report of a hidden page cannot be filed.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { handle: creator.handle, reason: 'other', email: 'late@example.com' },
    });
    expect(late.statusCode).toBe(404);
  });
});

describe('suspending the account', () => {
  it('refuses its sign-in and sessions, refunds its queued job, and hides its pages', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const creator = await seller(ctx, account, 'Suspended Persona');
    const second = await seller(ctx, account, 'Second Persona');
    const scheduled = await seedPost(ctx, creator, { priceCents: 0, status: 'scheduled' });
    const { key } = await createApiKey(ctx.database.db, account.userId, account.userId, {
      name: 'Agency',
      scopes: ['influencers:read'],
    });
    // A job waits in the queue (no worker takes it meanwhile).
    await mail.stop();
    onTestFinished(() => mail.start());
    const queued = await call(ctx, account, {
      method: 'POST',
      url: '/api/jobs',
      payload: multipartForm({ tool: 'upscale' }, [
        { field: 'image', name: 'in.png', type: 'image/png', data: await makePng(32, 24) },
      ]),
    });
    expect(queued.statusCode, queued.body).toBe(201);
    const jobId = queued.json().job.id as string;
    const spent = (await getBalances(ctx.database.db, account.userId)).credits;
    // Both instances know the session and the key.
    for (const app of [ctx.app, other]) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/influencers',
            headers: { authorization: `Bearer ${key}` },
          })
        ).statusCode,
      ).toBe(200);
    }
    const filed = await fileReport({ handle: creator.handle }, 'impersonation');
    const heard = announced(other, { account: account.userId });
    const answer = await act(filed.id, 'suspend', 'Repeated impersonation');
    expect(answer.statusCode, answer.body).toBe(200);
    await heard;

    for (const app of [ctx.app, other]) {
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers });
      expect(me.statusCode).toBe(401);
      const viaKey = await app.inject({
        method: 'GET',
        url: '/api/v1/influencers',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(viaKey.statusCode).toBe(401);
    }
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'secret123' },
    });
    expect([login.statusCode, errorCodeOf(login)]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'wrong-password' },
    });
    expect(errorCodeOf(wrong)).toBe('INVALID_CREDENTIALS');

    const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'failed' });
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(spent + job!.cost);
    for (const handle of [creator.handle, second.handle])
      expect((await publicPage(ctx.app, handle)).statusCode).toBe(404);
    await ctx.database.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, scheduled.id));
    await publishDuePost(ctx.database.db, { postId: scheduled.id });
    const [post] = await ctx.database.db.select().from(posts).where(eq(posts.id, scheduled.id));
    expect(post!.status).toBe('scheduled');

    const [entry] = (await auditRows()).filter((row) => row.reportId === filed.id);
    expect(entry).toMatchObject({
      action: 'suspend_account',
      targetType: 'account',
      targetId: account.userId,
      effects: expect.objectContaining({
        jobsCancelled: 1,
        creditsRefunded: job!.cost,
        scheduledPostsStopped: 1,
        pagesHidden: expect.arrayContaining([creator.handle, second.handle]),
      }),
    });
    await mail.start();
    await waitForMail(ctx, filed.email, `Your report ${filed.reference}: our decision`);
  });
});

describe('dismissing', () => {
  it('closes the report with the note and changes nothing else', async () => {
    const creator = await seller(ctx, await registerAccount(ctx.app), 'Fine Persona');
    const post = await seedPost(ctx, creator, { priceCents: 0 });
    const filed = await fileReport({ handle: creator.handle, postId: post.id }, 'copyright');
    const answer = await act(filed.id, 'dismiss', 'Original work of the creator');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().report).toMatchObject({ status: 'dismissed' });
    expect(answer.json().entry).toMatchObject({
      action: 'dismiss',
      note: 'Original work of the creator',
      effects: {},
    });
    const page = (await publicPage(ctx.app, creator.handle)).json();
    expect(page.posts.map((p: { id: string }) => p.id)).toEqual([post.id]);
    const queue = await call(ctx, operator, { method: 'GET', url: '/api/operator/reports' });
    expect(queue.json().reports.map((r: { id: string }) => r.id)).not.toContain(filed.id);
    const [toReporter] = await waitForMail(
      ctx,
      filed.email,
      `Your report ${filed.reference}: our decision`,
    );
    expect(toReporter!.text).toContain('nothing was changed');
  });
});

describe('refusals', () => {
  it('are listed until an operator marks them reviewed, which the log keeps', async () => {
    const account = await registerAccount(ctx.app);
    const [refusal] = await ctx.database.db
      .insert(safetyRefusals)
      .values({ userId: account.userId, kind: 'prompt', tool: 'generate', prompt: 'a child' })
      .returning();
    const listed = await call(ctx, operator, { method: 'GET', url: '/api/operator/refusals' });
    expect(listed.json().refusals).toContainEqual(
      expect.objectContaining({
        id: refusal!.id,
        kind: 'prompt',
        tool: 'generate',
        prompt: 'a child',
        accountEmail: account.email,
      }),
    );
    const review = () =>
      call(ctx, operator, {
        method: 'POST',
        url: `/api/operator/refusals/${refusal!.id}/review`,
        payload: { note: 'Refused correctly' },
      });
    const first = await review();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().entry).toMatchObject({
      action: 'review_refusal',
      targetType: 'refusal',
      targetId: refusal!.id,
      note: 'Refused correctly',
    });
    const again = await review();
    expect([again.statusCode, errorCodeOf(again)]).toEqual([404, 'REFUSAL_NOT_FOUND']);
    const after = await call(ctx, operator, { method: 'GET', url: '/api/operator/refusals' });
    expect(after.json().refusals.map((r: { id: string }) => r.id)).not.toContain(refusal!.id);
  });
});

describe('the audit log', () => {
  it('is read newest first, and no route changes it', async () => {
    const log = await call(ctx, operator, { method: 'GET', url: '/api/operator/audit' });
    const entries = log.json().entries as { id: number; createdAt: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const writes = apiRoutes(ctx.app).filter(
      (route) => route.includes('/api/operator/audit') && !route.startsWith('GET '),
    );
    expect(writes).toEqual([]);
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself', async () => {
    const [row] = await auditRows();
    expect(row).toBeDefined();
    for (const statement of [
      `update operator_actions set note = 'changed' where id = ${row!.id}`,
      `delete from operator_actions where id = ${row!.id}`,
      'truncate operator_actions',
    ]) {
      await expect(ctx.database.pool.query(statement), statement).rejects.toThrow(/append-only/);
    }
    const [still] = await ctx.database.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.id, row!.id));
    expect(still).toEqual(row);
  });
});
