import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { PERSONA_PHOTOS } from './support/personas';

const photo = (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.join(PERSONA_PHOTOS, name)),
});
// Five photos of one woman from one shot; her selfie is a photo from another shot.
const FIRST_SHOT = Array.from({ length: 5 }, (_, i) => `same-person-0${i + 1}.jpg`);

async function createInfluencer(request: APIRequestContext, account: TTestAccount, name: string) {
  const answer = await request.post('/api/influencers', {
    headers: { authorization: `Bearer ${account.token}` },
    multipart: { name, niche: 'lifestyle', description: 'Mornings by the sea' },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { influencer: { id: string } }).influencer.id;
}

test('a creator uploads photos, says they are of her, verifies with a selfie and sees ‘Verified likeness’', async ({
  page,
  request,
}) => {
  test.slow(); // Every photo and selfie is measured by the face models on the CPU.
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const id = await createInfluencer(request, account, 'Lena Sol');
  await signInAs(page, account);
  await page.goto(`/influencers/${id}`);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload training photos' }).click();
  await (await chooser).setFiles(FIRST_SHOT.map(photo));
  await expect(page.getByText('Passes')).toHaveCount(5, { timeout: 60_000 });

  const likeness = page.getByRole('region', { name: 'Whose likeness' });
  await expect(likeness.getByRole('radio')).toHaveCount(3);
  await likeness.getByRole('radio', { name: 'These photos are of me' }).check();
  await likeness.getByRole('button', { name: 'Save statement' }).click();
  await expect(likeness.getByText('‘These photos are of me’ on')).toBeVisible();
  await expect(page.getByText('Verified likeness')).toHaveCount(0);

  // Someone else's face does not verify it; the creator is told and tries again.
  await expect(likeness.getByRole('button', { name: 'Verify with a selfie' })).toBeVisible();
  const selfie = likeness.getByLabel('Upload a selfie');
  await selfie.setInputFiles(photo('other-person.jpg'));
  await expect(
    likeness.getByText(
      'The selfie does not match the photos. Try again with your face clear and well lit.',
    ),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Verified likeness')).toHaveCount(0);

  await selfie.setInputFiles(photo('same-person-08.jpg'));
  await expect(likeness.getByText('Verified likeness')).toBeVisible({ timeout: 60_000 });
  // …and on the persona's own header, beside its status.
  await expect(
    page.locator('header').filter({ hasText: 'Lena Sol' }).getByText('Verified likeness'),
  ).toBeVisible();
  await expect(likeness.getByText(/Selfie match/)).toBeVisible();
  await expect(likeness.getByText(/\d+ \/ 100/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The influencers grid shows it on the persona's card.
  await page.goto('/influencers');
  await expect(page.getByRole('article').filter({ hasText: 'Lena Sol' })).toContainText(
    'Verified likeness',
  );
});
