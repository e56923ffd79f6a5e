import { PLATFORM_TEXTS, type TPost } from '@muse/shared';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, test } from './fixtures';
import { buyPlan, registerAccount, signInAs } from './support/accounts';
import { e2eDatabaseUrl } from './support/jobs';
import {
  authHeaders,
  createInfluencer,
  createPost,
  generatePictures,
  listPosts,
  publishPage,
  uniqueHandle,
} from './support/publishing';

// docs/product/platform-publishing.md, 'Takedown'. The e2e server runs local fakes of the four
// platforms (scripts/e2e-server.mjs): X deletes through its API, Instagram's API cannot.
const NAME = 'Iris Lane';
const main = (page: Page) => page.getByRole('main');

/**
 * Hides the post as an operator's action does: `hidden_at` and the takedown task queued in one
 * transaction (the task's name and key are platforms/takedown-queue.ts's).
 */
async function hidePost(baseURL: string, postId: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(baseURL) });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('update posts set hidden_at = now() where id = $1', [postId]);
    await client.query(
      `select graphile_worker.add_job('take-down-post', json_build_object('postId', $1::text),
         job_key := 'takedown:' || $1, job_key_mode := 'preserve_run_at', max_attempts := 10)`,
      [postId],
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
}

test('a post Muse took down shows its copy removed from X and the Instagram copy to delete by hand', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'launch');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, NAME);
  await publishPage(request, headers, influencerId, { handle: uniqueHandle('iris'), bio: 'Hi' });
  const [picture] = await generatePictures(request, headers, {
    influencerId: null,
    prompt: 'harbour at dawn',
  });

  // Both accounts connected on the influencer's page, through the platforms' consent pages.
  await signInAs(page, creator);
  await page.goto(`/influencers/${influencerId}`);
  const card = main(page).getByRole('region', { name: 'Platforms' });
  for (const name of ['Instagram', 'X']) {
    await card.getByRole('button', { name: `Connect ${name}`, exact: true }).click();
    await expect(page.getByText(PLATFORM_TEXTS.connected(name))).toBeVisible();
  }

  const caption = `Harbour at dawn ${Date.now()}`;
  const post = await createPost(request, headers, {
    influencerId,
    itemIds: [picture!],
    caption,
    priceCents: 0,
    onPage: false,
    targets: [{ platform: 'instagram' }, { platform: 'x' }],
  });
  const find = async (): Promise<TPost | undefined> =>
    (await listPosts(request, headers)).find((item) => item.id === post.id);
  await expect
    .poll(async () => (await find())?.targets.map((item) => item.state), { timeout: 120_000 })
    .toEqual(['published', 'published']);

  await hidePost(baseURL!, post.id);
  await expect
    .poll(async () => (await find())?.targets.every((item) => item.removal !== null), {
      timeout: 120_000,
    })
    .toBe(true);

  await page.goto('/calendar');
  await main(page).getByRole('tab', { name: 'List' }).click();
  await main(page)
    .getByRole('button', { name: new RegExp(caption.slice(0, 15)) })
    .first()
    .click();
  const platforms = page.getByRole('dialog').getByRole('region', { name: 'Platforms' });
  const onX = platforms.getByRole('listitem', { name: 'X' });
  await expect(onX.getByText(PLATFORM_TEXTS.removed, { exact: true })).toBeVisible();
  await expect(onX.getByText('Deleted from X')).toBeVisible();
  await expect(onX.getByRole('link')).toHaveCount(0);
  const onInstagram = platforms.getByRole('listitem', { name: 'Instagram' });
  const byHand = onInstagram.getByRole('link', { name: /Delete it on Instagram/ });
  await expect(byHand).toBeVisible();
  await expect(byHand).toHaveAttribute('href', /^https:\/\/www\.instagram\.com\/p\//);
  await expect(onInstagram.getByRole('link', { name: /View on Instagram/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('taken-down.png') });
});
