import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';

/** The local OpenID provider that stands in for Google listens next to the app (scripts/e2e-server.mjs). */
function fakeGoogleOrigin(baseURL: string | undefined): string {
  const port = Number(new URL(baseURL ?? 'http://localhost:3100').port) + 1;
  return `http://localhost:${port}`;
}

async function profileOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const response = await page.request.get('/api/users/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()).data as { id: string; email: string; fullName: string };
}

test('Google sign-in creates the account, then signs the same account in again', async ({
  page,
  context,
  baseURL,
}) => {
  desktopOnly('redirects between the app and the provider, the same at every width');
  // The browser is "signed in to Google" as a fresh account, as a real Google session would be.
  const account = {
    sub: `google-${randomBytes(6).toString('hex')}`,
    email: uniqueEmail('gia'),
    name: 'Gia Google',
  };
  await context.addCookies([
    {
      name: 'fake_google_account',
      value: encodeURIComponent(JSON.stringify(account)),
      url: fakeGoogleOrigin(baseURL),
    },
  ]);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Account created! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/onboarding');
  const first = await profileOf(page);
  expect(first).toMatchObject({ email: account.email, fullName: account.name });

  // Signed out (the session token dropped), the next Google sign-in finds the same account.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/register');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Authentication successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/onboarding');
  expect((await profileOf(page)).id).toBe(first.id);
});
