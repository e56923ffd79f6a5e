import { afterAll, expect } from 'vitest';
import { connectDatabase } from '../src/db/client';
import { startWorker } from '../src/modules/jobs/worker';
import { createMailer } from '../src/modules/mail/mailer';
import type { TTestContext } from './app';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
};

const silent = { info: () => {}, error: () => {} };

/**
 * A job worker that sends account mail into the local mailbox, on connections of its own like a
 * separate worker process. `stop` and `start` let a test look at the queue before it runs.
 */
export async function startMailWorker(ctx: TTestContext) {
  const handle = connectDatabase(ctx.database.url, { poolSize: 6 });
  let worker: { stop: () => Promise<void> } | null = null;
  const control = {
    async start() {
      worker ??= await startWorker({
        db: handle.db,
        pool: handle.pool,
        deps: ctx.app.services,
        concurrency: 1,
        log: silent,
        mail: {
          mailer: createMailer(ctx.config, handle.db, silent),
          publicUrl: ctx.config.PUBLIC_URL,
        },
      });
    },
    async stop() {
      await worker?.stop();
      worker = null;
    },
  };
  afterAll(async () => {
    await control.stop();
    await handle.close();
  });
  await control.start();
  return control;
}

/** The local mailbox's messages to `email`, newest first. */
export async function mailbox(ctx: TTestContext, email: string): Promise<TMail[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
  });
  return response.json().messages;
}

/** Waits (bounded) for `count` mails to `email` with `subject`; returns them newest first. */
export async function waitForMail(
  ctx: TTestContext,
  email: string,
  subject: string,
  count = 1,
): Promise<TMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await mailbox(ctx, email)).filter((mail) => mail.subject === subject);
    if (found.length >= count) return found;
    expect(Date.now(), `${count} mail "${subject}" to ${email}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits (bounded) until the queue holds no account mail: every message was sent or dropped. */
export async function waitForMailQueue(ctx: TTestContext): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await queuedAccountMail(ctx)).length > 0) {
    expect(Date.now(), 'the account mail queue drains').toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The account mail messages waiting in the queue, oldest first. */
export async function queuedAccountMail(ctx: TTestContext): Promise<Record<string, unknown>[]> {
  const { rows } = await ctx.database.pool.query(
    `select j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'send-account-mail'
      order by j.id`,
  );
  return rows.map((row) => row.payload);
}

/** The token of a mailed link. */
export const tokenFrom = (link: string | undefined) =>
  new URL(link ?? 'http://x').searchParams.get('token') ?? '';
