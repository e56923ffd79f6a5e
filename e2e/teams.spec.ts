import { PUBLISHING_TEXTS, WORKSPACE_TEXTS, ZPublicPageResponse } from '@muse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { buyPlan, readMailbox, registerAccount, signInAs } from './support/accounts';
import { authHeaders, createInfluencer, publishPage, uniqueHandle } from './support/publishing';

// docs/product/teams.md: an owner, an editor who makes and schedules, approval on.
const NAME = 'Mara Lind';
const PROMPT = 'a quiet street at dawn';
const CAPTION = 'Dawn in the old town';

const main = (page: Page) => page.getByRole('main');

/** The first link in `email`'s mailbox that contains `part`, once it has arrived. */
async function mailedLink(request: APIRequestContext, email: string, part: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await readMailbox(request, email))
        .flatMap((mail) => mail.links)
        .find((one) => one.includes(part));
      return link !== undefined;
    }, `a link with ${part} mailed to ${email}`)
    .toBe(true);
  return new URL(link!);
}

/** Checks a radio button or checkbox drawn by its label, as a person clicks it. */
async function choose(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

test('an owner invites an editor, who makes an image and a post that waits; the owner approves it and it is published; removed, the editor is out of the workspace at once', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  desktopOnly('one journey across two browsers; the pages themselves are checked at each size');
  // An offline image and a post through the queue: well under a minute on an idle machine.
  test.setTimeout(300_000);

  // Seeded through the API: a Launch owner (3 seats) with an influencer whose page is published,
  // approval turned on, and an editor-to-be whose address is confirmed.
  const owner = await registerAccount(request, { fullName: 'Ava Owner' });
  await buyPlan(request, owner, 'launch');
  const ownerHeaders = authHeaders(owner);
  const influencerId = await createInfluencer(request, ownerHeaders, NAME);
  const handle = uniqueHandle('mara');
  await publishPage(request, ownerHeaders, influencerId, { handle, bio: 'Street style' });
  const approval = await request.patch('/api/workspace', {
    headers: ownerHeaders,
    data: { approvalRequired: true },
  });
  expect(approval.status()).toBe(200);
  const editor = await registerAccount(request, { fullName: 'Jun Editor' });
  const verify = await mailedLink(request, editor.email, '/verify-email?token=');
  const verified = await request.post('/api/auth/verify-email', {
    data: { token: verify.searchParams.get('token') },
  });
  expect(verified.status()).toBe(200);

  // The owner invites the editor from Settings → Team.
  await signInAs(page, owner);
  await page.goto('/settings');
  const team = main(page).getByRole('region', { name: 'Team' });
  await expect(team.getByText('1 of 3 seats used')).toBeVisible();
  await team.getByLabel('Email address').fill(editor.email);
  await expect(team.getByLabel('Role')).toHaveValue('editor');
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByRole('list', { name: 'Open invitations' })).toContainText(editor.email);
  await expect(team.getByText('2 of 3 seats used')).toBeVisible();

  // The editor, in a browser of their own, accepts from the mailed link.
  const invitation = await mailedLink(request, editor.email, '/invitations/');
  const editorContext = await browser.newContext({ baseURL });
  const editorPage = await editorContext.newPage();
  await signInAs(editorPage, editor);
  await editorPage.goto(invitation.pathname);
  await editorPage.getByRole('button', { name: 'Join Ava Owner’s workspace' }).click();
  await expect(editorPage).toHaveURL('/dashboard');
  await expect(editorPage.getByText('Ava Owner’s workspace').first()).toBeVisible();

  // The editor makes an image (an offline preview, free), then a post of it that waits.
  await editorPage.goto('/generate');
  await main(editorPage).getByLabel('Describe the photo').fill(PROMPT);
  await main(editorPage).getByRole('group', { name: 'Number of images' }).getByText('1').click();
  await main(editorPage).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(main(editorPage).getByRole('img', { name: 'Generated image 1' })).toBeVisible({
    timeout: 240_000,
  });

  await editorPage.goto('/calendar');
  await main(editorPage).getByRole('button', { name: 'New post', exact: true }).click();
  const composer = editorPage.getByRole('dialog', { name: 'New post' });
  await expect(composer.getByRole('radio', { name: new RegExp(NAME) })).toBeChecked();
  await choose(composer.getByRole('checkbox', { name: new RegExp(`^Image: ${PROMPT}`) }));
  await composer.getByLabel('Caption').fill(CAPTION);
  await composer.getByRole('button', { name: 'Publish post' }).click();
  await expect(editorPage.getByText(PUBLISHING_TEXTS.postSubmitted, { exact: true })).toBeVisible();
  await expect(composer).toBeHidden();
  const publicCaptions = async () => {
    const answer = await request.get(`/api/public/pages/${handle}`);
    return ZPublicPageResponse.parse(await answer.json()).posts.map((post) => post.caption);
  };
  expect(await publicCaptions()).not.toContain(CAPTION);

  // The owner approves it from the queue, and it goes out on the page.
  await page.goto('/approvals');
  const card = main(page).getByRole('article').filter({ hasText: CAPTION });
  await expect(card).toContainText('Jun Editor');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(PUBLISHING_TEXTS.postApproved, { exact: true })).toBeVisible();
  await expect.poll(publicCaptions, 'the approved post on the public page').toContain(CAPTION);

  // Removed, the editor's next step in the workspace brings them back to their own.
  await page.goto('/settings');
  await team.getByRole('button', { name: 'Remove Jun Editor' }).click();
  await page
    .getByRole('dialog', { name: 'Remove Jun Editor?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(team.getByText('1 of 3 seats used')).toBeVisible();
  await editorPage.goto('/calendar');
  await expect(editorPage.getByText(WORKSPACE_TEXTS.removed)).toBeVisible();
  await expect(editorPage).toHaveURL('/dashboard');
  await editorContext.close();
});
