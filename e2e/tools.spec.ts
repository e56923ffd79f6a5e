import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { finishedJobStatus, holdJobWhileRunning } from './support/jobs';

// The product's texts word for word (docs/product/tools.md, workspace.md).
const TEXTS = {
  upscaleEmpty: 'No upscaled images found',
  upscaleButton: 'Upscale Image (10 gems)',
  modelV2: 'Version 2 (Improved)',
  modelV1: 'Version 1',
  overlappingTiles: 'Overlapping Tiles',
  editEmpty: 'No edited images yet',
  editButton: 'Edit Image (10 gems)',
  promptEmpty: 'No generated prompts yet',
  promptPlaceholder: 'Describe this image',
  chooseImageToAnalyse: 'Choose an image to analyse',
  generatePrompt: 'Generate prompt',
  upscaleLimit: 'Upscale Limit Reached',
  editLimit: 'Edit Image Limit Reached',
  imageLimit: 'Image Limit Reached',
  promptLimit: 'Generate Prompt Limit Reached',
  upgradeButton: 'View Upgrade Plans',
  // Muse's own.
  promptCopied: 'Prompt copied',
  chooseImage: 'Choose an image',
  notAnImage: 'Only image files (PNG, JPG, WEBP, GIF or AVIF) can be uploaded',
};

const COSTS = { upscale: 10, editImage: 10, promptGeneration: 2 };

const photos = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/test/fixtures/photos',
);
/** A real 128×128 photo crop the ESRGAN upscaler turns into 512×512. */
const ESRGAN_FIXTURE = path.join(photos, 'esrgan-fixture.png');
/** A 960×640 group photo. */
const GROUP_PHOTO = path.join(photos, 'group-1.jpg');

// Sign-up and the limit modals on a shared 2-core machine: more than 30 s at times.
test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');

async function creditBalance(request: APIRequestContext, account: TTestAccount): Promise<number> {
  const response = await request.get('/api/users/dashboard', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { dashboard: { credits: number } }).dashboard.credits;
}

/** Counts the jobs the page tries to queue (a FREE account must never send one). */
function countJobPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') posts += 1;
  });
  return () => posts;
}

/** Opens `title`'s limit modal check: it names the limit, offers the plans, closes on Escape. */
async function expectLimitModal(page: Page, title: string) {
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: TEXTS.upgradeButton })).toHaveAttribute(
    'href',
    '/credits',
  );
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

/** The page knows the plan and the balance (its controls wait for them). */
async function expectAccessKnown(page: Page) {
  await expect(main(page).getByText(/^Balance: [\d,]+ credits$/)).toBeVisible();
}

/**
 * Waits until the job on show has finished (its bar at 100 %, or its failure shown), for as
 * long as the test may run, then checks that it succeeded.
 */
