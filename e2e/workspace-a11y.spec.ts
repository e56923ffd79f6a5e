import type { APIRequestContext, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { finishedJobStatus } from './support/jobs';
import { gradientPng } from './support/images';

/**
 * The signed-in workspace, checked with axe as a creator sees it: every page with content in it
 * (an influencer, a product, a finished prompt), the forms, and the limit modal.
 */

// Sign-up, a paid plan, uploads and a prompt job before the pages: more than 30 s when busy.
// The wait for the job ends when the job has finished; this bound only stops a test that hangs.
test.describe.configure({ timeout: 180_000 });

const WORKSPACE_PAGES = [
  { path: '/dashboard', heading: 'Discover' },
  { path: '/influencers', heading: 'Manage Influencers' },
  { path: '/products', heading: 'Products' },
  { path: '/tools', heading: 'Tools' },
  { path: '/upscale', heading: 'Upscale' },
  { path: '/edit-image', heading: 'Edit Image' },
  { path: '/generate-prompt', heading: 'Generate Prompt' },
  { path: '/credits', heading: 'Get Credits' },
] as const;

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Checked once the page's data has arrived, not while it shows its loading state.
  await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
}

/** A Launch account with an influencer, a product and a finished prompt, all with pictures. */
async function creatorWithContent(request: APIRequestContext): Promise<TTestAccount> {
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const headers = { authorization: `Bearer ${account.token}` };
  const picture = async (name: string) => ({
    name,
    mimeType: 'image/png',
    buffer: await gradientPng('#f472b6', '#7c3aed', 256),
  });

  const influencer = await request.post('/api/influencers', {
    headers,
    multipart: {
      name: 'Mila Hart',
      niche: 'fitness',
      description: 'Everyday training, honestly told.',
      personality: 'Warm and direct',
      target_audience: 'Busy beginners',
      image: await picture('mila.png'),
    },
  });
  expect(influencer.status()).toBe(201);
  const product = await request.post('/api/products', {
    headers,
    multipart: {
      name: 'Trail shoes',
      description: 'Light shoes for long runs.',
      link: 'https://shop.example.com/trail-shoes',
      images: await picture('shoes.png'),
    },
  });
  expect(product.status()).toBe(201);

  const queued = await request.post('/api/jobs', {
    headers,
    multipart: { tool: 'generate-prompt', image: await picture('look.png') },
  });
  expect(queued.status()).toBe(201);
  const { job } = (await queued.json()) as { job: { id: string } };
  expect(await finishedJobStatus(request, headers, job.id)).toBe('succeeded');
  return account;
}

test('the workspace pages, with content, have no serious or critical accessibility violations', async ({
  page,
  request,
}) => {
  desktopOnly(
    "the same page content at every width; app-shell.spec scans the phone's top bar and drawer",
  );
  const account = await creatorWithContent(request);
  await signInAs(page, account);

  const found: { path: string; violations: Awaited<ReturnType<typeof seriousViolations>> }[] = [];
  for (const { path, heading } of WORKSPACE_PAGES) {
    await openPage(page, path, heading);
    if (path === '/generate-prompt') {
      await expect(page.getByRole('region', { name: 'Your generated prompts' })).toBeVisible();
    }
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.push({ path, violations });
  }
  expect(found).toEqual([]);

  // The forms, open.
  await openPage(page, '/influencers', 'Manage Influencers');
  await page
    .getByRole('main')
    .getByRole('button', { name: /Create/ })
    .first()
    .click();
  const influencerForm = page.getByRole('dialog', { name: 'Create AI Influencer' });
  await expect(influencerForm).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(influencerForm).toBeHidden();

  await openPage(page, '/products', 'Products');
  await page.getByRole('main').getByRole('button', { name: 'Add New Product' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});

test('a FREE account: the limit modal has no serious or critical accessibility violations', async ({
  page,
  request,
}) => {
  desktopOnly('the same dialog at every width');
  await signInAs(page, await registerAccount(request));
  await openPage(page, '/dashboard', 'Discover');
  await page.getByRole('main').getByRole('button', { name: 'Create New Influencer' }).click();
  await expect(page.getByRole('dialog', { name: 'Influencer Limit Reached' })).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});
