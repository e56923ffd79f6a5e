import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { gradientPng } from './support/images';
import { buyPlan, registerAccount, signInAs } from './support/accounts';

// Word for word (docs/product/workspace.md); the validation text is Muse's own (shared schema).
const TEXTS = {
  heading: 'Manage Influencers',
  limitTitle: 'Influencer Limit Reached',
  created: 'AI Influencer created successfully!',
  generated: 'AI generated influencer details!',
  deleted: 'Influencer deleted successfully',
  confirmDelete: 'Are you sure you want to delete this influencer?',
  hint: 'PNG, JPG up to 10MB',
  notAnImage: 'Only image files (PNG, JPG, WEBP, GIF or AVIF) can be uploaded',
  descriptionRequired: 'Description is required',
};

// Sign-up, a paid plan and a few saves through the browser: more than 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function openInfluencers(page: Page) {
  await page.goto('/influencers');
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.heading })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const createButton = (page: Page) => page.getByRole('button', { name: 'Create New Influencer' });

async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test('a FREE account sees 0/0 Influencers and Create opens the limit modal', async ({
  page,
  request,
}) => {
  desktopOnly('a count and the limit modal, the same at every width');
  const account = await registerAccount(request);
  await signInAs(page, account);
  await openInfluencers(page);

  await expect(page.getByText('0/0 Influencers', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Influencers Yet' })).toBeVisible();

  await createButton(page).click();
  const modal = page.getByRole('dialog', { name: TEXTS.limitTitle });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'View Upgrade Plans' })).toHaveAttribute(
    'href',
    '/credits',
  );
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('a Launch account creates, edits and deletes an influencer', async ({ page, request }) => {
  desktopOnly(
    'the saves do not change with the width; workspace.spec fits the page and form to a phone',
  );
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  await signInAs(page, account);
  await openInfluencers(page);
  await expect(page.getByText('0/2 Influencers', { exact: true })).toBeVisible();

  // Create: the form refuses a missing description, then AI fills the persona.
  await createButton(page).click();
  const form = page.getByRole('dialog', { name: 'Create AI Influencer' });
  await expect(form).toBeVisible();
  await expect(form.getByText(TEXTS.hint)).toBeVisible();
  const generate = form.getByRole('button', { name: 'Generate with AI' });
  await expect(generate).toHaveCount(0);

  await form.getByLabel('Name').fill('Luna Vale');
  await form.getByLabel('Niche').selectOption({ label: 'Technology' });
  await form.getByRole('button', { name: 'Create Influencer' }).click();
  await expect(form.getByRole('alert')).toHaveText(TEXTS.descriptionRequired);
  await expect(form.getByLabel('Description')).toBeFocused();

  await generate.click();
  await expect(page.getByText(TEXTS.generated)).toBeVisible();
  for (const label of ['Personality', 'Target Audience', 'Description']) {
    await expect(form.getByLabel(label)).not.toHaveValue('');
  }
  const description = await form.getByLabel('Description').inputValue();

  await form.getByLabel('Image').setInputFiles({
    name: 'luna.png',
    mimeType: 'image/png',
    buffer: await gradientPng('#ec4899', '#8b5cf6'),
  });
  await expectImageLoaded(form.getByRole('img', { name: 'Preview of luna.png' }));
  await form.getByRole('button', { name: 'Create Influencer' }).click();

  await expect(page.getByText(TEXTS.created)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText('1/2 Influencers', { exact: true })).toBeVisible();
  const created = card(page, 'Luna Vale');
  await expect(created).toContainText('Technology');
  await expect(created).toContainText(description.trim().slice(0, 40));
  await expectImageLoaded(created.getByRole('img', { name: 'Picture of Luna Vale' }));

  // Edit opens the filled form and saves.
  await created.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Influencer' });
  await expect(edit.getByLabel('Name')).toHaveValue('Luna Vale');
  await expect(edit.getByLabel('Niche')).toHaveValue('tech');
  await expect(edit.getByLabel('Description')).toHaveValue(description);
  await expectImageLoaded(edit.getByRole('img', { name: 'Current picture' }));
  await edit.getByLabel('Name').fill('Luna Nova');
  await edit.getByRole('button', { name: 'Remove image' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const renamed = card(page, 'Luna Nova');
  await expect(renamed).toBeVisible();
  await expect(renamed.getByRole('img')).toHaveCount(0);
  await expect(card(page, 'Luna Vale')).toHaveCount(0);
  await expect(page.getByText('1/2 Influencers', { exact: true })).toBeVisible();

  // Delete asks first.
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Luna Nova?' });
  await expect(confirm).toContainText(TEXTS.confirmDelete);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(TEXTS.deleted)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByText('0/2 Influencers', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Influencers Yet' })).toBeVisible();
});

test('a save refused for want of a slot closes the form and opens the limit modal', async ({
  page,
  request,
}) => {
  desktopOnly("the server's refusal and the modal, the same at every width");
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  await signInAs(page, account);
  await openInfluencers(page);
  await expect(page.getByText('0/2 Influencers', { exact: true })).toBeVisible();

  // Both slots are taken elsewhere (another tab) while this page still shows 0/2.
  for (const name of ['Kai Moreno', 'Aria Chen']) {
    const response = await request.post('/api/influencers', {
      headers: { authorization: `Bearer ${account.token}` },
      multipart: { name, niche: 'fitness', description: 'Everyday training, honestly told.' },
    });
    expect(response.status()).toBe(201);
  }

  await createButton(page).click();
  const form = page.getByRole('dialog', { name: 'Create AI Influencer' });
  await form.getByLabel('Image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(form.getByRole('alert')).toHaveText(TEXTS.notAnImage);

  await form.getByLabel('Name').fill('Luna Vale');
  await form.getByLabel('Niche').selectOption('fitness');
  await form.getByLabel('Description').fill('A third influencer the plan has no room for.');
  await form.getByRole('button', { name: 'Create Influencer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('dialog', { name: TEXTS.limitTitle })).toBeVisible();
  await expect(page.getByText('2/2 Influencers', { exact: true })).toBeVisible();
});
