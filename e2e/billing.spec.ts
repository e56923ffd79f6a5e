import { ZSubscriptionResponse, type TSubscriptionSummary } from '@muse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { registerAccount, signInAs, type TTestAccount } from './support/accounts';
import { expectFitsScreen } from './support/layout';

// Word for word (docs/product/plans-and-credits.md).
const PAYMENT_SUCCESS = 'Payment successful! Your subscription is now active.';
const PAYMENT_CANCELLED = 'Payment was cancelled. You can try again anytime.';

/** Price per month, monthly and yearly, and the yearly total. */
const PLAN_PRICES = [
  { name: 'Builder', monthly: '$12', yearly: '$9', billedYearly: '$108' },
  { name: 'Launch', monthly: '$25', yearly: '$19', billedYearly: '$228' },
  { name: 'Growth', monthly: '$79', yearly: '$65', billedYearly: '$780' },
] as const;

// Purchases leave the app for the checkout page and come back with full page loads, and every
// test signs up first: more than the default 30 s on a busy machine, never a retry.
test.describe.configure({ timeout: 60_000 });

const onPhone = () => test.info().project.name === 'phone';

const balance = (page: Page) => page.getByRole('region', { name: 'Your balance' });
const planCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const history = (page: Page) => page.getByRole('list', { name: 'Credit movements' });

/** The page's date format ("December 22, 2026"), in the browser's time zone (the machine's). */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));
}

/** The plan label in the sidebar's footer: the fixed sidebar, or the drawer on a phone. */
async function expectSidebarPlan(page: Page, label: string) {
  if (!onPhone()) {
    await expect(page.locator('aside').getByRole('button', { name: /Account menu/ })).toContainText(
      label,
    );
    return;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('button', { name: /Account menu/ })).toContainText(label);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

async function openCredits(page: Page, account: TTestAccount) {
  await signInAs(page, account);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: 'Get Credits' })).toBeVisible();
}

async function readSubscription(
  request: APIRequestContext,
  account: TTestAccount,
): Promise<TSubscriptionSummary> {
  const response = await request.get('/api/users/subscription', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.ok()).toBe(true);
  return ZSubscriptionResponse.parse(await response.json()).data;
}

