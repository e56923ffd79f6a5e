import { AUTH_TEXTS } from '@muse/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TTestAccount } from './accounts';
import {
  mailbox,
  queuedAccountMail,
  startMailWorker,
  tokenFrom,
  waitForMail,
  waitForMailQueue,
} from './account-mail';
import { createTestApp, type TTestContext } from './app';

const CONFIRM_SUBJECT = 'Confirm your e-mail address for Muse';
const RESET_SUBJECT = 'Reset your Muse password';

/** Each test hashes several passwords (argon2id) and signs in several times. */
const SLOW = { timeout: 60_000 };

let ctx: TTestContext;
let worker: Awaited<ReturnType<typeof startMailWorker>>;

beforeAll(async () => {
  ctx = await createTestApp();
  worker = await startMailWorker(ctx);
});

const me = async (account: Pick<TTestAccount, 'headers'>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers })).json()
    .user;

const verify = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

const resend = (account: Pick<TTestAccount, 'headers'>, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    headers: account.headers,
    remoteAddress,
  });

async function confirmationLink(email: string, count = 1): Promise<string> {
  const [latest] = await waitForMail(ctx, email, CONFIRM_SUBJECT, count);
  const link = latest?.links.find((l) => l.includes('/verify-email?token=')) ?? '';
  expect(link.startsWith(`${ctx.config.PUBLIC_URL}/verify-email?token=`)).toBe(true);
  return link;
}

