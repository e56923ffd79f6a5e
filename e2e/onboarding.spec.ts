import {
  ZMarketplaceModelsResponse,
  ZOnboardingResponse,
  type TMarketplaceModel,
  type TOnboardingState,
  type TUpdateOnboardingRequest,
  CLAIM_TEXTS,
} from '@muse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { setOfferEnd } from './support/offer';

// Every test signs up, and the walk through the seven steps saves as it goes: more than the
// default 30 s on a busy machine, never a retry.
test.describe.configure({ timeout: 60_000 });

const HH_MM_SS = /^\d{2}:\d{2}:\d{2}$/;
/** The offer starts at 86389 s, shown as 23:59:49 (docs/product/onboarding.md). */
const FULL_OFFER = '23:59:49';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });
const option = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page) => page.getByRole('heading', { level: 1 });
const timer = (page: Page) => page.getByRole('timer', { name: 'Offer ends in' });
const planCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

function authHeaders(account: TTestAccount) {
  return { authorization: `Bearer ${account.token}` };
}

async function readOnboarding(
  request: APIRequestContext,
  account: TTestAccount,
): Promise<TOnboardingState> {
  const response = await request.get('/api/onboarding', { headers: authHeaders(account) });
  expect(response.ok()).toBe(true);
  return ZOnboardingResponse.parse(await response.json()).onboarding;
}

async function firstAvailableModel(request: APIRequestContext): Promise<TMarketplaceModel> {
  const response = await request.get('/api/marketplace/models');
  expect(response.ok()).toBe(true);
  const models = ZMarketplaceModelsResponse.parse(await response.json()).models;
  return models.find((model) => model.available)!;
}

/** Seeds an onboarding on step 7 through the API (the clicks are tested elsewhere). */
async function seedFinalStep(request: APIRequestContext, account: TTestAccount) {
  const answers: TUpdateOnboardingRequest = {
    step: 7,
    goal: 'content-creation',
    experience: 'some',
    creationMethod: 'custom',
    modelId: null,
    aiName: 'Mira',
    niche: 'fitness',
    visualStyle: 'anime',
    platforms: ['YouTube'],
    postingFrequency: 'daily',
    contentTypes: ['photos'],
  };
  const response = await request.put('/api/onboarding', {
    headers: authHeaders(account),
    data: answers,
  });
  expect(response.ok()).toBe(true);
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByText(`${step} of 7`, { exact: true })).toBeVisible();
}

async function expectPressed(locator: Locator, pressed = true) {
  await expect(locator).toHaveAttribute('aria-pressed', String(pressed));
}

/** "23:59:48" → 86388 */
function toSeconds(text: string): number {
  const [hours, minutes, seconds] = text.split(':').map(Number);
  return hours! * 3600 + minutes! * 60 + seconds!;
}

async function readTimer(page: Page): Promise<string> {
  const text = (await timer(page).textContent())?.trim() ?? '';
  expect(text).toMatch(HH_MM_SS);
  return text;
}

