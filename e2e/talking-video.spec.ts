import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { LICENCE_TERMS, PUBLISHING_TEXTS, TALKING_TEXTS } from '@muse/shared';
import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs } from './support/accounts';
import { authHeaders, publishPage, uniqueHandle } from './support/publishing';

const main = (page: Page) => page.getByRole('main');

/** A short WAV made with ffmpeg: a tone whose loudness rises and falls, as speech does. */
function takeWav(seconds: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'muse-e2e-take-')), 'take.wav');
  execFileSync(ffmpeg.path, [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=f=220:d=${seconds}`],
    ...['-af', "volume='0.2+0.6*abs(sin(3*PI*t))':eval=frame", '-ac', '1', file],
  ]);
  return file;
}

/** Checks a radio button or switch as a person does: through its label. */
async function choose(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

test('a Launch creator makes an offline talking video of a claimed persona from a short WAV, watches it and sends it to the calendar', async ({
  page,
  request,
}) => {
  desktopOnly('one flow from start to end; the page is the other tools’ layout at every size');
  // A claim, an offline video of three seconds and a post: well under a minute on an idle
  // 2-core machine. Every wait ends on a state; this only stops a test that hangs.
  test.setTimeout(300_000);
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const models = (await (await request.get('/api/marketplace/models')).json()) as {
    models: { id: number; name: string; available: boolean; claimed: number }[];
  };
  // The least claimed model, so other tests' claims never fill it up.
  const model = models.models
    .filter((one) => one.available)
    .sort((a, b) => a.claimed - b.claimed)[0]!;
  const claimed = await request.post(`/api/marketplace/models/${model.id}/claim`, {
    data: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
    headers,
  });
  expect(claimed.status()).toBe(201);
  const influencerId = ((await claimed.json()) as { influencer: { id: string } }).influencer.id;
  await publishPage(request, headers, influencerId, {
    handle: uniqueHandle('talk'),
    bio: 'Talking to the camera.',
  });

  await signInAs(page, creator);
  await page.goto('/talking-video');
  await expect(page.getByRole('heading', { level: 1, name: TALKING_TEXTS.title })).toBeVisible();
  // The claimed persona is ready and chosen; its best reference photo is the picture.
  await expect(main(page).getByRole('radio', { name: new RegExp(model.name) })).toBeChecked();

  // The creator records nothing: a short WAV of their own is the speech.
  await main(page)
    .getByRole('group', { name: TALKING_TEXTS.audioLabel })
    .locator('input[type=file]')
    .setInputFiles(takeWav(3));
  await expect(main(page).getByLabel(/^Audio take\.wav/)).toBeVisible();
  await expect(main(page).getByRole('switch', { name: TALKING_TEXTS.captions })).toBeDisabled();
  await choose(main(page).getByRole('radio', { name: '1:1' }));
  const submit = main(page).getByRole('button', {
    name: /Make Talking Video \(Offline preview, free\)/,
  });
  await submit.click();

  // It plays in the page, as long as the audio.
  const video = main(page).getByLabel('Talking video', { exact: true });
  await expect(video).toBeVisible({ timeout: 120_000 });
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2); // HAVE_CURRENT_DATA
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(2.9);
  expect(duration).toBeLessThan(3.2);
  await expect(main(page).getByText('Offline preview').first()).toBeVisible();

  // Sent to the calendar, it waits in the composer, chosen, and goes out like any video.
  await main(page).getByRole('link', { name: TALKING_TEXTS.sendToCalendar }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await expect(dialog.getByRole('checkbox', { name: /^Video, 0:03: / })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: new RegExp(model.name) })).toBeChecked();
  await dialog.getByLabel('Caption').fill('A word from me');
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(
    page.getByText(PUBLISHING_TEXTS.postPublished, { exact: true }).last(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});
