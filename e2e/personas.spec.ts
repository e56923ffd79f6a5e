import { LICENCE_TERMS } from '@muse/shared';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

// Real photographs of one woman and two that must be refused (apps/server/test/fixtures/photos).
const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/photos/persona');
const photo = (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.join(FIXTURES, name)),
});
const SAME = Array.from(
  { length: 10 },
  (_, i) => `same-person-${String(i + 1).padStart(2, '0')}.jpg`,
);

/** An influencer made with the form's API, as 'Create Custom Model' or the form would. */
async function createInfluencer(request: APIRequestContext, account: TTestAccount, name: string) {
  const answer = await request.post('/api/influencers', {
    headers: { authorization: `Bearer ${account.token}` },
    multipart: { name, niche: 'fashion', description: 'Street style in soft light' },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { influencer: { id: string } }).influencer.id;
}

async function openFromDashboard(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/influencers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('a creator uploads 12 photos, sees why 2 are refused, removes them, trains and watches it finish', async ({
  page,
  request,
}) => {
  desktopOnly('the upload flow is the same at every size; the page is looked at on a phone below');
  test.setTimeout(120_000);
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  await createInfluencer(request, account, 'Mara Lind');
  await signInAs(page, account);
  await openFromDashboard(page, 'Mara Lind');

  await expect(page.getByText('Needs photos').first()).toBeVisible();
  await expect(page.getByText(/^Ready at once, no waiting/)).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload training photos' }).click();
  await (
    await chooser
  ).setFiles([
    ...SAME.slice(0, 6).map(photo),
    photo('other-person.jpg'),
    photo('no-face.jpg'),
    ...SAME.slice(6).map(photo),
  ]);

  const tiles = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Remove photo \d+$/ }) });
  await expect(tiles).toHaveCount(12, { timeout: 60_000 });
  await expect(page.getByText(/This looks like a different person/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/No face found/)).toBeVisible();
  await expect(page.getByText('10 of 10 needed pass the checks')).toBeVisible();

  // The two refused photos go; the ten that pass stay.
  await page.getByRole('button', { name: 'Remove photo 7' }).click();
  await expect(tiles).toHaveCount(11);
  await expect(page.getByText(/This looks like a different person/)).toHaveCount(0);
  const noFace = tiles.filter({ hasText: /No face found/ });
  await noFace.getByRole('button', { name: /^Remove photo \d+$/ }).click();
  await expect(tiles).toHaveCount(10);
  await expect(page.getByText(/No face found/)).toHaveCount(0);

  // Whose likeness the photos show is stated before training can start.
  const start = page.getByRole('button', { name: 'Start training' });
  await expect(start).toBeDisabled();
  await expect(
    page.getByText('Say whose likeness these photos show before training'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'These photos are of a synthetic person' }).check();
  await page.getByRole('button', { name: 'Save statement' }).click();
  await expect(page.getByText('‘These photos are of a synthetic person’ on')).toBeVisible();
  await expect(start).toBeEnabled();
  await expect(page.getByText('Uses 1 influencer slot (2 unused)')).toBeVisible();
  await start.click();
  await expect(page.getByText('Ready', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(start).toHaveCount(0);

  // The influencers grid says so too.
  await page.goto('/influencers');
  await expect(page.getByRole('article').filter({ hasText: 'Mara Lind' })).toContainText('Ready');
});

test('the persona page of a new influencer reads well', async ({ page, request }) => {
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const id = await createInfluencer(request, account, 'Ines Moreau');
  await signInAs(page, account);
  await page.goto(`/influencers/${id}`);
  await expect(page.getByRole('button', { name: 'Upload training photos' })).toBeVisible();
  await expect(page.getByText(/at least 128 px/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start training' })).toBeDisabled();
  // Nothing spills sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a persona claimed in the marketplace shows its five portraits, each one loaded', async ({
  page,
  request,
}) => {
  test.slow(); // On a server just started, the claim may draw the model's portraits first.
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const models = (await (await request.get('/api/marketplace/models')).json()) as {
    models: { id: number; name: string; available: boolean; claimed: number }[];
  };
  // The least claimed model, so other tests' claims never fill it up.
  const model = models.models
    .filter((one) => one.available)
    .sort((a, b) => a.claimed - b.claimed)[0]!;
  const claimed = await request.post(`/api/marketplace/models/${model.id}/claim`, {
    data: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(claimed.status()).toBe(201);
  await signInAs(page, account);
  await page.goto('/influencers');
  await page.getByRole('link', { name: model.name }).first().click();
  await expect(page.getByRole('heading', { name: model.name, level: 1 })).toBeVisible();

  const pictures = page.getByRole('img', { name: /^Photo \d$/ });
  await expect(pictures).toHaveCount(5);
  for (const picture of await pictures.all()) {
    // Loaded lazily: brought into view as the creator scrolls to it.
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const file = await request.get((await picture.getAttribute('src'))!);
    expect([file.status(), file.headers()['content-type']]).toEqual([200, 'image/webp']);
  }
});

test('a claimed marketplace persona is ready at once, with its five portraits', async ({
  page,
  request,
}) => {
  desktopOnly('layout-independent');
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const models = (await (await request.get('/api/marketplace/models')).json()) as {
    models: { id: number; name: string; available: boolean; claimed: number }[];
  };
  const model = models.models
    .filter((one) => one.available)
    .sort((a, b) => a.claimed - b.claimed)[0]!;
  const claimed = await request.post(`/api/marketplace/models/${model.id}/claim`, {
    data: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(claimed.status()).toBe(201);
  await signInAs(page, account);
  await page.goto('/influencers');
  await expect(page.getByRole('article').filter({ hasText: model.name })).toContainText('Ready');
  await page.getByRole('link', { name: model.name }).first().click();
  await expect(page.getByRole('heading', { name: model.name, level: 1 })).toBeVisible();
  await expect(page.getByText(/These portraits are illustrations of the persona/)).toBeVisible();
  // The marketplace says what its pictures are, too.
  await page.goto('/marketplace');
  await page
    .getByRole('button', { name: new RegExp(model.name) })
    .first()
    .click();
  await expect(
    page
      .getByRole('dialog')
      .getByText('Illustrations of the persona, drawn by Muse: they show no real person.'),
  ).toBeVisible();
});