async function expectJobSucceeded(page: Page, progressLabel: string) {
  const progress = main(page).getByRole('progressbar', { name: progressLabel });
  const failure = main(page).getByRole('alert').filter({ hasText: 'This job failed' });
  await expect(progress.and(page.locator('[aria-valuenow="100"]')).or(failure)).toBeVisible({
    timeout: 0,
  });
  await expect(failure, 'the job failed').toHaveCount(0);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('a FREE account', () => {
  test.beforeEach(() => desktopOnly('the limits and empty states do not change with the screen'));

  test('Upscale: the empty state, and picking or upscaling opens the limit modal', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    const jobPosts = countJobPosts(page);
    await signInAs(page, account);
    await page.goto('/upscale');

    await expect(page.getByRole('heading', { level: 1, name: 'Upscale' })).toBeVisible();
    await expect(main(page).getByText(TEXTS.upscaleEmpty, { exact: true })).toBeVisible();
    await expect(main(page).getByText('4x', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('radio', { name: TEXTS.modelV2 })).toBeChecked();
    await expect(main(page).getByRole('radio', { name: TEXTS.modelV1 })).not.toBeChecked();
    await expect(
      main(page).getByRole('switch', { name: TEXTS.overlappingTiles }),
    ).not.toBeChecked();

    // Picking: the chooser button, and a file handed to the input (as a drop would).
    await main(page).getByRole('button', { name: TEXTS.chooseImage, exact: true }).click();
    await expectLimitModal(page, TEXTS.upscaleLimit);
    await main(page).locator('input[type="file"]').setInputFiles(ESRGAN_FIXTURE);
    await expectLimitModal(page, TEXTS.upscaleLimit);
    await expect(main(page).getByRole('img', { name: /Preview of/ })).toHaveCount(0);

    await main(page).getByRole('button', { name: TEXTS.upscaleButton }).click();
    await expectLimitModal(page, TEXTS.upscaleLimit);

    expect(jobPosts()).toBe(0);
    expect(await creditBalance(request, account)).toBe(75);
  });

  test('Edit Image: the empty state, the options, and the button opens the limit modal', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    const jobPosts = countJobPosts(page);
    await signInAs(page, account);
    await page.goto('/edit-image');

    await expect(page.getByRole('heading', { level: 1, name: 'Edit Image' })).toBeVisible();
    await expect(main(page).getByText(TEXTS.editEmpty, { exact: true })).toBeVisible();
    const ratios = main(page).getByRole('group', { name: 'Aspect ratio' });
    for (const ratio of ['Match Input', '1:1', '16:9', '9:16', '4:3', '3:4']) {
      await expect(ratios.getByRole('radio', { name: ratio, exact: true })).toBeAttached();
    }
    await expect(ratios.getByRole('radio', { name: 'Match Input' })).toBeChecked();
    const formats = main(page).getByRole('group', { name: 'Output format' });
    for (const format of ['JPG', 'PNG', 'WEBP']) {
      await expect(formats.getByRole('radio', { name: format, exact: true })).toBeAttached();
    }
    // Offline, edits in words need the hosted engine: the page says so, and offers no setting
    // (safety tolerance, instruction) the creator could not use.
    await expect(
      main(page).getByText(/^Edits described in words are not available yet/),
    ).toBeVisible();
    await expect(main(page).getByRole('slider', { name: 'Safety tolerance' })).toHaveCount(0);
    await expect(main(page).getByLabel(/Describe the change/)).toHaveCount(0);

    await main(page).getByRole('button', { name: TEXTS.editButton }).click();
    await expectLimitModal(page, TEXTS.editLimit);

    expect(jobPosts()).toBe(0);
    expect(await creditBalance(request, account)).toBe(75);
  });

  test('Generate Prompt: the empty state, and both buttons open their limit modals', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    const jobPosts = countJobPosts(page);
    await signInAs(page, account);
    await page.goto('/generate-prompt');

    await expect(page.getByRole('heading', { level: 1, name: 'Generate Prompt' })).toBeVisible();
    await expect(main(page).getByText(TEXTS.promptEmpty, { exact: true })).toBeVisible();
    await expect(main(page).getByPlaceholder(TEXTS.promptPlaceholder)).toBeVisible();
    await expect(main(page).getByText(/real influencer images/)).toBeVisible();
    await expect(main(page).getByText(/only apply to Flux generations/)).toBeVisible();
    await expect(main(page).getByText(/not guaranteed/)).toBeVisible();
    await expect(main(page).getByText(/batches of 4/)).toBeVisible();

    await main(page).getByRole('button', { name: TEXTS.chooseImageToAnalyse }).click();
    await expectLimitModal(page, TEXTS.imageLimit);

    await main(page).getByRole('button', { name: TEXTS.generatePrompt, exact: true }).click();
    await expectLimitModal(page, TEXTS.promptLimit);

    expect(jobPosts()).toBe(0);
    expect(await creditBalance(request, account)).toBe(75);
  });
});

test('on a phone the upscale controls fit the screen', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'phone', 'the phone layout only');
  const account = await registerAccount(request);
  await signInAs(page, account);
  await page.goto('/upscale');
  await expect(main(page).getByText(TEXTS.upscaleEmpty, { exact: true })).toBeVisible();

  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  const controls = [
    main(page).getByRole('button', { name: TEXTS.chooseImage, exact: true }),
    main(page).getByText(TEXTS.modelV2, { exact: true }),
    main(page).getByText(TEXTS.modelV1, { exact: true }),
    main(page).getByText(TEXTS.overlappingTiles, { exact: true }),
    main(page).getByRole('button', { name: TEXTS.upscaleButton }),
  ];
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
});

