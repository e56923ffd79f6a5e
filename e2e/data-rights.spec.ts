import { readFile } from 'node:fs/promises';
import { ACCOUNT_DATA_TEXTS, AUTH_TEXTS } from '@muse/shared';
import { unzipSync } from 'fflate';
import { desktopOnly, expect, test } from './fixtures';
import { readMailbox, registerAccount, signInAs } from './support/accounts';

/*
 * A creator's data rights (docs/product/data-rights.md): the settings put a copy of the account
 * together with its progress, then download it as a ZIP; then the account is deleted after the
 * dialog, and its address no longer signs in.
 */

test('a creator downloads their data, then deletes the account and cannot sign in', async ({
  page,
  request,
}) => {
  desktopOnly('one journey through the settings, the same at every width');
  const account = await registerAccount(request, { fullName: 'Ava Leaving' });
  await signInAs(page, account);
  await page.goto('/settings');

  const data = page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Download my data' }).click();
  const link = data.getByRole('link', { name: /^Download ZIP/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(data.getByText('Your data is ready.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^muse-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['README.txt', 'account.json', 'credits.csv', 'posts/posts.json']),
  );
  const profile = JSON.parse(new TextDecoder().decode(files['account.json'])).profile;
  expect(profile).toMatchObject({ email: account.email, fullName: 'Ava Leaving' });
  // The link was mailed too.
  await expect
    .poll(async () =>
      (await readMailbox(request, account.email)).some(
        (mail) => mail.subject === 'Your Muse data is ready to download',
      ),
    )
    .toBe(true);

  await page
    .getByRole('region', { name: 'Delete account' })
    .getByRole('button', { name: 'Delete account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Posts fans bought stay visible to those fans only');
  await dialog.getByLabel('Your Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(ACCOUNT_DATA_TEXTS.passwordWrong)).toBeVisible();
  await dialog.getByLabel('Your Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(ACCOUNT_DATA_TEXTS.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(AUTH_TEXTS.invalidCredentials)).toBeVisible();
});
