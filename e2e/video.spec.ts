import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { GENERATE_TEXTS, FOOTAGE_RIGHTS_TEXTS } from '@muse/shared';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { finishedJobStatus } from './support/jobs';
import { PERSONA_PHOTOS, seedPersona } from './support/personas';

const main = (page: Page) => page.getByRole('main');
const auth = (account: TTestAccount) => ({
  authorization: `Bearer ${account.token}`,
  connection: 'close',
});

/** A short MP4 clip of a face (another person's photo held still), made with ffmpeg. */
function faceClip(seconds: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'muse-e2e-clip-')), 'holiday.mp4');
  execFileSync(ffmpeg.path, [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    path.join(PERSONA_PHOTOS, 'other-person.jpg'),
    '-t',
    String(seconds),
    '-r',
    '12',
    '-vf',
    'scale=480:-2,format=yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

/** A product photo: a bottle on a plain background. */
function productPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <rect x="205" y="70" width="70" height="60" rx="10" fill="#1f2937"/>
    <rect x="160" y="120" width="160" height="290" rx="40" fill="#db2777"/>
    <rect x="180" y="220" width="120" height="90" rx="8" fill="#fdf2f8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Waits until the browser has decoded a frame of `video` and returns its length in seconds. */
async function playableDuration(video: Locator): Promise<number> {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2); // HAVE_CURRENT_DATA
  return video.evaluate((element: HTMLVideoElement) => element.duration);
}

test.describe('Video and product shots', () => {
  test.beforeEach(() => desktopOnly('the flows are the same at every size'));

  test('a Launch account animates a gallery image into a 5 second clip that plays in the page', async ({
    page,
    request,
  }) => {
    test.setTimeout(480_000);
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    const influencerId = await seedPersona(request, account, 'Mara Lind');
    const headers = auth(account);
    const generated = await request.post('/api/generations', {
      headers,
      data: { influencerId, prompt: 'standing on a rooftop at dusk', count: 1 },
    });
    expect(generated.status()).toBe(201);
    const [image] = ((await generated.json()) as { jobs: { id: string }[] }).jobs;
    expect(await finishedJobStatus(request, headers, image!.id)).toBe('succeeded');

    await signInAs(page, account);
    await page.goto('/gallery');
    await main(page)
      .getByRole('button', { name: /^Open Mara Lind: standing on a rooftop/ })
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Animate' }).click();
    await expect(page).toHaveURL(/\/generate-video\?galleryId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Generate Video' })).toBeVisible();

    const form = main(page).getByRole('form', { name: 'Generate a video' });
    await expect(form.getByRole('radio', { name: 'From the gallery' })).toBeChecked();
    await expect(
      form.getByRole('group', { name: 'Gallery image' }).getByRole('radio', {
        name: /standing on a rooftop/,
      }),
    ).toBeChecked();
    await expect(
      form.getByRole('group', { name: 'Influencer' }).getByRole('radio', { name: /Mara Lind/ }),
    ).toBeChecked();
    // Offline, the words choose a camera move, and the hint says no more than that.
    await expect(
      form.getByText(/^In an Offline preview, your words choose the camera move/),
    ).toBeVisible();
    await form.getByLabel('Describe the motion').fill('slow push-in, hair moving in the wind');
    await form.getByText('5 seconds', { exact: true }).click();
    await form.getByText('9:16', { exact: true }).click();
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/jobs'))
        posts.push(sent.postData() ?? '');
    });
    await form.getByRole('button', { name: 'Generate Video (Offline preview, free)' }).click();

    const result = main(page).getByRole('region', { name: 'Result' });
    await expect(result.getByRole('progressbar', { name: 'Video progress' })).toBeVisible();
    const video = result.getByLabel('Generated video');
    await expect(video).toBeVisible({ timeout: 300_000 });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('name="galleryId"');
    expect(posts[0]).not.toContain('name="image"');
    expect(await playableDuration(video)).toBeCloseTo(5, 0);
    await expect(result.getByText('Offline preview', { exact: true })).toBeVisible();
    await expect(result.getByRole('link', { name: 'Download MP4' })).toHaveAttribute(
      'download',
      /\.mp4$/,
    );
    // The clip is listed below the form and kept in the gallery.
    await expect(
      main(page).getByRole('region', { name: 'Your videos' }).getByRole('listitem'),
    ).toHaveCount(1);
    await page.goto('/gallery');
    await main(page).getByLabel('Show').selectOption('video');
    await expect(
      main(page).getByRole('list', { name: 'Your images' }).getByRole('listitem'),
    ).toHaveCount(1);
  });

  test("a Launch account swaps its persona's face into a short clip, labelled as a preview of its reference photo", async ({
    page,
    request,
  }) => {
    test.setTimeout(480_000);
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    await seedPersona(request, account, 'Mara Lind');
    const clip = faceClip(2);

    await signInAs(page, account);
    await page.goto('/face-swap');
    await expect(page.getByRole('heading', { level: 1, name: 'Video Face Swap' })).toBeVisible();
    const form = main(page).getByRole('form', { name: 'Swap a face in a video' });
    await expect(form.getByRole('radio', { name: /Mara Lind/ })).toBeChecked();
    await form.locator('input[type="file"]').setInputFiles(clip);
    await expect(form.getByLabel('Preview of holiday.mp4')).toBeVisible();
    // The footage must be the creator's to change: the swap waits for them to say so.
    await form.getByRole('button', { name: 'Swap Face (Offline preview, free)' }).click();
    await expect(form.getByRole('alert')).toHaveText(FOOTAGE_RIGHTS_TEXTS.required);
    await form.getByRole('checkbox', { name: FOOTAGE_RIGHTS_TEXTS.label }).check();
    await form.getByRole('button', { name: 'Swap Face (Offline preview, free)' }).click();

    const result = main(page).getByRole('region', { name: 'Result' });
    await expect(result.getByRole('progressbar', { name: 'Face swap progress' })).toBeVisible();
    const video = result.getByLabel('Face-swapped video');
    await expect(video).toBeVisible({ timeout: 300_000 });
    // Its face is the persona's reference photo: no identity score, and the label says why.
    await expect(
      result.getByText(`No identity score: ${GENERATE_TEXTS.previewNotScored}`),
    ).toBeVisible();
    expect(await playableDuration(video)).toBeCloseTo(2, 0);
    await expect(result.getByRole('link', { name: 'Download MP4' })).toBeVisible();
  });

  test('a Launch account makes a product shot from the Products page', async ({
    page,
    request,
  }) => {
    test.setTimeout(480_000);
    const account = await registerAccount(request);
    await buyPlan(request, account, 'launch');
    await seedPersona(request, account, 'Mara Lind');
    const product = await request.post('/api/products', {
      headers: auth(account),
      multipart: {
        name: 'Rose Serum',
        description: 'A face serum in a pink bottle.',
        link: 'https://shop.example.com/rose-serum',
        images: { name: 'serum.png', mimeType: 'image/png', buffer: await productPng() },
      },
    });
    expect(product.status()).toBe(201);

    await signInAs(page, account);
    await page.goto('/products');
    await main(page).getByRole('button', { name: 'Generate product shot of Rose Serum' }).click();
    const dialog = page.getByRole('dialog', { name: 'Product shot: Rose Serum' });
    await expect(dialog.getByRole('radio', { name: /Mara Lind/ })).toBeChecked();
    await expect(dialog.getByText('No shots of this product yet.')).toBeVisible();
    await dialog.getByLabel('Describe the scene').fill('at a bright bathroom counter');
    await dialog.getByText('1:1', { exact: true }).click();
    await dialog
      .getByRole('button', { name: 'Generate Product Shot (Offline preview, free)' })
      .click();

    await expect(dialog.getByRole('img', { name: 'Product shot' })).toBeVisible({
      timeout: 300_000,
    });
    await expect(dialog.getByText('Offline preview', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^Identity \d+|^No identity score/)).toBeVisible();
    // The shot is now one of the product's earlier shots.
    await expect(dialog.getByRole('button', { name: /^Show the shot/ })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("a Builder account sees 'Upgrade Required' on Generate Video and can use face swap", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const account = await registerAccount(request);
    await buyPlan(request, account, 'builder');
    await seedPersona(request, account, 'Mara Lind');
    const clip = faceClip(2);
    let posts = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/jobs')) posts += 1;
    });

    await signInAs(page, account);
    await page.goto('/generate-video');
    await expect(main(page).getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
    await expect(
      main(page).getByText(
        'Video generation is available for Launch, Starter, Growth and Professional plan members.',
      ),
    ).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/credits',
    );
    await expect(main(page).getByRole('form', { name: 'Generate a video' })).toHaveCount(0);

    await main(page).getByRole('link', { name: 'Open Video Face Swap' }).click();
    await expect(page).toHaveURL(/\/face-swap$/);
    const form = main(page).getByRole('form', { name: 'Swap a face in a video' });
    await expect(form.getByRole('radio', { name: /Mara Lind/ })).toBeChecked();
    await form.locator('input[type="file"]').setInputFiles(clip);
    await expect(form.getByLabel('Preview of holiday.mp4')).toBeVisible();
    await expect(form.getByRole('button', { name: /^Swap Face/ })).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(posts).toBe(0);
  });
});