test.describe('a Launch account', () => {
  // Sign-up, a plan and a real AI job. The waits for a job end on the job's state, so this is
  // only the bound that stops a test that hangs: generous, as a shared machine can be ten times
  // slower than an idle one.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(() => desktopOnly('the job flows do not change with the screen size'));

  test('upscales a photo 4x with Version 1 and downloads the 512 × 512 PNG', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    const before = await creditBalance(request, account);
    await signInAs(page, account);
    await page.goto('/upscale');
    await expect(main(page).getByText(TEXTS.upscaleEmpty, { exact: true })).toBeVisible();
    await expectAccessKnown(page);

    // Checked before anything is sent: image files only.
    const input = main(page).locator('input[type="file"]');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await expect(main(page).getByText(TEXTS.notAnImage)).toBeVisible();

    await input.setInputFiles(ESRGAN_FIXTURE);
    await expect(main(page).getByText(TEXTS.notAnImage)).toBeHidden();
    await expect(
      main(page).getByRole('img', { name: 'Preview of esrgan-fixture.png' }),
    ).toBeVisible();
    await expect(
      main(page)
        .getByText(/128 × 128/)
        .first(),
    ).toBeVisible();
    await main(page).getByText(TEXTS.modelV1, { exact: true }).click();
    await expect(main(page).getByRole('radio', { name: TEXTS.modelV1 })).toBeChecked();
    await main(page).getByRole('button', { name: TEXTS.upscaleButton }).click();

    await expect(main(page).getByRole('progressbar', { name: 'Upscale progress' })).toBeVisible();
    await expectJobSucceeded(page, 'Upscale progress');
    const result = main(page).getByRole('region', { name: 'Result' });
    await expect(result.getByText('Done', { exact: true })).toBeVisible();
    await expect(result.getByText('128 × 128 → 512 × 512')).toBeVisible();
    await expect(result.getByRole('img', { name: 'Upscaled result, 512 × 512' })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await result.getByRole('link', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expect(pngSize(readFileSync(await download.path()))).toEqual({ width: 512, height: 512 });

    // The history lists it, and the balance paid exactly the upscale.
    await expect(main(page).getByText(TEXTS.upscaleEmpty, { exact: true })).toBeHidden();
    await expect(
      main(page).getByRole('region', { name: 'Your upscaled images' }).getByText('512 × 512'),
    ).toBeVisible();
    expect(await creditBalance(request, account)).toBe(before - COSTS.upscale);
  });

  test('a reload while a job runs picks it up again and follows it to the end', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    // On a busy machine a minute and more can pass between these API calls, about the server's
    // keep-alive time: a reused socket could be closed by the server just as the next call goes
    // out (ECONNRESET).
    const headers = { authorization: `Bearer ${account.token}`, connection: 'close' };
    // Version 2 on 256 × 256: 9 tiles, a job long enough to have a middle.
    const photo = await sharp(GROUP_PHOTO)
      .extract({ left: 140, top: 60, width: 560, height: 560 })
      .resize(256, 256)
      .png()
      .toBuffer();
    const queued = await request.post('/api/jobs', {
      headers,
      multipart: {
        tool: 'upscale',
        model: 'v2',
        overlappingTiles: 'false',
        image: { name: 'portrait.png', mimeType: 'image/png', buffer: photo },
      },
    });
    expect(queued.status()).toBe(201);
    const { job } = (await queued.json()) as { job: { id: string } };
    // Running, and kept there until released: the pages find the job mid-run however fast the
    // machine would finish it.
    const held = await holdJobWhileRunning(baseURL!, job.id);

    try {
      await signInAs(page, account);
      await page.goto('/upscale');
      const progress = main(page).getByRole('progressbar', { name: 'Upscale progress' });
      await expect(progress).toBeVisible();
      await expect(progress).toHaveAttribute('aria-valuenow', String(held.progress));
      await page.reload();
      await expect(progress).toHaveAttribute('aria-valuenow', String(held.progress));
      await expect(
        main(page).getByRole('region', { name: 'Result' }).getByText(held.stage, { exact: true }),
      ).toBeVisible();
    } finally {
      await held.release();
    }

    await expectJobSucceeded(page, 'Upscale progress');
    const result = main(page).getByRole('region', { name: 'Result' });
    await expect(result.getByText('256 × 256 → 1024 × 1024')).toBeVisible();
    expect(await finishedJobStatus(request, headers, job.id)).toBe('succeeded');
  });

  test('edits a photo to 9:16 WEBP', async ({ page, request }) => {
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    const before = await creditBalance(request, account);
    await signInAs(page, account);
    await page.goto('/edit-image');
    await expect(main(page).getByText(TEXTS.editEmpty, { exact: true })).toBeVisible();
    await expectAccessKnown(page);

    await main(page).locator('input[type="file"]').setInputFiles(GROUP_PHOTO);
    await expect(main(page).getByRole('img', { name: 'Preview of group-1.jpg' })).toBeVisible();
    await main(page).getByRole('group', { name: 'Aspect ratio' }).getByText('9:16').click();
    await main(page).getByRole('group', { name: 'Output format' }).getByText('WEBP').click();
    await expect(main(page).getByRole('radio', { name: '9:16' })).toBeChecked();
    await expect(main(page).getByRole('radio', { name: 'WEBP' })).toBeChecked();

    // The local engine reframes and converts; words need a generative engine, and the page says so.
    const engines = await request.get('/api/jobs/engines', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const { generativeEdits } = (await engines.json()) as { generativeEdits: boolean };
    const button = main(page).getByRole('button', { name: TEXTS.editButton });
    if (!generativeEdits) {
      await expect(
        main(page).getByText(/^Edits described in words are not available yet/),
      ).toBeVisible();
      await expect(main(page).getByLabel(/Describe the change/)).toHaveCount(0);
    }
    await button.click();

    await expectJobSucceeded(page, 'Edit progress');
    const result = main(page).getByRole('region', { name: 'Result' });
    const caption = result.getByText(/→ \d+ × \d+ · WEBP/);
    await expect(caption).toBeVisible();
    const [, width, height] = /→ (\d+) × (\d+)/.exec((await caption.textContent()) ?? '')!;
    // 9:16 to the pixel (rounding allowed).
    expect(Math.abs(Number(width) * 16 - Number(height) * 9)).toBeLessThanOrEqual(16);
    await expect(result.getByRole('link', { name: 'Download', exact: true })).toHaveAttribute(
      'download',
      /\.webp$/,
    );
    expect(await creditBalance(request, account)).toBe(before - COSTS.editImage);
  });

  test('generates a prompt with custom text and copies it', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    const before = await creditBalance(request, account);
    await signInAs(page, account);
    await page.goto('/generate-prompt');
    await expect(main(page).getByText(TEXTS.promptEmpty, { exact: true })).toBeVisible();
    await expect(
      main(page).getByText(`Costs ${COSTS.promptGeneration} credits`, { exact: true }),
    ).toBeVisible();
    await expectAccessKnown(page);

    await main(page).locator('input[type="file"]').setInputFiles(GROUP_PHOTO);
    await expect(main(page).getByRole('img', { name: 'Preview of group-1.jpg' })).toBeVisible();
    await main(page).getByPlaceholder(TEXTS.promptPlaceholder).fill('golden hour on a rooftop');
    await main(page).getByRole('button', { name: TEXTS.generatePrompt, exact: true }).click();

    await expectJobSucceeded(page, 'Prompt generation progress');
    const generated = main(page).getByRole('textbox', { name: 'Generated prompt' });
    await expect(generated).toHaveAttribute('readonly', '');
    await expect(generated).not.toHaveValue('');
    const prompt = await generated.inputValue();

    await main(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText(TEXTS.promptCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt);

    await expect(main(page).getByText(TEXTS.promptEmpty, { exact: true })).toBeHidden();
    expect(await creditBalance(request, account)).toBe(before - COSTS.promptGeneration);
  });
});
