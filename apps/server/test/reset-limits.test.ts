import { AUTH_TEXTS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTS_PER_CLIENT } from '../src/modules/auth/routes';
import { registerAccount } from './accounts';
import { mailbox, startMailWorker, waitForMail, waitForMailQueue } from './account-mail';
import { createTestApp, type TTestContext } from './app';

/*
 * Password reset requests (docs/decisions/0024-sign-in-limits.md): counted per address and
 * client, so a stranger's flood cannot stop the owner's reset, and at most one mail per address
 * every 5 minutes, so nobody can fill an inbox. The answer is always the same.
 */

const RESET_SUBJECT = 'Reset your Muse password';
const ANSWER = { success: true, message: AUTH_TEXTS.forgotPasswordAnswer };

let ctx: TTestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await startMailWorker(ctx);
});

const forgot = (email: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress,
  });

/** The reset mails the address received (sign-up also mailed a confirmation link). */
const resetMails = async (email: string) =>
  (await mailbox(ctx, email)).filter((mail) => mail.subject === RESET_SUBJECT);

/** Moves the address's last reset mail `minutes` into the past, as if that time had gone by. */
async function ageLastMail(email: string, minutes: number) {
  await ctx.database.pool.query(
    `update rate_limit_hits set window_started_at = window_started_at - make_interval(mins => $2)
      where key = $1`,
    [`forgot:mail:${email}`, minutes],
  );
}

describe('password reset requests', () => {
  it("one client's flood refuses that client only; the owner's reset from another still works", async () => {
    const owner = await registerAccount(ctx.app, 'reset');
    const stranger = '203.0.113.66';
    const ownersClient = '198.51.100.23';

    const flood = [];
    for (let i = 0; i < RESET_REQUESTS_PER_CLIENT.max + 3; i += 1)
      flood.push(await forgot(owner.email.toUpperCase(), stranger));
    expect(flood.map((answer) => answer.statusCode)).toEqual([
      ...Array(RESET_REQUESTS_PER_CLIENT.max).fill(200),
      429,
      429,
      429,
    ]);
    for (const answer of flood.slice(0, RESET_REQUESTS_PER_CLIENT.max))
      expect(answer.json()).toEqual(ANSWER);

    // The owner, from their own client, is answered as ever.
    const owners = await forgot(owner.email, ownersClient);
    expect([owners.statusCode, owners.json()]).toEqual([200, ANSWER]);

    // Six requests answered, one mail: the first; the others fell within its 5 minutes.
    await waitForMailQueue(ctx);
    expect(await resetMails(owner.email)).toHaveLength(1);

    // Five minutes on, the owner's request sends a fresh link; the stranger is still refused.
    await ageLastMail(owner.email, 6);
    const later = await forgot(owner.email, ownersClient);
    expect([later.statusCode, later.json()]).toEqual([200, ANSWER]);
    const mails = await waitForMail(ctx, owner.email, RESET_SUBJECT, 2);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((mail) => mail.links[0])).size).toBe(2);
    expect((await forgot(owner.email, stranger)).statusCode).toBe(429);
  });

  it('sends at most one mail per address every 5 minutes, whichever clients ask', async () => {
    const owner = await registerAccount(ctx.app, 'inbox');
    const answers = [];
    for (let client = 1; client <= 8; client += 1)
      answers.push(await forgot(owner.email, `192.0.2.${client}`));
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(
      Array(8).fill([200, ANSWER]),
    );
    await waitForMailQueue(ctx);
    expect(await resetMails(owner.email)).toHaveLength(1);

    await ageLastMail(owner.email, 4);
    expect((await forgot(owner.email, '192.0.2.9')).statusCode).toBe(200);
    await waitForMailQueue(ctx);
    expect(await resetMails(owner.email)).toHaveLength(1);

    await ageLastMail(owner.email, 2);
    expect((await forgot(owner.email, '192.0.2.9')).statusCode).toBe(200);
    await waitForMail(ctx, owner.email, RESET_SUBJECT, 2);
  });
});
