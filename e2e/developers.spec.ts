import { API_KEY_TEXTS } from '@muse/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerAccount, signInAs } from './support/accounts';
import { seriousViolations } from './support/axe';

const main = (page: Page) => page.getByRole('main');

test.describe('API keys', () => {
  test('a creator makes a key from Settings, a program calls the API with it, and revoking stops it', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await signInAs(page, account);
    await page.goto('/settings');
    await main(page).getByRole('link', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(main(page).getByText(API_KEY_TEXTS.none)).toBeVisible();

    const form = main(page).getByRole('region', { name: API_KEY_TEXTS.create });
    await form.getByRole('textbox', { name: API_KEY_TEXTS.name }).fill('Spreadsheet');
    await form.getByRole('checkbox', { name: /^influencers:read/ }).check();
    await form.getByRole('button', { name: API_KEY_TEXTS.create }).click();
    await expect(form.getByText(API_KEY_TEXTS.copyNow)).toBeVisible();
    const secret = await form.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(secret).toMatch(/^muse_sk_[\w-]{43}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: API_KEY_TEXTS.done }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(main(page).getByText(`${secret.slice(0, 14)}…`)).toBeVisible();

    // The key reads what its scope allows, and nothing else.
    const bearer = { authorization: `Bearer ${secret}` };
    expect((await request.get('/api/v1/influencers', { headers: bearer })).status()).toBe(200);
    const refused = await request.get('/api/v1/jobs', { headers: bearer });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('SCOPE_MISSING');

    await main(page).getByRole('button', { name: API_KEY_TEXTS.revoke }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(API_KEY_TEXTS.revokeConfirm);
    await dialog.getByRole('button', { name: API_KEY_TEXTS.revoke }).click();
    await expect(page.getByText(API_KEY_TEXTS.revoked)).toBeVisible();
    await expect(main(page).getByText(API_KEY_TEXTS.none)).toBeVisible();
    expect((await request.get('/api/v1/influencers', { headers: bearer })).status()).toBe(401);
  });

  test('the API reference renders the OpenAPI document from Muse itself', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (sent) => {
      if (!sent.url().startsWith('http://localhost') && !sent.url().startsWith('http://127.0.0.1'))
        if (!sent.url().startsWith('data:') && !sent.url().startsWith('blob:'))
          outside.push(sent.url());
    });
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { name: /Muse API/ }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create an influencer' })).toBeVisible();
    expect(outside).toEqual([]);
  });
});
