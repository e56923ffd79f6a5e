import { AUTH_TEXTS } from '@muse/shared';
import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { buyPlan, registerAccount, signInAs } from './support/accounts';
import { seriousViolations } from './support/axe';
import { gradientPng } from './support/images';
import { expectFitsScreen } from './support/layout';

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
  desktopOnly('counts, links and the limit modal; the dashboard is fitted to a phone below');
  const account = await registerAccount(request);
  await signInAs(page, account);
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(main(page).getByText('75 Credits', { exact: true })).toBeVisible();
  await expect(main(page).getByText('0/0 Influencers', { exact: true })).toBeVisible();
  await expect(main(page).getByText(TEXTS.noInfluencers, { exact: true })).toBeVisible();
  await expect(main(page).getByText(TEXTS.loading)).toBeHidden();
  await expectToolCards(main(page).getByRole('region', { name: 'Tools' }));
  // The empty state's inline link is told apart by more than its colour, among the rest.
  expect(await seriousViolations(page)).toEqual([]);

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
  desktopOnly('a count and the limit modal; the products page is fitted to a phone below');
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
  desktopOnly('links, the same at every width; the hub is fitted to a phone below');
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
  desktopOnly('the saves do not change with the width; the page and its form are fitted below');
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

test('on a phone the workspace pages and their forms fit the screen', async ({ page, request }) => {
  phoneOnly('the phone layout only');
  // An influencer and a product, with pictures, seeded through the API.
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
  await signInAs(page, account);

  await page.goto('/dashboard');
  await expect(main(page).getByText('1/2 Influencers', { exact: true })).toBeVisible();
  await expectFitsScreen(page, [
    page.getByRole('button', { name: 'Open menu' }),
    page.getByRole('button', { name: AUTH_TEXTS.verifyBannerResend }),
    main(page).getByRole('link', { name: '2,075 Credits' }),
    main(page).getByRole('button', { name: TEXTS.createInfluencer }),
    main(page)
      .getByRole('link', { name: /Mila Hart/ })
      .first(),
    ...TOOLS.map(({ name }) =>
      main(page).getByRole('region', { name: 'Tools' }).getByRole('link', { name, exact: true }),
    ),
  ]);

  await page.goto('/influencers');
  const mila = main(page).getByRole('article', { name: 'Mila Hart', exact: true });
  await expectFitsScreen(page, [
    main(page).getByRole('button', { name: TEXTS.createInfluencer }),
    mila.getByRole('button', { name: 'Edit' }),
    mila.getByRole('button', { name: 'Delete' }),
  ]);
  await main(page).getByRole('button', { name: TEXTS.createInfluencer }).click();
  const influencerForm = page.getByRole('dialog', { name: 'Create AI Influencer' });
  await expectFitsScreen(page, [
    influencerForm.getByLabel('Name'),
    influencerForm.getByLabel('Niche'),
    influencerForm.getByLabel('Description'),
    influencerForm.getByText(TEXTS.hint, { exact: true }),
    influencerForm.getByRole('button', { name: 'Create Influencer' }),
  ]);
  await page.keyboard.press('Escape');
  await expect(influencerForm).toBeHidden();

  await page.goto('/products');
  const shoes = productCard(page, 'Trail shoes');
  await expectFitsScreen(page, [
    main(page).getByRole('button', { name: TEXTS.addNew }),
    shoes.getByRole('link', { name: /shop\.example\.com/ }),
    shoes.getByRole('button', { name: 'Edit Trail shoes' }),
    shoes.getByRole('button', { name: 'Delete Trail shoes' }),
  ]);
  await main(page).getByRole('button', { name: TEXTS.addNew }).click();
  const productForm = page.getByRole('dialog', { name: TEXTS.addNew });
  await expectFitsScreen(page, [
    productForm.getByLabel('Name'),
    productForm.getByLabel('Link'),
    productForm.getByText('Add images', { exact: true }),
    productForm.getByRole('button', { name: 'Add Product' }),
  ]);
  await page.keyboard.press('Escape');
  await expect(productForm).toBeHidden();

  await page.goto('/tools');
  await expectFitsScreen(
    page,
    TOOLS.map(({ name }) =>
      main(page)
        .getByRole('region', { name: 'All tools' })
        .getByRole('link', { name, exact: true }),
    ),
  );

  // The other tool pages share the upscale page's layout (tools.spec), with controls of their own.
  await page.goto('/edit-image');
  const ratios = main(page).getByRole('group', { name: 'Aspect ratio' }).locator('label');
  const formats = main(page).getByRole('group', { name: 'Output format' }).locator('label');
  await expect(ratios).toHaveCount(6);
  await expect(formats).toHaveCount(3);
  await expectFitsScreen(page, [
    ...(await ratios.all()),
    ...(await formats.all()),
    main(page).getByRole('button', { name: 'Edit Image (10 gems)' }),
  ]);
  await page.goto('/generate-prompt');
  await expectFitsScreen(page, [
    main(page).getByPlaceholder('Describe this image'),
    main(page).getByRole('button', { name: 'Generate prompt', exact: true }),
  ]);
  await page.goto('/gallery');
  await expectFitsScreen(page, [
    main(page).getByLabel('Identity score'),
    main(page).getByRole('link', { name: 'Generate images' }),
  ]);
});
