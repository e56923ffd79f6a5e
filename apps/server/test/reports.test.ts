import { INTIMATE_REPORT_HOURS, REPORT_REFERENCE_PATTERN } from '@muse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, reports, users } from '../src/db/schema';
import { setOperator } from '../src/modules/operator/grant';
import { registerAccount, type TTestAccount } from './accounts';
import { startMailWorker, waitForMail } from './account-mail';
import { createTestApp, type TTestContext } from './app';
import { errorCodeOf } from './error-answers';
import { call, seedPost, seller, type TSeededPost, type TSeller } from './sales-helpers';

let ctx: TTestContext;
let creator: TSeller;
let post: TSeededPost;
let operator: TTestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  await startMailWorker(ctx);
  creator = await seller(ctx, await registerAccount(ctx.app), 'Ava Rose');
  post = await seedPost(ctx, creator, { priceCents: 500, caption: 'Golden hour' });
  operator = await registerAccount(ctx.app, 'operator');
  expect(await setOperator(ctx.database.db, operator.email, true)).toBe('granted');
});

let visitor = 0;
/** A report from a visitor without an account, each from an address of its own. */
function report(payload: Record<string, unknown>, account: TTestAccount | null = null) {
  visitor += 1;
  return call(ctx, account, {
    method: 'POST',
    url: '/api/reports',
    payload,
    remoteAddress: `198.51.100.${visitor}`,
  });
}

async function reportRow(reference: string) {
  const [row] = await ctx.database.db
    .select()
    .from(reports)
    .where(eq(reports.reference, reference));
  return row!;
}

describe('a report from a signed-out visitor', () => {
  it('gets a reference, is mailed to the visitor and reaches the operators’ queue', async () => {
    const answer = await report({
      handle: creator.handle,
      postId: post.id,
      reason: 'impersonation',
      details: 'This is my face.',
      email: 'Visitor@Example.com',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { reference, dueAt } = answer.json();
    expect(reference).toMatch(REPORT_REFERENCE_PATTERN);
    expect(dueAt).toBeNull();

    const row = await reportRow(reference);
    expect(row).toMatchObject({
      reason: 'impersonation',
      details: 'This is my face.',
      reporterId: null,
      reporterEmail: 'visitor@example.com',
      creatorId: creator.account.userId,
      influencerId: creator.influencerId,
      handle: creator.handle,
      postId: post.id,
      status: 'open',
      dueAt: null,
    });

    const [mail] = await waitForMail(ctx, 'visitor@example.com', `Your report ${reference}`);
    expect(mail!.text).toContain(reference);
    expect(mail!.text).toContain(`a post on the page @${creator.handle}`);

    const queue = await call(ctx, operator, { method: 'GET', url: '/api/operator/reports' });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().reports).toContainEqual(
      expect.objectContaining({
        id: row.id,
        reference,
        reason: 'impersonation',
        handle: creator.handle,
        postId: post.id,
        reporterEmail: 'visitor@example.com',
        reporterHasAccount: false,
        dueAt: null,
      }),
    );
  });

  it('of the page itself names no post', async () => {
    const answer = await report({
      handle: creator.handle,
      reason: 'other',
      email: 'a@example.com',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await reportRow(answer.json().reference)).postId).toBeNull();
  });

  it('needs an e-mail address, and a valid one', async () => {
    for (const email of [undefined, '', 'not-an-address']) {
      const answer = await report({ handle: creator.handle, reason: 'copyright', email });
      expect(answer.statusCode, String(email)).toBe(400);
      expect(errorCodeOf(answer)).toBe('INVALID_REQUEST');
      expect(answer.json().field).toBe('email');
    }
  });

  it('refuses an unknown reason and over-long details', async () => {
    const unknown = await report({
      handle: creator.handle,
      reason: 'spam',
      email: 'a@example.com',
    });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'reason']);
    const long = await report({
      handle: creator.handle,
      reason: 'other',
      details: 'x'.repeat(2001),
      email: 'a@example.com',
    });
    expect([long.statusCode, long.json().field]).toEqual([400, 'details']);
  });
});

