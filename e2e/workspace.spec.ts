import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gradientPng } from './support/images';
import { buyPlan, registerAccount, signInAs } from './support/accounts';

// Word for word (docs/product/workspace.md); product toasts and confirm text are Muse's own.
const TEXTS = {
  loading: 'Loading dashboard...',
  noInfluencers: 'No Influencers Yet',
  createInfluencer: 'Create New Influencer',
  influencerLimit: 'Influencer Limit Reached',
  productLimit: 'Product Limit Reached',
  upgradeButton: 'View Upgrade Plans',
  noProducts: 'No Products Yet',
  addNew: 'Add New Product',
  addFirst: 'Add Your First Product',
  hint: 'PNG, JPG up to 10MB',
  created: 'Product added successfully!',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
  confirmDelete: 'Are you sure you want to delete this product?',
  nameRequired: 'Name is required',
};

/** The six tools and where their cards lead. */
const TOOLS = [
  { name: 'Image Editor', href: '/edit-image' },
  { name: 'Image Generator', href: '/generate' },
  { name: 'Upscaler', href: '/upscale' },
  { name: 'Video Generator', href: '/generate-video' },
  { name: 'Generate Product', href: '/products' },
  { name: 'Generate Prompt', href: '/generate-prompt' },
] as const;

// Sign-up, a paid plan and a few saves through the browser: more than 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const main = (page: Page) => page.getByRole('main');
const productCard = (page: Page, name: string) =>
  main(page).getByRole('article', { name, exact: true });

async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

/** Each tool card is a link named by its tool, leading to the tool's page. */
async function expectToolCards(scope: Locator) {
  for (const tool of TOOLS) {
    await expect(scope.getByRole('link', { name: tool.name, exact: true })).toHaveAttribute(
      'href',
      tool.href,
    );
  }
}

test('a FREE account: 75 Credits, 0/0 Influencers, and Create opens the limit modal', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await signInAs(page, account);
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(main(page).getByText('75 Credits', { exact: true })).toBeVisible();
  await expect(main(page).getByText('0/0 Influencers', { exact: true })).toBeVisible();
  await expect(main(page).getByText(TEXTS.noInfluencers, { exact: true })).toBeVisible();
  await expect(main(page).getByText(TEXTS.loading)).toBeHidden();
  await expectToolCards(main(page).getByRole('region', { name: 'Tools' }));

  await main(page).getByRole('button', { name: TEXTS.createInfluencer }).click();
  const modal = page.getByRole('dialog', { name: TEXTS.influencerLimit });
  await expect(modal).toBeVisible();
  await modal.getByRole('link', { name: TEXTS.upgradeButton }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get Credits' })).toBeVisible();
});

test('a FREE account: 0/0 Products, and both add buttons open the limit modal', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await signInAs(page, account);
  await page.goto('/products');

  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(main(page).getByText('0/0 Products', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: TEXTS.noProducts })).toBeVisible();

  for (const button of [TEXTS.addNew, TEXTS.addFirst]) {
    await main(page).getByRole('button', { name: button }).click();
    const modal = page.getByRole('dialog', { name: TEXTS.productLimit });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: TEXTS.upgradeButton })).toHaveAttribute(
      'href',
      '/credits',
    );
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  }
});

test('the tools hub lists the six tools at /tools and /view-all', async ({ page, request }) => {
  const account = await registerAccount(request);
  await signInAs(page, account);
  for (const path of ['/tools', '/view-all']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
    const tools = main(page).getByRole('region', { name: 'All tools' });
    await expect(tools.getByRole('link')).toHaveCount(TOOLS.length);
    await expectToolCards(tools);
  }
  // A card leads to its tool.
  await main(page).getByRole('link', { name: 'Upscaler', exact: true }).click();
  await expect(page).toHaveURL(/\/upscale$/);
});

test('a Launch account adds a product with an image, edits it and deletes it', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  await signInAs(page, account);

  await page.goto('/dashboard');
  await expect(main(page).getByText('2,075 Credits', { exact: true })).toBeVisible();
  await expect(main(page).getByText('0/2 Influencers', { exact: true })).toBeVisible();

  await page.goto('/products');
  await expect(main(page).getByText('0/20 Products', { exact: true })).toBeVisible();
  await main(page).getByRole('button', { name: TEXTS.addFirst }).click();

  const form = page.getByRole('dialog', { name: TEXTS.addNew });
  await expect(form.getByText(TEXTS.hint, { exact: true })).toBeVisible();
  // The shared schema's checks run before anything is sent.
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form.getByText(TEXTS.nameRequired)).toBeVisible();

  await form.getByLabel('Name').fill('Linen Shirt');
  await form.getByLabel('Description').fill('Breathable summer linen in sand.');
  await form.getByLabel('Link').fill('https://shop.example.com/linen-shirt');
  await form.getByLabel('Add images').setInputFiles({
    name: 'linen.png',
    mimeType: 'image/png',
    buffer: await gradientPng('#f59e0b', '#14b8a6'),
  });
  await expectImageLoaded(form.getByRole('img', { name: 'Preview of linen.png' }));
  await form.getByRole('button', { name: 'Add Product' }).click();

  await expect(page.getByText(TEXTS.created)).toBeVisible();
  await expect(form).toBeHidden();
  const card = productCard(page, 'Linen Shirt');
  await expectImageLoaded(card.getByRole('img', { name: 'Linen Shirt' }));
  await expect(card.getByText('Breathable summer linen in sand.')).toBeVisible();
  const link = card.getByRole('link', { name: /shop\.example\.com/ });
  await expect(link).toHaveAttribute('href', 'https://shop.example.com/linen-shirt');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(main(page).getByText('1/20 Products', { exact: true })).toBeVisible();

  // Edit: new name and description, the image kept.
  await card.getByRole('button', { name: 'Edit Linen Shirt' }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(editForm.getByLabel('Name')).toHaveValue('Linen Shirt');
  await expectImageLoaded(editForm.getByRole('img', { name: 'Image 1' }));
  await editForm.getByLabel('Name').fill('Linen Shirt Sand');
  await editForm.getByLabel('Description').fill('Now in sand and sky blue.');
  await editForm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(TEXTS.updated)).toBeVisible();
  const edited = productCard(page, 'Linen Shirt Sand');
  await expect(edited.getByText('Now in sand and sky blue.')).toBeVisible();
  await expectImageLoaded(edited.getByRole('img', { name: 'Linen Shirt Sand' }));

  // Delete, after the confirmation.
  await edited.getByRole('button', { name: 'Delete Linen Shirt Sand' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Product' });
  await expect(confirm.getByText(TEXTS.confirmDelete)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(TEXTS.deleted)).toBeVisible();
  await expect(edited).toBeHidden();
  await expect(main(page).getByRole('heading', { name: TEXTS.noProducts })).toBeVisible();
  await expect(main(page).getByText('0/20 Products', { exact: true })).toBeVisible();
});