test('a new creator walks the seven steps, resumes after a reload and finishes on the dashboard', async ({
  page,
  request,
}) => {
  // Seven steps, each saved, three accessibility scans and a reload: the longest walk here.
  test.slow();
  const account = await registerAccount(request);
  const model = await firstAvailableModel(request);
  await signInAs(page, account);
  await page.goto('/onboarding');

  // A page of its own: the Muse logo, no app sidebar.
  await expect(page.getByRole('link', { name: 'Muse' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);

  // Step 1: the welcome, no Back.
  await expectStep(page, 1);
  await expect(page.getByText('5-Minute Setup')).toBeVisible();
  for (const stat of ['5 min', '70+', '5K+']) {
    await expect(page.getByText(stat, { exact: true })).toBeVisible();
  }
  await expect(backButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start Creating' }).click();

  // Step 2: goal and experience, both needed.
  await expectStep(page, 2);
  await expect(continueButton(page)).toBeDisabled();
  await option(page, 'Build a Business').click();
  await expect(continueButton(page)).toBeDisabled();
  await option(page, 'Some experience').click();
  await expect(continueButton(page)).toBeEnabled();
  // Back goes down to step 1 and no further; the answers stay.
  await backButton(page).click();
  await expectStep(page, 1);
  await expect(backButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start Creating' }).click();
  await expectStep(page, 2);
  await expectPressed(option(page, 'Build a Business'));
  await continueButton(page).click();

  // Step 3: the marketplace grid, Back returns to the choice.
  await expectStep(page, 3);
  await expect(continueButton(page)).toBeDisabled();
  await option(page, 'Pick from Marketplace').click();
  await expect(stepHeading(page)).toHaveText('Pick from Marketplace');
  const grid = page.getByRole('list', { name: 'Marketplace models' });
  const picks = grid.getByRole('listitem');
  await expect(picks.first()).toBeVisible();
  expect(await picks.count()).toBeLessThanOrEqual(15);
  const pick = grid.getByRole('button', { name: `${model.name}, ${model.age}`, exact: true });
  await pick.click();
  await expectPressed(pick);
  // A pick is a claim: Continue waits for the licence terms to be accepted.
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: CLAIM_TEXTS.acceptTerms }).check();
  await expect(continueButton(page)).toBeEnabled();
  await backButton(page).click();
  await expectStep(page, 3);
  await expectPressed(option(page, 'Pick from Marketplace'));
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();

  // Step 4: name, niche and style; an empty name blocks Continue and says why. The name
  // follows the picked model (still editable).
  await expectStep(page, 4);
  const name = page.getByLabel('AI Name');
  await expect(name).toHaveValue(model.name);
  await expect(continueButton(page)).toBeDisabled();
  await option(page, 'Fashion & Beauty').click();
  await expect(continueButton(page)).toBeDisabled();
  await option(page, 'Ultra Realistic').click();
  await expect(continueButton(page)).toBeEnabled();
  await name.fill('');
  await expect(page.getByText('Give your AI influencer a name')).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await name.fill('Nova');
  await expect(page.getByText('Give your AI influencer a name')).toHaveCount(0);
  await continueButton(page).click();

  // Step 5: platforms, a frequency and content types, with the hint until all are chosen.
  await expectStep(page, 5);
  await expect(stepHeading(page)).toHaveText('Choose Your Strategy');
  const hint = page.getByText('Select platforms, frequency, and content types to continue');
  await expect(hint).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await option(page, 'Instagram').click();
  await option(page, 'TikTok').click();
  await option(page, '3-4x per week').click();
  await expect(continueButton(page)).toBeDisabled();
  await option(page, 'Reels/Shorts').click();
  await expect(continueButton(page)).toBeEnabled();
  await expect(hint).toHaveCount(0);

  // Every choice is saved as it is made: a reload resumes on step 5 with the same answers.
  await expect
    .poll(async () => (await readOnboarding(request, account)).contentTypes)
    .toEqual(['reels']);
  await page.reload();
  await expectStep(page, 5);
  for (const chosen of ['Instagram', 'TikTok', '3-4x per week', 'Reels/Shorts']) {
    await expectPressed(option(page, chosen));
  }
  await expectPressed(option(page, 'YouTube'), false);
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();

  // Step 6: the summary.
  await expectStep(page, 6);
  await expect(stepHeading(page)).toHaveText('Nova is ready to launch!');
  await expect(page.getByText('Fashion & Beauty · Ultra Realistic')).toBeVisible();
  const summary = page.getByRole('listitem');
  await expect(summary.filter({ hasText: 'AI Influencer Ready' })).toContainText(model.name);
  await expect(summary.filter({ hasText: 'Content Strategy Set' })).toContainText('3-4x per week');
  await expect(summary.filter({ hasText: 'Ready to Monetize' })).toContainText('Instagram, TikTok');
  await expect(page.getByRole('img', { name: 'Portrait of Nova' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Earning Now' }).click();

  // Step 7: no progress counter; the influencer, the offer and the three plans.
  await expect(page.getByText('Final Step')).toBeVisible();
  await expect(page.getByText(/\d of 7/)).toHaveCount(0);
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nova is Ready' })).toBeVisible();
  await expect(page.getByText('Offer ends in').first()).toBeVisible();
  await expect(timer(page)).toHaveText(HH_MM_SS);

  // The onboarding's plan names with the plans' own; the offer on the plan it covers, the
  // struck price the plan's real monthly price.
  const basic = planCard(page, 'Basic Plan · Builder');
  for (const text of ['$12', '500 credits', 'Photos only, no video']) {
    await expect(basic).toContainText(text);
  }
  await expect(basic.locator('s')).toHaveCount(0);
  const pro = planCard(page, 'Pro Plan · Launch');
  for (const text of [
    'MOST POPULAR',
    '$12.50',
    'SAVE 50%',
    'first month, then $25/month',
    '2000 credits',
    '2 model tokens per month',
    '60 scheduled posts',
  ]) {
    await expect(pro).toContainText(text);
  }
  await expect(pro.locator('s')).toHaveText(/\$25$/);
  await expect(pro).not.toContainText('$50');
  expect(await seriousViolations(page)).toEqual([]);
  const elite = planCard(page, 'Elite Plan · Growth');
  for (const text of ['$79', '8000 credits', '5 model tokens per month', 'Priority support']) {
    await expect(elite).toContainText(text);
  }

  // Continue finishes the onboarding and opens the dashboard.
  await continueButton(page).click();
  await expect(page).toHaveURL('/dashboard');
  expect((await readOnboarding(request, account)).completedAt).not.toBeNull();

  // A finished account is forwarded from /onboarding to the dashboard.
  await page.goto('/onboarding');
  await expect(page).toHaveURL('/dashboard');
});

test('the offer countdown ticks in HH:MM:SS and a reload continues it', async ({
  page,
  request,
}) => {
  desktopOnly('the countdown does not depend on the layout');
  const account = await registerAccount(request);
  await seedFinalStep(request, account);
  await signInAs(page, account);
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Mira is saved as a draft' })).toBeVisible();

  const first = await readTimer(page);
  expect(toSeconds(first)).toBeLessThanOrEqual(toSeconds(FULL_OFFER));
  // It ticks down.
  await expect.poll(async () => toSeconds(await readTimer(page))).toBeLessThan(toSeconds(first));
  const second = await readTimer(page);

  // The end is the server's: once another second has gone by, a reload continues the countdown
  // from there, it does not restart it.
  await expect.poll(async () => toSeconds(await readTimer(page))).toBeLessThan(toSeconds(second));
  await page.reload();
  await expect(timer(page)).toHaveText(HH_MM_SS);
  const afterReload = await readTimer(page);
  expect(afterReload).not.toBe(FULL_OFFER);
  expect(toSeconds(afterReload)).toBeLessThan(toSeconds(second));
});

test("the countdown is the server's deadline, and the offer is gone when it ends", async ({
  page,
  request,
  baseURL,
}) => {
  desktopOnly('the countdown does not depend on the layout');
  const account = await registerAccount(request);
  await seedFinalStep(request, account);
  // An hour and a half of the offer left, as the server keeps it.
  await setOfferEnd(baseURL!, account.email, new Date(Date.now() + 90 * 60 * 1000));
  await signInAs(page, account);
  await page.goto('/onboarding');
  await expect(timer(page)).toHaveText(/^01:(29|30):\d{2}$/);
  await page.reload();
  await expect(timer(page)).toHaveText(/^01:(29|30):\d{2}$/);
  await expect(planCard(page, 'Pro Plan · Launch')).toContainText('$12.50');

  // Its end passes: no countdown, no struck price, the plan's own price.
  await setOfferEnd(baseURL!, account.email, new Date(Date.now() - 1000));
  await page.reload();
  const pro = planCard(page, 'Pro Plan · Launch');
  await expect(pro).toContainText('$25');
  await expect(pro).toContainText('/month');
  await expect(page.getByRole('heading', { name: 'Mira is saved as a draft' })).toBeVisible();
  await expect(timer(page)).toHaveCount(0);
  await expect(page.getByText('Offer ends in')).toHaveCount(0);
  await expect(pro.locator('s')).toHaveCount(0);
  await expect(pro).not.toContainText('SAVE 50%');
  await pro.getByRole('button', { name: 'Choose Pro Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pro Plan · Launch' });
  await expect(dialog).toContainText('$25');
  await expect(dialog).toContainText('per month');
  await expect(dialog).not.toContainText('$12.50');
});

test("the purchase modal's 'Continue to Checkout' leads to the TEST MODE checkout", async ({
  page,
  request,
}) => {
  desktopOnly('prices and the checkout request; the steps are walked at phone size above');
  const account = await registerAccount(request);
  await seedFinalStep(request, account);
  await signInAs(page, account);
  await page.goto('/onboarding');

  // Choosing a plan opens the modal with the price that will be charged; it can be closed.
  await planCard(page, 'Pro Plan · Launch')
    .getByRole('button', { name: 'Choose Pro Plan' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Pro Plan · Launch' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('$12.50');
  await expect(dialog).toContainText('first month, then $25/month');
  await expect(dialog.locator('s')).toHaveText(/\$25$/);
  await expect(dialog).not.toContainText('.99');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await planCard(page, 'Elite Plan · Growth')
    .getByRole('button', { name: 'Choose Elite Plan' })
    .click();
  const elite = page.getByRole('dialog', { name: 'Elite Plan · Growth' });
  await expect(elite).toContainText('$79');
  await expect(elite).toContainText('per month');
  await expect(elite).not.toContainText('.99');
  expect(await seriousViolations(page)).toEqual([]);
  await expect
    .poll(async () => (await readOnboarding(request, account)).selectedPlan)
    .toBe('growth');

  // While the checkout starts, the button says 'Processing...' and is disabled.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent: unknown;
  await page.route('**/api/payments/create-checkout-session', async (route) => {
    sent = route.request().postDataJSON();
    await held;
    await route.continue();
  });
  await elite.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(elite.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
  await expect(page.getByText('TEST MODE', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Growth' })).toBeVisible();
  // The onboarding's checkout is monthly with no promo code; the offer does not cover Growth.
  expect(sent).toEqual({
    plan: 'growth',
    billing: 'monthly',
    promoCode: null,
    returnTo: 'onboarding',
  });
  // Starting a checkout does not finish the onboarding: paying does.
  expect((await readOnboarding(request, account)).completedAt).toBeNull();
});

test('a custom model is shown as the draft it is; a cancelled checkout returns to the plans', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await seedFinalStep(request, account);
  await signInAs(page, account);
  await page.goto('/onboarding');

  // Step 7 says what is ready: a draft that needs a slot and training photos.
  await expect(page.getByRole('heading', { name: 'Mira is saved as a draft' })).toBeVisible();
  await expect(page.getByText('DRAFT', { exact: true })).toBeVisible();
  await expect(page.getByText('ACTIVE', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Mira is Ready' })).toHaveCount(0);
  await expect(
    page.getByText(
      'Needs an influencer slot and training photos. Pick a plan below, then upload photos from your dashboard.',
    ),
  ).toBeVisible();

  // The checkout, at the offer's price, cancelled: back on the plans, the offer still there.
  await planCard(page, 'Pro Plan · Launch')
    .getByRole('button', { name: 'Choose Pro Plan' })
    .click();
  await page
    .getByRole('dialog', { name: 'Pro Plan · Launch' })
    .getByRole('button', { name: 'Continue to Checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
  await expect(page.getByText('Total due today')).toBeVisible();
  await expect(page.getByText('50% off the first month, then $25 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByText('Payment was cancelled. You can try again anytime.')).toBeVisible();
  await expect(page.getByText('Final Step')).toBeVisible();
  await expect(timer(page)).toHaveText(HH_MM_SS);
  await expect(planCard(page, 'Pro Plan · Launch')).toContainText('SAVE 50%');
  expect((await readOnboarding(request, account)).completedAt).toBeNull();

  // Continue without a plan: the dashboard shows the waiting draft and what to do next.
  await continueButton(page).click();
  await expect(page).toHaveURL('/dashboard');
  const draft = page.getByRole('region', { name: 'Mira' });
  await expect(draft).toContainText('DRAFT');
  await expect(draft).toContainText(
    'Mira is saved as a draft. Choose a plan to give Mira an influencer slot, then upload training photos to bring Mira to life.',
  );
  await expect(page.getByText('No Influencers Yet')).toHaveCount(0);
  await draft.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL('/credits');
});

test('paying the offer finishes the onboarding: the custom model waits for photos on the dashboard', async ({
  page,
  request,
}) => {
  desktopOnly('the purchase flow does not depend on the layout');
  const account = await registerAccount(request);
  await seedFinalStep(request, account);
  await signInAs(page, account);
  await page.goto('/onboarding');
  await planCard(page, 'Pro Plan · Launch')
    .getByRole('button', { name: 'Choose Pro Plan' })
    .click();
  await page
    .getByRole('dialog', { name: 'Pro Plan · Launch' })
    .getByRole('button', { name: 'Continue to Checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
  await expect(page.getByText('$12.50', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(
    page.getByText('Payment successful! Your subscription is now active.'),
  ).toBeVisible();
  const onboarding = await readOnboarding(request, account);
  expect(onboarding.completedAt).not.toBeNull();
  expect(onboarding.offer).toBeNull();
  await expect(page.getByRole('article', { name: 'Mira' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mira' })).toHaveCount(0);
});