describe('an intimate image shared without consent', () => {
  it('is due 48 hours after it was reported', async () => {
    const answer = await report({
      handle: creator.handle,
      postId: post.id,
      reason: 'intimate',
      email: 'urgent@example.com',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const row = await reportRow(answer.json().reference);
    expect(row.dueAt!.getTime() - row.createdAt.getTime()).toBe(
      INTIMATE_REPORT_HOURS * 60 * 60 * 1000,
    );
    expect(answer.json().dueAt).toBe(row.dueAt!.toISOString());
    const queue = await call(ctx, operator, { method: 'GET', url: '/api/operator/reports' });
    expect(queue.json().reports).toContainEqual(
      expect.objectContaining({ id: row.id, dueAt: row.dueAt!.toISOString() }),
    );
  });
});

describe('a signed-in reporter', () => {
  it('with a confirmed address is answered at it, whatever the form says', async () => {
    const fan = await registerAccount(ctx.app, 'fan');
    await ctx.database.db
      .update(users)
      .set({ verifiedEmail: fan.email })
      .where(eq(users.id, fan.userId));
    const answer = await report(
      { handle: creator.handle, reason: 'minor', email: 'someone.else@example.com' },
      fan,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await reportRow(answer.json().reference)).toMatchObject({
      reporterId: fan.userId,
      reporterEmail: fan.email,
    });
  });

  it('without a confirmed address gives one, as a visitor does', async () => {
    const fan = await registerAccount(ctx.app, 'unconfirmed');
    const without = await report({ handle: creator.handle, reason: 'minor' }, fan);
    expect([without.statusCode, without.json().field]).toEqual([400, 'email']);
    const given = await report(
      { handle: creator.handle, reason: 'minor', email: 'given@example.com' },
      fan,
    );
    expect(given.statusCode).toBe(201);
    expect(await reportRow(given.json().reference)).toMatchObject({
      reporterId: fan.userId,
      reporterEmail: 'given@example.com',
    });
  });
});

describe('what cannot be reported', () => {
  it('an unknown or unpublished page, or a post that is not on the page, is not found', async () => {
    const hidden = await seller(ctx, creator.account, 'Draft page', false);
    const other = await seller(ctx, await registerAccount(ctx.app), 'Other page');
    const scheduled = await seedPost(ctx, creator, { priceCents: 0, status: 'scheduled' });
    const removed = await seedPost(ctx, creator, { priceCents: 0 });
    await ctx.database.db
      .update(posts)
      .set({ hiddenAt: new Date() })
      .where(eq(posts.id, removed.id));
    const cases: [Record<string, unknown>, string][] = [
      [{ handle: 'no.such.page' }, 'PAGE_NOT_FOUND'],
      [{ handle: hidden.handle }, 'PAGE_NOT_FOUND'],
      [{ handle: other.handle, postId: post.id }, 'POST_NOT_FOUND'],
      [{ handle: creator.handle, postId: scheduled.id }, 'POST_NOT_FOUND'],
      [{ handle: creator.handle, postId: removed.id }, 'POST_NOT_FOUND'],
      [{ handle: creator.handle, postId: crypto.randomUUID() }, 'POST_NOT_FOUND'],
    ];
    const before = (await ctx.database.db.select().from(reports)).length;
    for (const [target, code] of cases) {
      const answer = await report({ ...target, reason: 'other', email: 'a@example.com' });
      expect([answer.statusCode, errorCodeOf(answer)], JSON.stringify(target)).toEqual([404, code]);
    }
    expect((await ctx.database.db.select().from(reports)).length).toBe(before);
  });
});

describe('the rate limit', () => {
  it('refuses an IP address past its reports of the window, and no other', async () => {
    const send = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        remoteAddress,
        payload: { handle: creator.handle, reason: 'other', email: 'flood@example.com' },
      });
    for (let i = 0; i < ctx.config.AUTH_RATE_LIMIT_PER_IP; i += 1)
      expect((await send('203.0.113.77')).statusCode).toBe(201);
    const refused = await send('203.0.113.77');
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([429, 'RATE_LIMITED']);
    expect((await send('203.0.113.78')).statusCode).toBe(201);
  });
});
