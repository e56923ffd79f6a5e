import { REPORT_REFERENCE_PATTERN } from '@muse/shared';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, readMailbox, registerAccount, signInAs, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { grantOperator } from './support/operators';
import {
  authHeaders,
  createInfluencer,
  createPost,
  generatePictures,
  publishPage,
  uniqueHandle,
} from './support/publishing';

// docs/product/reports-and-takedown.md, word for word where the pages say it.
test('a visitor reports a post, an operator hides it, and the page no longer shows it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  desktopOnly('one journey across three people; the dialog is checked at phone size below');
  test.setTimeout(120_000);
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, 'Nora Vale');
  const handle = uniqueHandle('nora');
  await publishPage(request, headers, influencerId, { handle, bio: 'Sea and city.' });
  // A picture made without a persona may go on any page.
  const [itemId] = await generatePictures(request, headers, {
    influencerId: null,
    prompt: 'A quiet beach at dusk',
  });
  await createPost(request, headers, {
    influencerId,
    itemIds: [itemId!],
    priceCents: 0,
    caption: 'Beach day',
  });

  // A visitor without an account reports the post from the public page.
  const visitor = uniqueEmail('visitor');
  await page.goto(`/i/${handle}`);
  const post = page.getByRole('article', { name: /^Post of/ });
  await expect(post.getByText('Beach day')).toBeVisible();
  await post.getByRole('button', { name: 'Report this post' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Report this post');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose what is wrong')).toBeVisible();
  await dialog.getByLabel('Intimate image shared without consent').check();
  await dialog
    .getByLabel('Details (optional)')
    .fill('This is a photo of me, shared without asking.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Your e-mail address').fill(visitor);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toHaveAccessibleName('Report sent');
  const reference = (await dialog.locator('strong').textContent()) ?? '';
  expect(reference).toMatch(REPORT_REFERENCE_PATTERN);
  await expect(dialog.getByText('within 48 hours')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await readMailbox(request, visitor)).map((mail) => mail.subject))
    .toContain(`Your report ${reference}`);

  // The creator is no operator: the console is an unknown address to it, as to the visitor.
  await page.goto('/operator');
  await expect(page).toHaveURL('/');
  const creatorContext = await browser.newContext({ baseURL });
  const creatorPage = await creatorContext.newPage();
  await signInAs(creatorPage, creator);
  await creatorPage.goto('/operator');
  await expect(creatorPage).toHaveURL('/');
  await creatorContext.close();

  // An operator, made by the command's function, finds it in the queue and hides the post.
  const operator = await registerAccount(request, { email: uniqueEmail('operator') });
  await grantOperator(baseURL!, operator.email);
  const operatorContext = await browser.newContext({ baseURL });
  const desk = await operatorContext.newPage();
  await signInAs(desk, operator);
  await desk.goto('/operator');
  await expect(desk.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible();
  const queued = desk.getByRole('button', { name: new RegExp(reference) });
  await expect(queued).toContainText('Intimate image shared without consent');
  await expect(queued).toContainText(/4[78] h left/);
  await queued.click();
  const report = desk.getByRole('article', { name: /Intimate image shared without consent/ });
  await expect(report.getByText('This is a photo of me, shared without asking.')).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Content Credentials' })).toBeVisible();
  await expect(report.getByText('No statement')).toBeVisible();
  await report.getByLabel('Note').fill('Confirmed with the person shown');
  await report.getByRole('button', { name: 'Hide the post' }).click();
  await expect(queued).toBeHidden();
  const log = desk.getByRole('list', { name: 'Audit log' });
  await expect(log.getByText('Hide the post')).toBeVisible();
  await expect(log.getByText(/Confirmed with the person shown/)).toBeVisible();
  expect(await seriousViolations(desk)).toEqual([]);
  await operatorContext.close();

  // The public page no longer shows it, and the reporter is told.
  await page.goto(`/i/${handle}`);
  await expect(page.getByText('No posts yet. Come back soon.')).toBeVisible();
  await expect(page.getByText('Beach day')).toBeHidden();
  await expect
    .poll(async () => (await readMailbox(request, visitor)).map((mail) => mail.subject))
    .toContain(`Your report ${reference}: our decision`);
});

test('the report dialog fits a phone and closes on Escape', async ({ page, request }) => {
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, 'Iris Moss');
  const handle = uniqueHandle('iris');
  await publishPage(request, headers, influencerId, { handle, bio: '' });
  await page.goto(`/i/${handle}`);
  const open = page.getByRole('button', { name: 'Report this page' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Report this page' });
  for (const reason of [
    'Impersonation of a real person',
    'A minor',
    'Intimate image shared without consent',
    'Copyright',
    'Other',
  ])
    await expect(dialog.getByLabel(reason)).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
