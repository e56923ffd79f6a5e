import { ACCOUNT_TEXTS, AUTH_TEXTS } from '@muse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import {
  readMailbox,
  registerAccount,
  signInAs,
  uniqueEmail,
  type TTestAccount,
} from './support/accounts';
import { seriousViolations } from './support/axe';

const main = (page: Page) => page.getByRole('main');
const RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The first link in the newest mail to `email` that contains `part`, once the worker sent it. */
async function mailedLink(request: APIRequestContext, email: string, part: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await readMailbox(request, email);
      link = mails.flatMap((mail) => mail.links).find((found) => found.includes(part));
      return link;
    }, `a link with ${part} mailed to ${email}`)
    .toBeTruthy();
  return link!;
}

/** Another session of the account, signed in from another browser. */
async function signInElsewhere(request: APIRequestContext, account: TTestAccount) {
  const response = await request.post('/api/auth/login', {
    headers: { 'user-agent': FIREFOX_ON_LINUX },
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status();

test.describe('a password reset while signed in', () => {
  test.beforeEach(() => desktopOnly('tabs and mailed links, the same at every width'));

  test('ends on the sign-in page in every tab, and the new password signs in without a loop', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(60_000); // two tabs, a mailed link and a sign-in
    const account = await registerAccount(request);
    await signInAs(page, account);
    await page.goto('/purchases');
    await expect(page.getByRole('heading', { level: 1, name: 'My purchases' })).toBeVisible();
    // A second tab of the same browser, signed in through the same stored token.
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();

    await request.post('/api/auth/forgot-password', { data: { email: account.email } });
    const link = await mailedLink(request, account.email, '/reset-password?token=');
    await page.goto(link);
    const newPassword = 'brand new secret';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await expect(page).toHaveURL('/login?reset=success');
    await expect(page.getByRole('status')).toHaveText(RESET_NOTICE);
    // The other tab learnt that the session ended, and asks for a sign-in too.
    await expect(other).toHaveURL('/login');
    await expect(other.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await other.close();

    // A signed-in page is no longer reachable with the old session…
    await page.goto('/onboarding');
    await expect(page).toHaveURL('/login');
    // …and the new password signs in where a sign-in leads, with the setup shown.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('button', { name: 'Start Creating' })).toBeVisible();
    await expect(page.getByText('Your setup could not be loaded')).toHaveCount(0);
  });

  test('a tab whose session ended elsewhere goes to the sign-in page at its next call', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await signInAs(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
    // Signed out from another device's settings.
    const elsewhere = await signInElsewhere(request, account);
    const revoked = await request.post('/api/users/sessions/revoke-others', {
      headers: { authorization: `Bearer ${elsewhere}` },
    });
    expect(revoked.ok()).toBe(true);

    await page.locator('aside').getByRole('link', { name: 'Purchases' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });
});

/** Opens the account menu of the studio (the sidebar's footer, or the drawer's on a phone). */
async function openAccountMenu(page: Page) {
  if (test.info().project.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: /Account menu/ }).click();
  } else {
    await page
      .locator('aside')
      .getByRole('button', { name: /Account menu/ })
      .click();
  }
}

test('the account menu offers Settings beside Sign out', async ({ page, request }) => {
  const account = await registerAccount(request);
  await signInAs(page, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  for (const section of [
    'Name',
    'Email',
    'Password',
    'Signed-in sessions',
    'Your data',
    'Delete account',
  ]) {
    await expect(main(page).getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('account settings', () => {
  test.beforeEach(() => desktopOnly('forms and mailed links; the phone test above opens the page'));

  test('the name, an e-mail change confirmed from the new address, and the password', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await signInAs(page, account);
    await page.goto('/settings');
    const name = main(page).getByRole('region', { name: 'Name' });
    await name.getByLabel('Full Name').fill('Nova Lane');
    await name.getByRole('button', { name: 'Save name' }).click();
    await expect(name.getByRole('status')).toHaveText(ACCOUNT_TEXTS.nameSaved);
    // The account menu shows the new name's initial at once.
    await expect(page.locator('aside').getByRole('button', { name: /Account menu/ })).toContainText(
      'N',
    );

    const email = main(page).getByRole('region', { name: 'Email' });
    const moved = uniqueEmail('moved');
    await email.getByLabel('New Email').fill(moved);
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(email.getByRole('alert')).toHaveText(AUTH_TEXTS.currentPasswordRequired);
    await email.getByLabel('Current Password').fill('not my password');
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(email.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.currentPasswordWrong);
    await email.getByLabel('New Email').fill(moved);
    await email.getByLabel('Current Password').fill(account.password);
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(email.getByRole('status')).toHaveText(ACCOUNT_TEXTS.emailChangeSent);
    await expect(email).toContainText(`Waiting for confirmation: ${moved}`);
    await expect(email).toContainText(`You sign in with ${account.email}`);

    await page.goto(await mailedLink(request, moved, '/confirm-email?token='));
    await expect(page.getByRole('status')).toHaveText(ACCOUNT_TEXTS.emailChanged);
    await page.getByRole('link', { name: 'Back to your settings' }).click();
    await expect(main(page).getByRole('region', { name: 'Email' })).toContainText(
      `You sign in with ${moved} (confirmed).`,
    );
    // The old address was told.
    await expect
      .poll(async () => (await readMailbox(request, account.email)).map((mail) => mail.subject))
      .toContain('The e-mail address of your Muse account was changed');

    const password = main(page).getByRole('region', { name: 'Password' });
    await password.getByLabel('Current Password').fill(account.password);
    await password.getByLabel('New Password', { exact: true }).fill('a new secret');
    await password.getByLabel('Confirm New Password').fill('a new secrex');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText(AUTH_TEXTS.passwordsDoNotMatch);
    await password.getByLabel('Confirm New Password').fill('a new secret');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText(ACCOUNT_TEXTS.passwordChanged);
    const signIn = await request.post('/api/auth/login', {
      data: { email: moved, password: 'a new secret' },
    });
    expect(signIn.ok()).toBe(true);

    // A copy of the data and deletion have their own sections (e2e/data-rights.spec.ts).
    await expect(
      main(page)
        .getByRole('region', { name: 'Your data' })
        .getByRole('button', { name: 'Download my data' }),
    ).toBeVisible();
    await expect(
      main(page)
        .getByRole('region', { name: 'Delete account' })
        .getByRole('button', { name: 'Delete account' }),
    ).toBeVisible();
  });

  test('the sessions list marks this device and signs another one out at once', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    const elsewhere = await signInElsewhere(request, account);
    await signInAs(page, account);
    await page.goto('/settings');
    const sessions = main(page).getByRole('region', { name: 'Signed-in sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('This device');
    const firefox = sessions.getByRole('listitem', { name: 'Firefox on Linux' });
    await expect(firefox).toContainText('Last used');
    await firefox.getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect(await meStatus(request, elsewhere)).toBe(401);
    expect(await meStatus(request, account.token)).toBe(200);

    const another = await signInElsewhere(request, account);
    await page.reload();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(sessions.getByRole('status')).toHaveText(ACCOUNT_TEXTS.sessionsRevoked);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect(await meStatus(request, another)).toBe(401);
  });
});

test.describe('a fan', () => {
  test('who signed up to buy a post signs in to the fan view, not the studio', async ({
    page,
    request,
  }) => {
    desktopOnly('the fan view at phone size has a test of its own');
    test.setTimeout(60_000); // signs in through the form, then tries a studio page
    const fan = uniqueEmail('fan');
    const signedUp = await request.post('/api/auth/register', {
      data: { email: fan, password: 'fan password', fullName: 'Fay Fan', fan: true },
    });
    expect(signedUp.ok()).toBe(true);

    await page.goto('/login');
    await page.getByLabel('Email').fill(fan);
    await page.getByLabel('Password', { exact: true }).fill('fan password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/purchases');
    await expect(page.getByRole('heading', { level: 1, name: 'My purchases' })).toBeVisible();
    // No studio around it.
    await expect(page.locator('aside')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Generate' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Face Swap' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Earnings' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Muse' });
    await expect(nav.getByRole('link', { name: 'My purchases' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A studio page sends a fan to the purchases.
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/purchases');
    await expect(page.getByRole('heading', { level: 1, name: 'My purchases' })).toBeVisible();
  });

  test('who starts the onboarding becomes a creator and gets the studio', async ({
    page,
    request,
  }) => {
    desktopOnly('the fan view at phone size has a test of its own');
    const signedUp = await request.post('/api/auth/register', {
      data: { email: uniqueEmail('fan'), password: 'fan password', fullName: 'Fay Fan', fan: true },
    });
    await signInAs(page, (await signedUp.json()) as { token: string });
    await page.goto('/purchases');
    await page.getByRole('link', { name: 'Start creating' }).click();
    await expect(page).toHaveURL('/onboarding');
    await page.getByRole('button', { name: 'Start Creating' }).click();
    await expect(page.getByText('2 of 7')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
    await expect(
      page.locator('aside').getByRole('link', { name: 'Generate', exact: true }),
    ).toBeVisible();
  });

  test('the fan view fits a phone', async ({ page, request }) => {
    phoneOnly('the fan bar on a narrow screen');
    const signedUp = await request.post('/api/auth/register', {
      data: { email: uniqueEmail('fan'), password: 'fan password', fullName: 'Fay Fan', fan: true },
    });
    await signInAs(page, (await signedUp.json()) as { token: string });
    await page.goto('/purchases');
    await expect(page.getByRole('heading', { level: 1, name: 'My purchases' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Muse' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await nav.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/settings');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
