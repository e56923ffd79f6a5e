import {
  PPV_PRICE,
  PUBLISHING_TEXTS,
  ZEarningsResponse,
  ZPublicPageResponse,
  type TPost,
} from '@muse/shared';
import type { Locator, Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { buyPlan, registerAccount, signInAs, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expectFitsScreen } from './support/layout';
import {
  animatePicture,
  authHeaders,
  createInfluencer,
  createPost,
  filePath,
  generatePictures,
  listPosts,
  publishPage,
  uniqueHandle,
  watchPageErrors,
} from './support/publishing';

// docs/product/publishing.md, word for word where the page says it.
const NAME = 'Mara Lind';
const BIO = 'Street style from Lisbon, in soft morning light.';
// The default price of a pay-per-view post, Muse's 20% of it, and the creator's share.
const PRICE = '$50.00';
const FEE = '$10.00';
const NET = '$40.00';
const UNLOCK = `Unlock for ${PRICE}`;

const main = (page: Page) => page.getByRole('main');

/**
 * The 15th of next month on the clock of `timeZone` ('2026-12-15'), with the calendar's names of
 * its month ('December 2026') and day ('Tuesday, December 15'): always ahead, always another
 * month than this one.
 */
function midNextMonth(timeZone: string) {
  // 'en-CA' writes '2026-11'; the month counts from 1, so as Date.UTC's index it is the next.
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const date = new Date(Date.UTC(year!, month!, 15));
  const name = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  return {
    day: date.toISOString().slice(0, 10),
    month: name({ month: 'long', year: 'numeric' }),
    dayName: name({ weekday: 'long', month: 'long', day: 'numeric' }),
  };
}

/** Waits until the browser has decoded a frame of `video` (as e2e/video.spec.ts does). */
async function expectPlayable(video: Locator) {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2); // HAVE_CURRENT_DATA
}

/**
 * Checks a radio button, checkbox or switch the way a person does: these inputs are drawn by
 * their label (the input itself is visually hidden), so the click goes to the label.
 */
