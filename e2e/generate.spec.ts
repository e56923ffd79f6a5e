import { GENERATE_TEXTS } from '@muse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { expectFitsScreen } from './support/layout';
import { seedPersona } from './support/personas';

const main = (page: Page) => page.getByRole('main');

async function credits(request: APIRequestContext, account: TTestAccount): Promise<number> {
  const response = await request.get('/api/users/dashboard', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return ((await response.json()) as { dashboard: { credits: number } }).dashboard.credits;
}

test.describe('Generate', () => {
  test.beforeEach(() => desktopOnly('the flows are the same at every size; a phone looks below'));

  test('a Launch account generates 2 offline previews of its persona, opens one, upscales it and downloads the result', async ({
    page,
    request,
  }) => {
    // Seeding a persona and an ESRGAN upscale of a 1024 px image take minutes on a busy machine.
    test.setTimeout(600_000);
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    const influencerId = await seedPersona(request, account, 'Mara Lind');
    const before = await credits(request, account);
    await signInAs(page, account);
    await page.goto('/generate');
    await expect(page.getByRole('heading', { level: 1, name: 'Generate' })).toBeVisible();

    const persona = main(page).getByRole('radio', { name: /Mara Lind/ });
    await expect(persona).toBeChecked();
    await expect(main(page).getByText(/Muse adds Mara Lind's likeness/)).toBeVisible();
    await main(page).getByLabel('Describe the photo').fill('walking on a beach at sunset');
    await main(page).getByRole('group', { name: 'Style' }).getByText('Golden hour').click();
    await main(page).getByRole('group', { name: 'Number of images' }).getByText('2').click();
    await expect(main(page).getByText('2 images · Offline preview, free')).toBeVisible();
    await main(page).getByRole('button', { name: 'Generate', exact: true }).click();

    // Two cards fill in as each image finishes, each labelled as the preview it is: built from
    // the persona's reference photo, so with no identity score (one would measure that photo).
    const cards = main(page)
      .getByRole('list', { name: 'Images being generated' })
      .getByRole('listitem');
    await expect(cards).toHaveCount(2);
    for (const number of [1, 2]) {
      const card = cards.nth(number - 1);
      await expect(card.getByRole('img', { name: `Generated image ${number}` })).toBeVisible({
        timeout: 300_000,
      });
      await expect(card.getByText('Offline preview', { exact: true })).toBeVisible();
      await expect(
        card.getByText(`No identity score: ${GENERATE_TEXTS.previewNotScored}`),
      ).toBeVisible();
      await expect(card.getByText(/^Identity \d+/)).toHaveCount(0);
    }
    expect(await credits(request, account)).toBe(before);

    // Open one large, and continue in Upscale without uploading it again.
    await cards.first().getByRole('button', { name: 'Open image 1 large' }).click();
    const viewer = page.getByRole('dialog');
    await expect(
      viewer.getByRole('img', { name: /Generated image: walking on a beach/ }),
    ).toBeVisible();
    await viewer.getByRole('link', { name: 'Upscale' }).click();
    await expect(page).toHaveURL(/\/upscale\?from=[0-9a-f-]{36}$/);
    await expect(
      main(page).getByRole('img', { name: /Preview of muse-generated-\d+\.jpg/ }),
    ).toBeVisible();
    await main(page).getByText('Version 1', { exact: true }).click();
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/jobs'))
        posts.push(sent.postData() ?? '');
    });
    await main(page)
      .getByRole('button', { name: /^Upscale Image/ })
      .click();
    await expect(main(page).getByRole('progressbar', { name: 'Upscale progress' })).toBeVisible();
    await expect(
      main(page).getByRole('region', { name: 'Result' }).getByText('Done', { exact: true }),
    ).toBeVisible({
      timeout: 400_000,
    });
    // The gallery image was named, not uploaded again.
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('name="galleryId"');
    expect(posts[0]).not.toContain('name="image"');
    const downloading = page.waitForEvent('download');
    await main(page)
      .getByRole('region', { name: 'Result' })
      .getByRole('link', { name: 'Download', exact: true })
      .click();
    expect((await downloading).suggestedFilename()).toMatch(/^muse-upscaled-4x\.png$/);

    // The gallery keeps both images and the upscale, each with the tool that made it.
    await page.goto('/gallery');
    const tiles = main(page).getByRole('list', { name: 'Your images' }).getByRole('listitem');
    await expect(tiles).toHaveCount(3);
    await expect(tiles.getByText('Made with Upscale', { exact: true })).toHaveCount(1);
    await expect(tiles.getByText('Made with Generate', { exact: true })).toHaveCount(2);
    const upscaled = main(page).getByRole('button', {
      name: /^Open Mara Lind: walking on a beach at sunset, made with Upscale$/,
    });
    await expect(upscaled).toBeVisible();
    await upscaled.click();
    const upscaleViewer = page.getByRole('dialog', { name: 'Mara Lind, upscaled' });
    await expect(
      upscaleViewer.getByRole('definition').filter({ hasText: /^Upscale$/ }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // The post composer offers the upscale among the persona's pictures.
    const handle = `mara${Date.now().toString(36)}`;
    const saved = await request.put(`/api/influencers/${influencerId}/page`, {
      headers: { authorization: `Bearer ${account.token}` },
      data: { handle, bio: '', published: true },
    });
    expect(saved.status()).toBe(200);
    await page.goto('/calendar');
    await main(page).getByRole('button', { name: 'New post', exact: true }).click();
    const composer = page.getByRole('dialog', { name: 'New post' });
    const offered = composer.getByRole('list', { name: 'Of Mara Lind' });
    await expect(
      offered.getByRole('checkbox', { name: /^Image, Upscale: walking on a beach at sunset/ }),
    ).toBeAttached();
    await expect(offered.getByRole('checkbox', { name: /^Image: walking on a beach/ })).toHaveCount(
      2,
    );
  });

  test("a Builder account gets the 'Image Limit Reached' modal and keeps its credits", async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await buyPlan(request, account, 'builder');
    const before = await credits(request, account);
    await signInAs(page, account);
    let generations = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/generations')) generations += 1;
    });
    await page.goto('/generate');
    await expect(main(page).getByText('No Influencers Available')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(main(page).getByText(/does not include image generation/)).toBeVisible();
    await main(page).getByLabel('Describe the photo').fill('a city street at night');
    await main(page).getByRole('button', { name: 'Generate', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Image Limit Reached' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: 'View Upgrade Plans' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(generations).toBe(0);
    expect(await credits(request, account)).toBe(before);
  });
});

test('on a phone the generate controls fit the screen', async ({ page, request }) => {
  phoneOnly('the phone layout only');
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  // An influencer without photos is enough for the picker: it lists it, not ready yet.
  const created = await request.post('/api/influencers', {
    headers: { authorization: `Bearer ${account.token}` },
    multipart: { name: 'Mara Lind', niche: 'fashion', description: 'Street style in soft light' },
  });
  expect(created.status()).toBe(201);
  await signInAs(page, account);
  await page.goto('/generate');
  await expect(main(page).getByRole('link', { name: 'Open Mara Lind' })).toBeVisible();

  const choices: Locator[] = [];
  for (const group of ['Style', 'Aspect ratio', 'Number of images']) {
    const options = main(page).getByRole('group', { name: group }).locator('label');
    await expect(options.first()).toBeVisible();
    choices.push(...(await options.all()));
  }
  await expectFitsScreen(page, [
    main(page).getByText('Mara Lind', { exact: true }),
    main(page).getByLabel('Describe the photo'),
    ...choices,
    main(page).getByLabel(/Seed/),
    main(page).getByRole('button', { name: 'Generate', exact: true }),
    main(page).getByRole('link', { name: 'Open the gallery' }),
  ]);
});
