import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs } from './support/accounts';
import { authHeaders, createInfluencer } from './support/publishing';

// docs/product/tools.md, 'What a creator reads': pages say what a creator gets, never how Muse
// is built. FLUX in capitals is the model's own name; the spec's 'Flux generations' may stay.
const INTERNAL_WORDS = [
  /engine/i,
  /\blocal\b/i,
  /\bfal\b/i,
  /\bLoRA\b/i,
  /\bFLUX\b/,
  /ESRGAN/i,
  /ffmpeg/i,
  /worker/i,
  /installation/i,
  /generation service/i,
  /hosted AI models/i,
  /Muse's servers/i,
];

const main = (page: Page) => page.getByRole('main');

async function expectPlainWords(area: Locator) {
  const text = await area.innerText();
  for (const word of INTERNAL_WORDS) expect(text, `'${word.source}' in ${text}`).not.toMatch(word);
}

/** Moves to another page inside the app, as the sidebar does, keeping what the app has loaded. */
async function openFromSidebar(page: Page, name: string, heading: string) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('the tool pages, a persona and the marketplace details say what a creator gets, without engine or model names', async ({
  page,
  request,
}) => {
  desktopOnly('the words are the same at every width; the sidebar walks the pages');
  test.setTimeout(120_000);
  const account = await registerAccount(request);
  await buyPlan(request, account, 'launch');
  const influencerId = await createInfluencer(request, authHeaders(account), 'Mara Lind');
  await signInAs(page, account);

  // Generate first: its note comes from what the server says about the tools, so once it shows,
  // every page opened from the sidebar renders with that answer at hand.
  await page.goto('/generate');
  await expect(
    main(page).getByText(/^What you get here are free Offline previews: Muse cuts the persona/),
  ).toBeVisible();
  await expectPlainWords(main(page));

  await openFromSidebar(page, 'Upscale', 'Upscale');
  await expect(main(page).getByText(/Balance: /)).toBeVisible();
  // The spec's button names its cost in gems; beside it, what a gem is.
  await expect(main(page).getByRole('button', { name: 'Upscale Image (10 gems)' })).toBeVisible();
  await expect(main(page).getByText('1 gem = 1 credit')).toBeVisible();
  await expectPlainWords(main(page));

  await openFromSidebar(page, 'Edit Image', 'Edit Image');
  await expect(
    main(page).getByText(/^Edits described in words are not available yet/),
  ).toBeVisible();
  await expect(main(page).getByText('1 gem = 1 credit')).toBeVisible();
  await expectPlainWords(main(page));

  await openFromSidebar(page, 'Generate Prompt', 'Generate Prompt');
  await expect(
    main(page).getByText('Generated prompts only apply to Flux generations.'),
  ).toBeVisible();
  await expect(
    main(page).getByText(/^Flux is the family of AI image models these prompts are written for/),
  ).toBeVisible();
  await expect(main(page).getByText(/Balance: /)).toBeVisible();
  await expectPlainWords(main(page));

  await openFromSidebar(page, 'Generate Video', 'Generate Video');
  await expect(
    main(page).getByText(/^What you get here are free Offline previews: Muse moves/),
  ).toBeVisible();
  await expect(main(page).getByText(/^In an Offline preview, your words choose/)).toBeVisible();
  await expectPlainWords(main(page));

  await openFromSidebar(page, 'Face Swap', 'Face Swap');
  await expect(
    main(page).getByText(/^What you get here are free Offline previews: Muse places/),
  ).toBeVisible();
  await expectPlainWords(main(page));

  await openFromSidebar(page, 'View All', 'Tools');
  await expectPlainWords(main(page));

  // A persona made offline: ready at once, in the creator's words.
  await page.goto(`/influencers/${influencerId}`);
  await expect(main(page).getByText(/^Ready at once, no waiting/)).toBeVisible();
  await expectPlainWords(main(page));

  // The marketplace's details: what the pictures are, no note to the operator.
  const models = (await (await request.get('/api/marketplace/models')).json()) as {
    models: { name: string; available: boolean }[];
  };
  const model = models.models.find((one) => one.available)!;
  await page.goto('/marketplace');
  await main(page)
    .getByRole('button', { name: new RegExp(model.name) })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Illustrations of the persona, drawn by Muse: they show no real person.'),
  ).toBeVisible();
  await expectPlainWords(dialog);
});