async function choose(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/** Opens the calendar's composer: the only influencer with a page is already picked. */
async function openComposer(page: Page): Promise<Locator> {
  await main(page).getByRole('button', { name: 'New post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await expect(dialog.getByRole('radio', { name: new RegExp(NAME) })).toBeChecked();
  return dialog;
}

async function expectToastAndClosed(page: Page, dialog: Locator, text: string) {
  // The newest toast: the one of a post made just before may still be showing.
  await expect(page.getByText(text, { exact: true }).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a creator publishes a page with a free image and a $50 video; a visitor registers, pays and watches it; the creator sees the sale', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  desktopOnly('one purchase from start to end; a phone views a seeded page below');
  // A picture and a clip made by the queue, three posts, a sign-up and a payment in a second
  // browser: about 40 s on an idle 2-core machine. Every wait ends on a state; this only stops a
  // test that hangs, generous as a shared machine can be several times slower.
  test.setTimeout(300_000);

  // Seeded through the API: a Launch creator, an influencer with a picture, and in the gallery a
  // picture made without a persona (it may go on any page) and a 5 second clip of the influencer
  // animated from it, both offline and free.
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, NAME);
  const [pictureId] = await generatePictures(request, headers, {
    influencerId: null,
    prompt: 'walking through a sunny old town',
  });
  await animatePicture(request, headers, {
    influencerId,
    galleryId: pictureId!,
    prompt: 'slow push-in, hair moving in the wind',
  });
  const handle = uniqueHandle('mara');

  // The creator publishes the page on the influencer's own page.
  await signInAs(page, creator);
  await page.goto(`/influencers/${influencerId}`);
  const card = main(page).getByRole('region', { name: 'Public page' });
  await card.getByLabel('Handle').fill(handle);
  await card.getByLabel('Bio').fill(BIO);
  await choose(card.getByRole('switch', { name: 'Published' }));
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PUBLISHING_TEXTS.pagePublished)).toBeVisible();
  await expect(card.getByRole('link', { name: /Open page/ })).toHaveAttribute(
    'href',
    `/i/${handle}`,
  );

  // Three posts from the calendar: a free picture now, the clip at $50 now, one for next month.
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Content calendar' })).toBeVisible();
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(main(page).getByText(`Times in ${timeZone}`).first()).toBeVisible();
  const quota = main(page).getByText(/scheduled posts (this month|in )/);
  await expect(quota).toHaveText('0 of 60 scheduled posts this month');

  let dialog = await openComposer(page);
  await choose(dialog.getByRole('checkbox', { name: /^Image: walking through a sunny old town/ }));
  await dialog.getByLabel('Caption').fill('Morning in the old town');
  await expect(dialog.getByRole('radio', { name: 'Free' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Publish now' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expectToastAndClosed(page, dialog, PUBLISHING_TEXTS.postPublished);

  dialog = await openComposer(page);
  await choose(dialog.getByRole('checkbox', { name: /^Video, 0:05: slow push-in/ }));
  await dialog.getByLabel('Caption').fill('The full walk, behind the scenes');
  await choose(dialog.getByRole('radio', { name: 'Pay-per-view' }));
  await expect(dialog.getByLabel('Price in dollars')).toHaveValue('50.00');
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expectToastAndClosed(page, dialog, PUBLISHING_TEXTS.postPublished);

  const later = midNextMonth(timeZone);
  dialog = await openComposer(page);
  await choose(dialog.getByRole('checkbox', { name: /^Image: walking through a sunny old town/ }));
  await dialog.getByLabel('Caption').fill('Coming soon');
  await choose(dialog.getByRole('radio', { name: 'Schedule' }));
  await dialog.getByLabel('Date').fill(later.day);
  await dialog.getByLabel('Time').fill('09:00');
  await dialog.getByRole('button', { name: 'Schedule post' }).click();
  await expectToastAndClosed(page, dialog, PUBLISHING_TEXTS.postScheduled);

  // It counts in the month it goes out in, and sits on its day there at its time.
  await expect(quota).toHaveText('0 of 60 scheduled posts this month');
  await main(page).getByRole('button', { name: 'Next month' }).click();
  await expect(quota).toHaveText(`1 of 60 scheduled posts in ${later.month}`);
  await expect(
    main(page)
      .getByRole('table')
      .getByRole('list', { name: `Posts on ${later.dayName}` })
      .getByRole('button'),
  ).toHaveText(/^9:00 AM.*, scheduled, free$/);
  await main(page).getByRole('tab', { name: 'List' }).click();
  const upcoming = main(page).getByRole('region', { name: 'Upcoming', exact: true });
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await expect(upcoming.getByRole('listitem')).toContainText('Coming soon');
  await expect(upcoming.getByRole('listitem')).toContainText('9:00 AM');
  const published = main(page).getByRole('region', { name: 'Recently published' });
  await expect(published.getByRole('listitem')).toHaveCount(2);
  await expect(
    published.getByRole('listitem').filter({ hasText: 'behind the scenes' }),
  ).toContainText(PRICE);

  // What the creator's answer names as the clip's files: the visitor must never be sent them.
  const posts = await listPosts(request, headers);
  const clipPost = posts.find((post) => post.priceCents > 0) as TPost;
  expect(clipPost).toMatchObject({ status: 'published', priceCents: PPV_PRICE.default });
  const [clip] = clipPost.items;
  expect(clip).toMatchObject({ kind: 'video' });
  const hidden = [filePath(clip!.url!), filePath(clip!.thumbnailUrl!)];
  const postPath = `/i/${handle}/posts/${clipPost.id}`;

  // A visitor, signed out, in a browser of their own.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchPageErrors(visitor, baseURL!);
  const requested: string[] = [];
  visitor.on('request', (sent) => requested.push(new URL(sent.url()).pathname));

  const anonymous = ZPublicPageResponse.parse(
    await (
      await request.get(`/api/public/pages/${handle}`, { headers: { connection: 'close' } })
    ).json(),
  );
  expect(anonymous.posts.map((post) => post.aiGenerated)).toEqual([true, true]);
  const lockedItems = anonymous.posts.find((post) => post.id === clipPost.id)?.items;
  expect(lockedItems).toEqual([
    expect.objectContaining({ url: null, thumbnailUrl: null, blurredUrl: expect.any(String) }),
  ]);

  await visitor.goto(`/i/${handle}`);
  await expect(visitor).toHaveTitle(`${NAME} (@${handle}) · Muse`);
  await expect(visitor.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(main(visitor).getByText(`@${handle}`)).toBeVisible();
  await expect(main(visitor).getByText(BIO)).toBeVisible();
  await expect(main(visitor).getByRole('note')).toHaveText(PUBLISHING_TEXTS.aiDisclosure);
  await expect(main(visitor).getByText('2 posts', { exact: true })).toBeVisible();
  await expect(
    main(visitor).getByRole('img', { name: `Picture of ${NAME}, AI-generated` }),
  ).toBeVisible();
  // Every picture and video is labelled; the free picture shows, the clip only blurred.
  await expect(main(visitor).getByText(PUBLISHING_TEXTS.aiLabel, { exact: true })).toHaveCount(2);
  await expect(
    main(visitor).getByRole('img', { name: `AI-generated picture of ${NAME}`, exact: true }),
  ).toBeVisible();
  const blurred = main(visitor).getByRole('img', {
    name: `Blurred preview of a locked AI-generated video of ${NAME}`,
  });
  await expect(blurred).toBeVisible();
  await expect(blurred).toHaveJSProperty('complete', true);
  expect(filePath((await blurred.getAttribute('src'))!)).toBe(
    filePath(lockedItems![0]!.blurredUrl),
  );
  await expect(main(visitor).getByRole('link', { name: UNLOCK })).toHaveCount(1);
  await expect(visitor.locator('video')).toHaveCount(0);
  const html = await visitor.content();
  for (const file of hidden) {
    expect(html, 'the locked clip is named in the page').not.toContain(file);
    expect(requested, 'the locked clip was fetched').not.toContain(file);
  }
  expect(await seriousViolations(visitor)).toEqual([]);

  // Unlock leads to sign-up and straight back to the post, not to the creator onboarding.
  await main(visitor).getByRole('link', { name: UNLOCK }).click();
  await expect(visitor).toHaveURL(`/register?next=${encodeURIComponent(postPath)}`);
  await expect(
    visitor.getByText('Create a free account to unlock the post.', { exact: false }),
  ).toBeVisible();
  const fanEmail = uniqueEmail('fan');
  await visitor.getByLabel('Full Name').fill('Finn Fan');
  await visitor.getByLabel('Email').fill(fanEmail);
  await visitor.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await visitor.getByLabel('Confirm Password').fill('correct horse battery');
  await visitor.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await visitor.getByRole('button', { name: 'Create Account' }).click();
  await expect(visitor).toHaveURL(postPath);
  await expect(main(visitor).getByRole('heading', { name: PUBLISHING_TEXTS.locked })).toBeVisible();

  // The TEST MODE checkout shows the post and its price; Pay brings the fan back to it.
  await main(visitor).getByRole('button', { name: UNLOCK }).click();
  await expect(visitor).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await expect(visitor.getByText('TEST MODE: no real payment is taken')).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1, name: `Post by ${NAME}` })).toBeVisible();
  await expect(main(visitor).getByText('The full walk, behind the scenes')).toBeVisible();
  await expect(main(visitor).getByText(PRICE, { exact: true })).toHaveCount(2);
  await expect(main(visitor).getByText(fanEmail)).toBeVisible();
  await main(visitor).getByRole('button', { name: 'Pay' }).click();
  await expect(visitor).toHaveURL(postPath);
  await expect(visitor.getByText('Post unlocked')).toBeVisible();
  const video = main(visitor).getByLabel(`AI-generated video of ${NAME}`);
  await expect(video).toBeVisible();
  await expectPlayable(video);
  await expect(main(visitor).getByText('Unlocked', { exact: true })).toBeVisible();
  await expect(main(visitor).getByRole('button', { name: UNLOCK })).toHaveCount(0);

  await visitor.getByRole('link', { name: 'My purchases' }).click();
  await expect(visitor).toHaveURL('/purchases');
  const bought = main(visitor).getByRole('article', {
    name: new RegExp(`^Post by ${NAME}, bought`),
  });
  await expect(bought).toHaveCount(1);
  await expect(bought).toContainText(PRICE);
  await expect(bought.getByLabel(`AI-generated video of ${NAME}`)).toBeVisible();
  await visitorContext.close();
  expect(visitorErrors, 'errors in the visitor’s browser').toEqual([]);

  // The creator's earnings: one sale, Muse's 20%, the rest pending for the hold period.
  await page.goto('/earnings');
  const summary = main(page).getByRole('region', { name: 'Summary' });
  const figure = (label: string) =>
    summary.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(figure('Gross sales')).toContainText(PRICE);
  await expect(figure('Gross sales')).toContainText('1 sale');
  await expect(figure('Muse fee (20%)')).toContainText(FEE);
  await expect(figure('Net earnings')).toContainText(NET);
  await expect(figure('Paid out')).toContainText('$0.00');
  await expect(figure('Pending')).toContainText(NET);
  await expect(figure('Available')).toContainText('$0.00');
  const row = main(page)
    .getByRole('table', { name: 'By post' })
    .getByRole('row', { name: /behind the scenes/ });
  await expect(row.getByRole('cell')).toHaveText(['1', PRICE, FEE, NET]);
  const earnings = ZEarningsResponse.parse(
    await (await request.get('/api/earnings', { headers })).json(),
  ).earnings;
  expect(earnings).toMatchObject({
    sales: 1,
    grossCents: 5000,
    feeCents: 1000,
    netCents: 4000,
    availableCents: 0,
    pendingCents: 4000,
  });
});

test.describe('the calendar in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("shows a post at its New York time with its picture and its influencer's whole name", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const creator = await registerAccount(request);
    await buyPlan(request, creator, 'launch');
    const headers = authHeaders(creator);
    const name = 'Valentina Montgomery-Castellanos';
    const influencerId = await createInfluencer(request, headers, name);
    await publishPage(request, headers, influencerId, { handle: uniqueHandle('val'), bio: BIO });
    const [pictureId] = await generatePictures(request, headers, {
      influencerId: null,
      prompt: 'a quiet street at dawn',
    });
    // 02:30 UTC on the 16th of next month: still the evening of the 15th in New York.
    const later = midNextMonth('America/New_York');
    const instant = new Date(`${later.day}T00:00:00Z`);
    instant.setUTCDate(instant.getUTCDate() + 1);
    instant.setUTCHours(2, 30);
    const post = await createPost(request, headers, {
      influencerId,
      itemIds: [pictureId!],
      caption: 'Evening walk',
      priceCents: 0,
      publishAt: instant.toISOString(),
      timeZone: 'America/New_York',
    });
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
    }).format(instant);
    expect(newYork).toMatch(/^(9|10):30 PM$/);

    await signInAs(page, creator);
    await page.goto('/calendar');
    await expect(main(page).getByText('Times in America/New York (Eastern Time)')).toBeVisible();
    await expect(main(page).getByRole('combobox', { name: 'Time zone' })).toHaveValue(
      'America/New_York',
    );
    await main(page).getByRole('button', { name: 'Next month' }).click();
    await expect(main(page).getByRole('heading', { level: 2, name: later.month })).toBeVisible();
    const chip = main(page)
      .getByRole('list', { name: `Posts on ${later.dayName}` })
      .getByRole('button');
    await expect(chip).toHaveText(new RegExp(`^${newYork}${name}, scheduled, free$`));
    // Its picture: the post's first one, loaded.
    const picture = chip.locator('img');
    await expect(picture).toHaveAttribute('src', post.items[0]!.thumbnailUrl!);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(picture).toBeVisible();
    // The whole name shows, over two lines if it must, never cut short.
    const shownName = chip.getByText(name, { exact: true });
    await expect(shownName).toBeVisible();
    expect(
      await shownName.evaluate(
        (element) =>
          element.scrollHeight <= element.clientHeight + 1 &&
          element.scrollWidth <= element.clientWidth + 1,
      ),
    ).toBe(true);
  });
});

