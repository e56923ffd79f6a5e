import { EARNINGS_HOLD_DAYS, PUBLISHING_TEXTS } from '@muse/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { buyPlan, readMailbox, registerAccount, signInAs, uniqueEmail } from './support/accounts';
import { endHolds } from './support/earnings';
import { expectFitsScreen } from './support/layout';
import {
  authHeaders,
  createInfluencer,
  createPost,
  generatePictures,
  publishPage,
  uniqueHandle,
} from './support/publishing';

// docs/product/publishing.md ("Refunds, disputes and the hold") and plans-and-credits.md
// ("Receipts"): a TEST MODE sale mails the fan a receipt; its share is pending, then available.
const NAME = 'Ines Vale';
const PRICE = '$25.00';
const NET = '$20.00';

const main = (page: Page) => page.getByRole('main');

/** 'Friday, December 4': a day as the earnings page names it, in the browser's time zone. */
async function dayName(page: Page, instant: Date): Promise<string> {
  return page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      }).format(new Date(iso)),
    instant.toISOString(),
  );
}

test('a TEST MODE sale mails the fan a receipt; the creator sees it pending, then available', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A picture made by the queue (the first of a fresh server loads the engine): a bound for a
  // test that hangs, with room for a busy machine.
  test.setTimeout(300_000);
  const creator = await registerAccount(request, { fullName: 'Ines Creator' });
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, NAME);
  const [picture] = await generatePictures(request, headers, {
    influencerId: null,
    prompt: 'a quiet beach at dawn',
  });
  const handle = uniqueHandle('ines');
  await publishPage(request, headers, influencerId, { handle, bio: 'Quiet mornings by the sea.' });
  const post = await createPost(request, headers, {
    influencerId,
    itemIds: [picture!],
    caption: 'Sunrise set',
    priceCents: 2500,
  });

  // The fan buys the post on the TEST MODE checkout.
  const fan = await registerAccount(request, { email: uniqueEmail('fan'), fullName: 'Finn Fan' });
  const fanContext = await browser.newContext({ baseURL });
  const fanPage = await fanContext.newPage();
  await signInAs(fanPage, fan);
  await fanPage.goto(`/i/${handle}/posts/${post.id}`);
  await main(fanPage)
    .getByRole('button', { name: `Unlock for ${PRICE}` })
    .click();
  await expect(fanPage.getByText('TEST MODE: no real payment is taken')).toBeVisible();
  await main(fanPage).getByRole('button', { name: 'Pay' }).click();
  await expect(fanPage.getByText('Post unlocked')).toBeVisible();
  const paidAt = new Date();

  // One receipt, for what the checkout charged, with the way back to the post and to help.
  const subject = `Your Muse receipt: Post by ${NAME}`;
  await expect
    .poll(async () => (await readMailbox(request, fan.email)).filter((m) => m.subject === subject))
    .toHaveLength(1);
  const [receipt] = (await readMailbox(request, fan.email)).filter((m) => m.subject === subject);
  expect(receipt!.text).toContain(`${PRICE} USD (TEST MODE)`);
  expect(receipt!.links[0]).toBe(`${baseURL}/i/${handle}/posts/${post.id}`);
  const { messages } = (await (
    await request.get(`/api/dev/mailbox?to=${encodeURIComponent(fan.email)}`)
  ).json()) as { messages: { subject: string; html: string }[] };
  await fanPage.setContent(messages.find((m) => m.subject === subject)!.html);
  await expect(fanPage.getByText('Hi Finn Fan,')).toBeVisible();
  await expect(fanPage.getByText(`${PRICE} USD (TEST MODE)`)).toBeVisible();
  await expect(fanPage.getByRole('link', { name: 'View your post' })).toHaveAttribute(
    'href',
    `${baseURL}/i/${handle}/posts/${post.id}`,
  );
  await fanContext.close();

  // The creator's share waits out the hold: pending, with the day it becomes available.
  await signInAs(page, creator);
  await page.goto('/earnings');
  const summary = main(page).getByRole('region', { name: 'Summary' });
  const figure = (label: string) =>
    summary.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  const availableOn = await dayName(
    page,
    new Date(paidAt.getTime() + EARNINGS_HOLD_DAYS * 86_400_000),
  );
  await expect(figure('Net earnings')).toContainText(NET);
  await expect(figure('Pending')).toContainText(NET);
  await expect(figure('Pending')).toContainText(`Next on ${availableOn}`);
  await expect(figure('Available')).toContainText('$0.00');
  const pending = main(page).getByRole('table', { name: 'Pending earnings' });
  await expect(pending.getByRole('row', { name: /Sunrise set/ }).getByRole('cell')).toHaveText([
    NET,
    availableOn,
  ]);
  const payout = main(page).getByRole('button', { name: 'Request payout' });
  await expect(payout).toBeDisabled();
  await expect(payout).toHaveAccessibleDescription(PUBLISHING_TEXTS.payoutTooSmall);
  await expectFitsScreen(page, [figure('Pending'), figure('Available'), pending]);

  // The hold ends: the share is available and can be paid out.
  await endHolds(baseURL!, creator.email);
  await page.reload();
  await expect(figure('Available')).toContainText(NET);
  await expect(figure('Pending')).toContainText('$0.00');
  await expect(main(page).getByRole('table', { name: 'Pending earnings' })).toHaveCount(0);
  await expect(payout).toBeEnabled();
  await payout.click();
  await expect(page.getByText(PUBLISHING_TEXTS.payoutRequested)).toBeVisible();
  await expect(figure('Paid out')).toContainText(NET);
  await expect(figure('Available')).toContainText('$0.00');
});