describe('e-mail verification', SLOW, () => {
  it('a new account is unverified, and the mailed link confirms it once', async () => {
    const account = await registerAccount(ctx.app);
    expect(await me(account)).toMatchObject({ email: account.email, emailVerified: false });

    const token = tokenFrom(await confirmationLink(account.email));
    const confirmed = await verify(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: AUTH_TEXTS.emailVerified });
    expect(await me(account)).toMatchObject({ emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      success: false,
      error: AUTH_TEXTS.verifyLinkInvalid,
      code: 'VERIFY_LINK_INVALID',
    });
  });

  it('refuses a wrong token and an expired link', async () => {
    const wrong = await verify('a'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      error: AUTH_TEXTS.verifyLinkInvalid,
      code: 'VERIFY_LINK_INVALID',
    });
    expect((await verify('')).statusCode).toBe(400);

    const account = await registerAccount(ctx.app);
    const token = tokenFrom(await confirmationLink(account.email));
    await ctx.database.db.execute(
      sql`update email_verification_tokens set expires_at = now() - interval '1 second'
           where user_id = ${account.userId}`,
    );
    expect((await verify(token)).statusCode).toBe(400);
    expect(await me(account)).toMatchObject({ emailVerified: false });
  });

  it('keeps only the hash of a link’s token', async () => {
    const account = await registerAccount(ctx.app);
    const token = tokenFrom(await confirmationLink(account.email));
    const { rows } = await ctx.database.pool.query(
      'select token_hash from email_verification_tokens where user_id = $1',
      [account.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toBe(token);
  });

  it('a new address is proven by the link that makes the change; a link for the old one confirms nothing', async () => {
    const account = await registerAccount(ctx.app);
    const oldLink = await confirmationLink(account.email);

    const moved = `moved.${account.email}`;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: account.headers,
      payload: { email: moved, currentPassword: 'secret123' },
    });
    // Nothing changes until the link mailed to the new address is opened.
    expect(changed.json()).toMatchObject({
      data: { email: account.email, pendingEmail: moved, emailVerified: false },
    });
    const [mail] = await waitForMail(ctx, moved, 'Confirm your new e-mail address for Muse');
    const link = mail?.links.find((l) => l.includes('/confirm-email?token=')) ?? '';
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      payload: { token: tokenFrom(link) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await me(account)).toMatchObject({ email: moved, emailVerified: true });

    // A link mailed to the old address cannot confirm anything now.
    expect((await verify(tokenFrom(oldLink))).statusCode).toBe(400);
    // Once confirmed, asking again mails nothing.
    expect((await resend(account)).json().message).toBe(AUTH_TEXTS.emailAlreadyVerified);
  });

  it('resending mails a new link, at most 5 times an hour per account', async () => {
    const account = await registerAccount(ctx.app);
    await confirmationLink(account.email);
    const statuses: number[] = [];
    // From different IPs: the per-account limit holds whatever the caller's address.
    for (let i = 0; i < 6; i += 1)
      statuses.push((await resend(account, `10.1.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const links = await waitForMail(ctx, account.email, CONFIRM_SUBJECT, 6);
    expect(new Set(links.map((mail) => mail.links[0])).size).toBe(6);
  });

  it('resending needs a session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
    });
    expect(response.statusCode).toBe(401);
  });

  it('a password reset from the mailed link also confirms the address', async () => {
    const account = await registerAccount(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    const [mail] = await waitForMail(ctx, account.email, RESET_SUBJECT);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFrom(mail?.links[0]), password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'brand-new-pass' },
    });
    expect(login.json()).toMatchObject({ user: { emailVerified: true } });
  });
});

describe('forgot-password', SLOW, () => {
  /** Every statement the app sends to PostgreSQL while `run` runs (the worker has its own pool). */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const pool = ctx.database.pool;
    const original = pool.query.bind(pool);
    const seen: string[] = [];
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      const [query] = args as unknown as [string | { text: string }];
      seen.push(typeof query === 'string' ? query : query.text);
      return original(...args);
    }) as typeof pool.query;
    try {
      await run();
    } finally {
      pool.query = original;
    }
    return seen;
  }

  const count = async (table: string) =>
    Number((await ctx.database.pool.query(`select count(*) from ${table}`)).rows[0].count);

  it('does the same work for an existing and an unknown address: one queue message, nothing else', async () => {
    const existing = await registerAccount(ctx.app);
    const unknown = `nobody.${Date.now()}@example.com`;
    await waitForMailQueue(ctx);
    // Nothing takes the messages while the test looks at them.
    await worker.stop();
    try {
      const before = {
        tokens: await count('password_reset_tokens'),
        mails: await count('dev_mailbox'),
        users: (await ctx.database.pool.query('select max(updated_at) as at from users')).rows[0]
          .at,
      };
      const answers: unknown[] = [];
      const statements: string[][] = [];
      for (const email of [existing.email, unknown]) {
        statements.push(
          await statementsOf(async () => {
            const response = await ctx.app.inject({
              method: 'POST',
              url: '/api/auth/forgot-password',
              payload: { email },
            });
            expect(response.statusCode).toBe(200);
            answers.push(response.json());
          }),
        );
      }
      expect(answers).toEqual([
        { success: true, message: AUTH_TEXTS.forgotPasswordAnswer },
        { success: true, message: AUTH_TEXTS.forgotPasswordAnswer },
      ]);
      // The same statements in the same order: the rate limits (per IP, per address) and one
      // queue message; nothing reads or writes an account.
      expect(statements[0]).toEqual(statements[1]);
      expect(statements[0]).toHaveLength(3);
      expect(
        statements[0]?.filter((text) => text.includes('graphile_worker.add_job')),
      ).toHaveLength(1);
      expect(statements[0]?.join('\n')).not.toMatch(/\busers\b|password_reset_tokens/);
      expect(await queuedAccountMail(ctx)).toEqual([
        { kind: 'password-reset', email: existing.email },
        { kind: 'password-reset', email: unknown },
      ]);
      expect(await count('password_reset_tokens')).toBe(before.tokens);
      expect(await count('dev_mailbox')).toBe(before.mails);
      expect(
        (await ctx.database.pool.query('select max(updated_at) as at from users')).rows[0].at,
      ).toEqual(before.users);
    } finally {
      await worker.start();
    }
    // The worker then mails the account's owner, and nobody for the unknown address.
    await waitForMail(ctx, existing.email, RESET_SUBJECT);
    await waitForMailQueue(ctx);
    expect(await mailbox(ctx, unknown)).toEqual([]);
  });
});