test('on a phone the public page and a locked post fit the screen and pass axe', async ({
  page,
  request,
}) => {
  phoneOnly('the layout of a phone, 390 px wide');
  // Two pictures made by the queue (the first of a fresh server loads the engine, about 20 s
  // here): a bound for a test that hangs, with room for a busy machine.
  test.setTimeout(120_000);
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, NAME);
  // Pictures made without a persona may go on any page.
  const [free, locked] = await generatePictures(request, headers, {
    influencerId: null,
    prompt: 'a cafe terrace at golden hour',
    count: 2,
  });
  const handle = uniqueHandle('mara');
  await publishPage(request, headers, influencerId, { handle, bio: BIO });
  await createPost(request, headers, {
    influencerId,
    itemIds: [free!],
    caption: 'Coffee first',
    priceCents: 0,
  });
  const lockedPost = await createPost(request, headers, {
    influencerId,
    itemIds: [locked!],
    caption: 'The rest of the afternoon, only here',
    priceCents: PPV_PRICE.default,
  });

  await page.goto(`/i/${handle}`);
  const unlock = main(page).getByRole('link', { name: UNLOCK });
  // The blurred picture is drawn a little larger than its frame, which clips it (no edge of the
  // blur shows): the frame is what must fit.
  const lockedFrame = main(page)
    .getByRole('img', { name: /^Blurred preview of a locked AI-generated picture/ })
    .locator('xpath=..');
  await expectFitsScreen(page, [
    page.getByRole('link', { name: 'Sign in' }),
    page.getByRole('heading', { level: 1, name: NAME }),
    main(page).getByRole('note'),
    main(page).getByRole('img', { name: `AI-generated picture of ${NAME}`, exact: true }),
    lockedFrame,
    unlock,
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('public-page.png'), fullPage: true });

  await page.goto(`/i/${handle}/posts/${lockedPost.id}`);
  await expectFitsScreen(page, [
    main(page).getByRole('link', { name: `All posts of ${NAME}` }),
    main(page).getByRole('note'),
    lockedFrame,
    main(page).getByText('The rest of the afternoon, only here'),
    unlock,
    main(page).getByRole('link', { name: 'Sign in' }),
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('locked-post.png'), fullPage: true });
});