/** Seeds a plan through the API: a test-mode checkout, paid. */
async function subscribe(
  request: APIRequestContext,
  account: TTestAccount,
  plan: 'builder' | 'launch' | 'growth',
) {
  const headers = { authorization: `Bearer ${account.token}` };
  const started = await request.post('/api/payments/create-checkout-session', {
    headers,
    data: { plan, billing: 'monthly', promoCode: null },
  });
  expect(started.ok()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const id = url.split('/').pop();
  const paid = await request.post(`/api/payments/test-checkout/${id}/pay`, { headers });
  expect(paid.ok()).toBe(true);
}

async function expectHistoryRow(list: Locator, description: string, amount: string) {
  await expect(
    list.getByRole('listitem').filter({ hasText: description }).filter({ hasText: amount }),
  ).toHaveCount(1);
}

test('a FREE account buys Launch monthly on the TEST MODE checkout and gets its credits', async ({
  page,
  request,
}) => {
  desktopOnly(
    'balances, history and the plan, the same at every width; a phone buys in the last test',
  );
  const account = await registerAccount(request);
  await openCredits(page, account);
  await expect(balance(page)).toContainText('75');
  await expect(balance(page)).toContainText('FREE');
  await expectSidebarPlan(page, 'FREE');
  await expect(planCard(page, 'Launch')).toContainText('Most Popular');
  await expectHistoryRow(history(page), 'Welcome credits', '+75 credits');

  await planCard(page, 'Launch').getByRole('button', { name: 'Choose Launch' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await expect(page.getByText('TEST MODE: no real payment is taken')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Launch' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText('Total due today')).toBeVisible();
  await expect(page.getByText('per month', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(PAYMENT_SUCCESS)).toBeVisible();
  // The flag leaves the address, so a reload does not repeat the toast.
  await expect(page).toHaveURL(/\/credits$/);
  await expect(balance(page)).toContainText('2,075');
  await expect(balance(page)).toContainText('Launch');
  await expectHistoryRow(history(page), 'Welcome credits', '+75 credits');
  await expectHistoryRow(history(page), 'Launch plan: 2,000 monthly credits', '+2,000 credits');
  await expectHistoryRow(
    history(page),
    'Launch plan: 2 influencer trainings',
    '+2 influencer slots',
  );

  await page.reload();
  await expect(balance(page)).toContainText('2,075');
  await expect(page.getByText(PAYMENT_SUCCESS)).toHaveCount(0);
  await expectSidebarPlan(page, 'Launch');
  const launch = planCard(page, 'Launch');
  await expect(launch.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(
    planCard(page, 'Growth').getByRole('button', { name: 'Upgrade to Growth' }),
  ).toBeEnabled();

  const summary = await readSubscription(request, account);
  expect(summary).toMatchObject({ plan: 'launch', planLabel: 'Launch', credits: 2075 });
  expect(summary.subscription).toMatchObject({ billing: 'monthly', status: 'active' });
});

test('Cancel on the TEST MODE checkout returns to the plans and changes nothing', async ({
  page,
  request,
}) => {
  desktopOnly(
    'a cancelled checkout changes nothing, at any width; the checkout is fitted to a phone below',
  );
  const account = await registerAccount(request);
  await openCredits(page, account);
  await page.getByRole('button', { name: /Yearly/ }).click();
  await planCard(page, 'Growth').getByRole('button', { name: 'Choose Growth' }).click();

  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  const checkoutUrl = page.url();
  await expect(page.getByText('TEST MODE: no real payment is taken')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Growth' })).toBeVisible();
  await expect(page.getByText('billed yearly', { exact: true })).toBeVisible();
  await expect(page.getByText('$780').first()).toBeVisible();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(PAYMENT_CANCELLED)).toBeVisible();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(balance(page)).toContainText('75');
  await expect(balance(page)).toContainText('FREE');
  await expect(
    planCard(page, 'Growth').getByRole('button', { name: 'Choose Growth' }),
  ).toBeEnabled();

  await page.reload();
  await expect(page.getByText(PAYMENT_CANCELLED)).toHaveCount(0);
  await expectSidebarPlan(page, 'FREE');
  expect(await readSubscription(request, account)).toMatchObject({
    plan: null,
    planLabel: 'FREE',
    credits: 75,
    subscription: null,
  });

  // The abandoned checkout cannot be paid any more.
  await page.goto(checkoutUrl);
  await expect(page.getByRole('heading', { name: 'This checkout was cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to credits' }).click();
  await expect(page).toHaveURL('/credits');
});

test('the Monthly/Yearly toggle shows each plan per month and the yearly total', async ({
  page,
  request,
}) => {
  desktopOnly('prices and texts; the plans are fitted to a phone in the last test');
  await openCredits(page, await registerAccount(request));
  const monthly = page.getByRole('button', { name: 'Monthly' });
  const yearly = page.getByRole('button', { name: /Yearly/ });
  await expect(monthly).toHaveAttribute('aria-pressed', 'true');
  for (const plan of PLAN_PRICES) {
    const card = planCard(page, plan.name);
    await expect(card).toContainText(plan.monthly);
    await expect(card).toContainText('Billed monthly');
  }

  await yearly.click();
  await expect(yearly).toHaveAttribute('aria-pressed', 'true');
  for (const plan of PLAN_PRICES) {
    const card = planCard(page, plan.name);
    await expect(card).toContainText(`${plan.yearly}`);
    await expect(card).toContainText(`Billed yearly ${plan.billedYearly}`);
  }
  await expect(
    page.getByText('Benefits accumulate on every renewal and upgrade and do not reset'),
  ).toBeVisible();
  const methods = page.getByRole('list', { name: 'Payment methods' });
  await expect(methods).toContainText('Card');
  await expect(methods).toContainText('PayPal');

  await monthly.click();
  await expect(planCard(page, 'Growth')).toContainText('$79');
  expect(await seriousViolations(page, 'main')).toEqual([]);
});

test('a FREE account has no subscription and Browse Plans leads to /credits', async ({
  page,
  request,
}) => {
  desktopOnly('an empty state and a link, the same at every width');
  await signInAs(page, await registerAccount(request));
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Subscriptions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Subscriptions Found' })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await page.getByRole('link', { name: 'Browse Plans' }).click();
  await expect(page).toHaveURL('/credits');
  await expect(page.getByRole('heading', { level: 1, name: 'Get Credits' })).toBeVisible();
});

test('a Launch subscription shows its renewal date and cancels at the end of the period', async ({
  page,
  request,
}) => {
  desktopOnly(
    "dates and the subscription's state; the card and its dialog are fitted to a phone below",
  );
  const account = await registerAccount(request);
  await subscribe(request, account, 'launch');
  const { subscription } = await readSubscription(request, account);
  const periodEnd = longDate(subscription!.currentPeriodEnd);

  await signInAs(page, account);
  await page.goto('/subscriptions');
  const card = page.getByRole('region', { name: 'Launch plan' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Monthly');
  await expect(card).toContainText('Renews on');
  await expect(card).toContainText(periodEnd);
  await expect(page.getByText('No Subscriptions Found')).toHaveCount(0);
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Closing the confirmation changes nothing.
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  let dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText(`until the end of the paid period on ${periodEnd}`);
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Renews on');

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Your Launch benefits stay until ${periodEnd}`)).toBeVisible();
  await expect(card).toContainText('Cancels at period end');
  await expect(card).toContainText('Ends on');
  await expect(card).toContainText(periodEnd);
  await expect(card).not.toContainText('Renews on');
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  // The benefits stay until the period ends.
  await page.reload();
  await expect(card).toContainText('Ends on');
  await expectSidebarPlan(page, 'Launch');
  expect(await readSubscription(request, account)).toMatchObject({
    plan: 'launch',
    credits: 2075,
    subscription: { cancelAtPeriodEnd: true, status: 'active' },
  });

  await card.getByRole('link', { name: 'Browse Plans' }).click();
  await expect(page).toHaveURL('/credits');
  await expect(balance(page)).toContainText('Ends on');

  // Changed their mind before the period ended: the plan renews again.
  await page.goto('/subscriptions');
  await card.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Your subscription will renew as before.')).toBeVisible();
  await expect(card).toContainText('Renews on');
  expect(await readSubscription(request, account)).toMatchObject({
    subscription: { cancelAtPeriodEnd: false, status: 'active' },
  });
});

test('an unknown checkout says it does not exist and links back to /credits', async ({
  page,
  request,
}) => {
  desktopOnly('a message and a link, the same at every width');
  await signInAs(page, await registerAccount(request));
  await page.goto('/checkout/test/cs_test_00000000000000000000000000');
  await expect(page.getByText('TEST MODE: no real payment is taken')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This checkout does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to credits' }).click();
  await expect(page).toHaveURL('/credits');
});

test('on a phone the plans, the checkout and the subscription fit the screen', async ({
  page,
  request,
}) => {
  phoneOnly('the phone layout only');
  const account = await registerAccount(request);
  await openCredits(page, account);
  await expect(balance(page)).toContainText('FREE');
  await expectFitsScreen(page, [
    balance(page),
    page.getByRole('button', { name: 'Monthly' }),
    page.getByRole('button', { name: /Yearly/ }),
    ...PLAN_PRICES.map(({ name }) =>
      planCard(page, name).getByRole('button', { name: `Choose ${name}` }),
    ),
    history(page),
  ]);

  await planCard(page, 'Launch').getByRole('button', { name: 'Choose Launch' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await expect(page.getByText(account.email)).toBeVisible();
  await expectFitsScreen(page, [
    page.getByRole('heading', { level: 1, name: 'Launch' }),
    page.getByRole('button', { name: 'Pay' }),
    page.getByRole('button', { name: 'Cancel' }),
  ]);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(PAYMENT_SUCCESS)).toBeVisible();
  await expect(balance(page)).toContainText('Launch');
  await expectSidebarPlan(page, 'Launch');

  await page.goto('/subscriptions');
  const card = page.getByRole('region', { name: 'Launch plan' });
  await expect(card).toContainText('Renews on');
  await expectFitsScreen(page, [
    card.getByRole('link', { name: 'Change plan' }),
    card.getByRole('button', { name: 'Cancel subscription' }),
  ]);
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expectFitsScreen(page, [
    dialog.getByRole('button', { name: 'Keep subscription' }),
    dialog.getByRole('button', { name: 'Confirm cancellation' }),
  ]);
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(dialog).toBeHidden();
});
