import { PLATFORM_TEXTS, PUBLISHING_TEXTS } from '@muse/shared';
import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs } from './support/accounts';
import {
  authHeaders,
  createInfluencer,
  generatePictures,
  publishPage,
  uniqueHandle,
} from './support/publishing';

// docs/product/platform-publishing.md. The e2e server runs local fakes of the four platforms
// (scripts/e2e-server.mjs): their consent pages sign in as their default account at once.
const NAME = 'Nina Vale';
const CAPTION = 'Golden hour on the rooftops #citylights';

const main = (page: Page) => page.getByRole('main');

/** Checks a checkbox or radio the way a person does: its label is what is drawn. */
async function choose(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/**
 * The soonest whole minute at least 15 seconds ahead on the browser's clock, as the composer's
 * inputs take it (they have no seconds).
 */
async function soonestMinute(page: Page): Promise<{ day: string; time: string }> {
  return page.evaluate(() => {
    const at = new Date(Date.now() + 75_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return {
      day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    };
  });
}

test('a creator connects Instagram, schedules a post for it, and sees it published with its link and its counts', async ({
  page,
  request,
}) => {
  desktopOnly(
    'one connection and one scheduled post; the phone layout is covered by the web tests',
  );
  // The post goes out at the soonest whole minute 15 s ahead and the page asks every five
  // seconds: about a minute and a half, waiting on states throughout.
  test.setTimeout(300_000);

  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, NAME);
  await publishPage(request, headers, influencerId, { handle: uniqueHandle('nina'), bio: 'Hi' });
  await generatePictures(request, headers, { influencerId: null, prompt: 'rooftops at sunset' });

  // Connecting goes to Instagram's consent page and back to the influencer's page.
  await signInAs(page, creator);
  await page.goto(`/influencers/${influencerId}`);
  const card = main(page).getByRole('region', { name: 'Platforms' });
  const instagram = card.getByRole('listitem').filter({ hasText: 'Instagram' });
  await instagram.getByRole('button', { name: /Connect/ }).click();
  await expect(page.getByText(PLATFORM_TEXTS.connected('Instagram'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/influencers/${influencerId}$`));
  await expect(instagram.getByRole('link', { name: /@muse\.creator/ })).toBeVisible();
  await expect(instagram.getByRole('button', { name: /Disconnect/ })).toBeVisible();

  // A post for the Muse page and Instagram, at the soonest minute ahead.
  await page.goto('/calendar');
  await main(page).getByRole('button', { name: 'New post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await expect(dialog.getByRole('radio', { name: new RegExp(NAME) })).toBeChecked();
  await choose(dialog.getByRole('checkbox', { name: /^Image: rooftops at sunset/ }));
  await dialog.getByLabel('Caption', { exact: true }).fill(CAPTION);
  await expect(dialog.getByRole('checkbox', { name: PLATFORM_TEXTS.onPage })).toBeChecked();
  await choose(dialog.getByRole('checkbox', { name: 'Instagram' }));
  await choose(dialog.getByRole('radio', { name: 'Schedule' }));
  const at = await soonestMinute(page);
  await dialog.getByLabel('Date').fill(at.day);
  await dialog.getByLabel('Time').fill(at.time);
  await dialog.getByRole('button', { name: 'Schedule post' }).click();
  await expect(page.getByText(PUBLISHING_TEXTS.postScheduled, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Its Instagram copy waits for its time, then is published, with its link on Instagram.
  await main(page).getByRole('tab', { name: 'List' }).click();
  await main(page)
    .getByRole('button', { name: new RegExp(CAPTION.slice(0, 20)) })
    .first()
    .click();
  const details = page.getByRole('dialog');
  const onInstagram = details
    .getByRole('region', { name: 'Platforms' })
    .getByRole('listitem')
    .filter({ hasText: 'Instagram' });
  await expect(onInstagram).toContainText('Scheduled');
  const link = onInstagram.getByRole('link', { name: /View on Instagram/ });
  await expect(link).toBeVisible({ timeout: 240_000 });
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.instagram\.com\/p\//);
  await expect(onInstagram).toContainText('Published');

  // Opened again, the post reads what Instagram reports of it.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await main(page)
    .getByRole('button', { name: new RegExp(CAPTION.slice(0, 20)) })
    .first()
    .click();
  const counts = page
    .getByRole('dialog')
    .getByRole('region', { name: 'Platforms' })
    .getByRole('listitem')
    .filter({ hasText: 'Instagram' });
  await expect(counts.getByText('Likes')).toBeVisible();
  await expect(counts.getByText(/^Read /)).toBeVisible();
});
