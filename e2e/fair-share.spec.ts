import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { finishedJobStatus, holdJobWhileRunning } from './support/jobs';

// docs/product/tools.md, word for word.
const TEXTS = {
  upscaleButton: 'Upscale Image (10 gems)',
  jobLimit:
    'You have 4 jobs queued or running, the most one account can have at once (4). Wait for one to finish, then try again.',
};

const GROUP_PHOTO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/test/fixtures/photos/group-1.jpg',
);

test.describe.configure({ timeout: 240_000 });

const main = (page: Page) => page.getByRole('main');

async function creditBalance(request: APIRequestContext, account: TTestAccount): Promise<number> {
  const response = await request.get('/api/users/dashboard', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { dashboard: { credits: number } }).dashboard.credits;
}

test('an account with four jobs unfinished is told on the tool page to wait, and pays nothing', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const headers = { authorization: `Bearer ${account.token}`, connection: 'close' };
  // Four free offline previews: the first is held while it runs, the others wait behind it.
  const queued = await request.post('/api/generations', {
    headers,
    data: { prompt: 'on a beach at sunset', count: 4 },
  });
  expect(queued.status()).toBe(201);
  const { jobs } = (await queued.json()) as { jobs: { id: string }[] };
  const held = await holdJobWhileRunning(baseURL!, jobs[0]!.id);
  try {
    const before = await creditBalance(request, account);
    await signInAs(page, account);
    await page.goto('/upscale');
    await main(page).locator('input[type="file"]').setInputFiles(GROUP_PHOTO);
    await expect(main(page).getByRole('img', { name: 'Preview of group-1.jpg' })).toBeVisible();
    await main(page).getByRole('button', { name: TEXTS.upscaleButton }).click();
    await expect(main(page).getByText(TEXTS.jobLimit)).toBeVisible();
    expect(await creditBalance(request, account)).toBe(before);
  } finally {
    await held.release();
  }
  // Once they are done, the same click queues the upscale.
  for (const job of jobs)
    expect(await finishedJobStatus(request, headers, job.id)).toBe('succeeded');
  await main(page).getByRole('button', { name: TEXTS.upscaleButton }).click();
  await expect(main(page).getByRole('progressbar', { name: 'Upscale progress' })).toBeVisible();
  await expect(main(page).getByText(TEXTS.jobLimit)).toBeHidden();
});
