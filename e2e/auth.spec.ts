import { AUTH_TEXTS } from '@muse/shared';
import type { Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { readMailbox, registerAccount, signInAs, uniqueEmail } from './support/accounts';
import { expectFitsScreen } from './support/layout';

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function fillRegister(
  page: Page,
  fields: { email: string; password: string; confirmPassword: string },
) {
  await page.getByLabel('Full Name').fill('Ava Creator');
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Confirm Password').fill(fields.confirmPassword);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

test.describe('register', () => {
  test.beforeEach(() =>
    desktopOnly('form checks and redirects; a phone signs up in the last test'),
  );

  test('a new creator registers and lands on /onboarding', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await fillRegister(page, {
      email: uniqueEmail(),
      password: 'correct horse',
      confirmPassword: 'correct horse',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/onboarding');
  });

  test('the form refuses mismatched and short passwords in the red banner', async ({ page }) => {
    await page.goto('/register');
    await fillRegister(page, {
      email: uniqueEmail(),
      password: 'correct horse',
      confirmPassword: 'correct horsf',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
    await expect(page).toHaveURL('/register');

    // The show/hide toggle reveals what was typed.
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe('sign in', () => {
  test.beforeEach(() =>
    desktopOnly('form checks and redirects; the form is fitted to a phone below'),
  );

  test('a registered creator signs in with Remember me and lands on /onboarding', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await page.goto('/login');
    await fillSignIn(page, account.email, account.password);
    const rememberMe = page.getByRole('checkbox', { name: 'Remember me' });
    await expect(rememberMe).not.toBeChecked();
    await rememberMe.check();
    await expect(rememberMe).toBeChecked();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/onboarding');

    // Signed in, the login page sends the creator on.
    await page.goto('/login');
    await expect(page).toHaveURL('/onboarding');
  });

  test('a wrong password shows the server text in the red banner', async ({ page, request }) => {
    const account = await registerAccount(request);
    await page.goto('/login');
    await fillSignIn(page, account.email, 'not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('a signed-out visit to /credits signs in and returns to /credits', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await page.goto('/credits');
    await expect(page).toHaveURL('/login');
    await fillSignIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/credits');
  });

  test('Continue with Google and its divider are hidden when this server has no Google sign-in', async ({
    page,
  }) => {
    // The test server runs a stand-in Google, so its /api/config answer is changed to a server's
    // without one. The sign-in pages the server sends arrive already rendered with its settings
    // (web.test.ts and prerender.test.tsx hold that they then leave Google out), so the app is
    // opened on a page it renders itself and goes on to them by its links: they ask /api/config. (Pressed before that answer arrives, the button says Google sign-in is not set up:
    // continue-with-google.test.tsx.)
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), googleSignIn: false } });
    });
    await page.goto('/forgot-password');
    const config = page.waitForResponse('**/api/config');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await config;
    for (const [path, submit, next] of [
      ['/login', 'Sign In', 'Create an account'],
      ['/register', 'Create Account', null],
    ] as const) {
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
      await expect(page.getByText('or', { exact: true })).toHaveCount(0);
      if (next) await page.getByRole('link', { name: next }).click();
    }
  });

  test("the sign-in page arrives with this server's Google sign-in, without asking for it", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/config') asked.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.getByText('or', { exact: true })).toBeVisible();
    expect(asked).toEqual([]);
  });
});

test.describe('forgot password', () => {
  test.beforeEach(() => desktopOnly('mailed links and messages, the same at every width'));

  test('a mailed reset link sets a new password once', async ({ page, request }) => {
    const account = await registerAccount(request);
    const newPassword = 'brand new secret';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Request Password Reset' }).click();
    await expect(page.getByRole('heading', { name: 'Request Submitted' })).toBeVisible();
    await expect(page.getByText(/within 24 hours/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/login',
    );

    // The job worker sends the mail a moment after the answer.
    let resetLink: string | undefined;
    await expect
      .poll(async () => {
        const mails = await readMailbox(request, account.email);
        resetLink = mails
          .flatMap((mail) => mail.links)
          .find((link) => link.includes('/reset-password?token='));
        return resetLink;
      }, 'a reset link in the mail')
      .toBeTruthy();

    await page.goto(resetLink!);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page).toHaveURL('/login?reset=success');
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been changed. Sign in with your new password.',
    );

    // The old password no longer works…
    await fillSignIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    // …the new one does.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/onboarding');

    // The same link a second time is refused, with a way to ask for a new one.
    await page.evaluate(() => localStorage.clear());
    await page.goto(resetLink!);
    await page.getByLabel('New Password', { exact: true }).fill('another secret');
    await page.getByLabel('Confirm New Password').fill('another secret');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('a reset address without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.resetLinkInvalid);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});

test.describe('e-mail verification', () => {
  test.beforeEach(() =>
    desktopOnly('mailed links and messages; workspace.spec fits the banner to a phone'),
  );

  test('a new account sees the banner until the mailed link confirms the address', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await signInAs(page, account);
    await page.goto('/dashboard');
    const banner = page.getByRole('status').filter({ hasText: AUTH_TEXTS.verifyBanner });
    await expect(banner).toContainText(account.email);

    await banner.getByRole('button', { name: AUTH_TEXTS.verifyBannerResend }).click();
    await expect(banner).toContainText(AUTH_TEXTS.verificationSent);

    // The link from the first mail (sign-up) and the one asked for again both arrive.
    let links: string[] = [];
    await expect
      .poll(async () => {
        links = (await readMailbox(request, account.email))
          .flatMap((mail) => mail.links)
          .filter((link) => link.includes('/verify-email?token='));
        return links.length;
      }, 'two confirmation links in the mailbox')
      .toBe(2);

    await page.goto(links[0]!);
    await expect(page.getByRole('status')).toHaveText(AUTH_TEXTS.emailVerified);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(AUTH_TEXTS.verifyBanner)).toHaveCount(0);

    // A link works once.
    await page.goto(links[0]!);
    await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.verifyLinkInvalid);
  });

  test('a confirmation address without a token says the link is invalid', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.verifyLinkInvalid);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

test.describe('oauth callback', () => {
  test.beforeEach(() => desktopOnly('a message and a redirect, the same at every width'));

  test('without a token it says so and goes to /login', async ({ page }) => {
    await page.goto('/oauth-callback');
    await expect(page.getByRole('status')).toHaveText(
      'No authentication token found. Redirecting to login...',
    );
    await expect(page).toHaveURL('/login');
  });

  test('a bogus code fails, leaves the address clean and goes to /login', async ({ page }) => {
    await page.goto('/oauth-callback#access_token=bogus');
    await expect(page.getByRole('status')).toHaveText(
      'Authentication failed. Redirecting to login...',
    );
    expect(new URL(page.url()).hash).toBe('');
    await expect(page).toHaveURL('/login');
  });
});

test('on a phone the sign-in and sign-up forms fit the screen, and a creator signs up', async ({
  page,
}) => {
  phoneOnly('the phone layout only');
  await page.goto('/login');
  await expectFitsScreen(page, [
    page.getByLabel('Email'),
    page.getByLabel('Password', { exact: true }),
    page.getByRole('checkbox', { name: 'Remember me' }),
    page.getByRole('link', { name: 'Forgot your password?' }),
    page.getByRole('button', { name: 'Sign In' }),
    page.getByRole('button', { name: 'Continue with Google' }),
  ]);

  await page.goto('/register');
  await expectFitsScreen(page, [
    page.getByLabel('Full Name'),
    page.getByLabel('Confirm Password'),
    page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }),
    page.getByRole('button', { name: 'Create Account' }),
    page.getByRole('button', { name: 'Continue with Google' }),
  ]);
  await fillRegister(page, {
    email: uniqueEmail(),
    password: 'correct horse',
    confirmPassword: 'correct horse',
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/onboarding');
});
