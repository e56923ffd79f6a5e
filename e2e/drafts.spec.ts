import { DRAFT_TEXTS, PUBLISHING_TEXTS } from '@muse/shared';
import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { buyPlan, registerAccount, signInAs } from './support/accounts';
import { expectFitsScreen } from './support/layout';
import {
  authHeaders,
  createInfluencer,
  generatePictures,
  publishPage,
  uniqueHandle,
} from './support/publishing';

const NAME = 'Nora Vale';
const main = (page: Page) => page.getByRole('main');

/** Checks a checkbox or radio as a person does: through its label. */
async function choose(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/** Tomorrow on the browser's clock ('2026-12-04'): always a day the calendar takes. */
function tomorrow(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + 86_400_000));
}

/** A creator with a published page, and in the gallery one offline picture to post on it. */
async function creatorWithPicture(request: Parameters<typeof registerAccount>[0]) {
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, NAME);
  await publishPage(request, headers, influencerId, {
    handle: uniqueHandle('nora'),
    bio: 'Markets, coats and city rain.',
  });
  // A picture made without a persona may go on any page (this one's is not trained).
  await generatePictures(request, headers, {
    influencerId: null,
    prompt: 'walking through a rainy market in a yellow coat',
  });
  return { creator, influencerId };
}

test('a creator writes a caption with one click in the composer and schedules the post with it', async ({
  page,
  request,
}) => {
  desktopOnly('one flow from start to end; the composer is fitted to a phone below');
  // An offline picture and a draft from Muse's templates: seconds on an idle machine. Every wait
  // ends on a state; this only stops a test that hangs.
  test.setTimeout(120_000);
  const { creator } = await creatorWithPicture(request);

  await signInAs(page, creator);
  await page.goto('/calendar');
  await main(page).getByRole('button', { name: 'New post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await expect(dialog.getByRole('radio', { name: new RegExp(NAME) })).toBeChecked();
  const write = dialog.getByRole('button', { name: DRAFT_TEXTS.writeCaption });
  // Nothing to write about until a picture is chosen; offline, drafting is free.
  await expect(write).toBeDisabled();
  await expect(dialog.getByText('Offline preview, free')).toBeVisible();
  await choose(dialog.getByRole('checkbox', { name: /^Image: walking through a rainy market/ }));

  await write.click();
  const caption = dialog.getByLabel('Caption');
  // The caption is about what the picture shows, labelled as Muse's templates' work.
  await expect(caption).toHaveValue(/walking through a rainy market/i);
  await expect(dialog.getByText(DRAFT_TEXTS.offlineNote(NAME))).toBeVisible();
  await expect(dialog.getByText('Offline preview', { exact: true })).toBeVisible();
  const written = await caption.inputValue();

  await choose(dialog.getByRole('radio', { name: 'Schedule' }));
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await dialog.getByLabel('Date').fill(tomorrow(timeZone));
  await dialog.getByLabel('Time').fill('09:00');
  await dialog.getByRole('button', { name: 'Schedule post' }).click();
  await expect(
    page.getByText(PUBLISHING_TEXTS.postScheduled, { exact: true }).last(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The post waits with the caption that was written.
  await main(page).getByRole('tab', { name: 'List' }).click();
  const upcoming = main(page).getByRole('region', { name: 'Upcoming', exact: true });
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await expect(upcoming.getByRole('listitem')).toContainText(written.split('\n')[0]!.slice(0, 40));
});

test('on a phone the composer’s caption draft and the persona’s writing voice fit the screen', async ({
  page,
  request,
}) => {
  phoneOnly('the layout at a phone’s width');
  test.setTimeout(120_000);
  const { creator, influencerId } = await creatorWithPicture(request);
  await signInAs(page, creator);

  await page.goto(`/influencers/${influencerId}`);
  const panel = main(page).getByRole('region', { name: 'Writing voice' });
  await panel.getByRole('button', { name: DRAFT_TEXTS.draftProfile }).click();
  await expect(panel.getByLabel('Tone')).not.toHaveValue('');
  await expectFitsScreen(page, [
    panel.getByLabel('Tone'),
    panel.getByRole('button', { name: 'Save writing voice' }),
  ]);
  await panel.getByRole('button', { name: 'Save writing voice' }).click();
  await expect(page.getByText(DRAFT_TEXTS.profileSaved).last()).toBeVisible();

  await page.goto('/calendar');
  await main(page).getByRole('button', { name: 'New post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await choose(dialog.getByRole('checkbox', { name: /^Image: walking through a rainy market/ }));
  await dialog.getByRole('button', { name: DRAFT_TEXTS.writeCaption }).click();
  await expect(dialog.getByLabel('Caption')).toHaveValue(/rainy market/i);
  await expectFitsScreen(page, [
    dialog.getByRole('button', { name: DRAFT_TEXTS.writeCaption }),
    dialog.getByLabel('Caption'),
  ]);
});
