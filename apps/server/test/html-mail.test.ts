import { beforeAll, describe, expect, it } from 'vitest';
import {
  googleTakeoverMail,
  passwordResetMail,
  verifyEmailMail,
} from '../src/modules/auth/account-mail-templates';
import { startMailWorker, waitForMail } from './account-mail';
import { createTestApp, type TTestContext } from './app';

// Account mails are HTML with a plain-text alternative, both from one set of components
// (docs/decisions/0033-html-mail.md).

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await startMailWorker(ctx);
});

/** The `href` of every link of an HTML document, in order. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );
}

describe('account mail', () => {
  it('the reset mail has an HTML part whose link is the text part’s, and both reach the mailbox', async () => {
    const email = `html.${Date.now()}@example.com`;
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Ava <Rose>', email, password: 'correct horse battery' },
    });
    expect(registered.statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

    const [mail] = await waitForMail(ctx, email, 'Reset your Muse password');
    const link = mail!.links[0]!;
    expect(link).toMatch(new RegExp(`^${ctx.config.PUBLIC_URL}/reset-password\\?token=[\\w-]+$`));
    expect(mail!.links).toEqual([link]);
    expect(mail!.text).toContain('Hi Ava <Rose>,');
    expect(mail!.text).toContain('If it was not you, ignore this e-mail');
    expect(mail!.text).not.toMatch(/<(p|a|table|div)\b/);

    const html = mail!.html ?? '';
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(hrefs(html)).toContain(link);
    // The name is text, never markup.
    expect(html).toContain('Ava &lt;Rose&gt;');
    expect(html).not.toContain('<Rose>');
  });

  it.each([
    [
      'password reset',
      () =>
        passwordResetMail({ fullName: 'Ava', link: 'https://muse.test/reset-password?token=a1' }),
    ],
    [
      'address confirmation',
      () => verifyEmailMail({ fullName: 'Ava', link: 'https://muse.test/verify-email?token=b2' }),
    ],
  ])('the %s mail names its link in both parts', async (_name, make) => {
    const mail = await make();
    const [link] = mail.text.match(/https:\/\/\S+/g) ?? [];
    expect(link).toBeDefined();
    expect(hrefs(mail.html)).toEqual([link, link]);
    expect(mail.text.match(/https:\/\/\S+/g)).toEqual([link]);
  });

  it('the Google notice has no link and keeps its words in both parts', async () => {
    const mail = await googleTakeoverMail({ fullName: 'Ava' });
    expect(mail.subject).toBe('Your Muse account is now secured by Google sign-in');
    expect(hrefs(mail.html)).toEqual([]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('the password it had was removed');
    }
  });
});
