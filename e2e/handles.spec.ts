import { PUBLISHING_TEXTS } from '@muse/shared';
import { expect, test } from './fixtures';
import { buyPlan, registerAccount } from './support/accounts';
import { authHeaders, createInfluencer, uniqueHandle } from './support/publishing';

/*
 * A page's old handle (docs/product/publishing.md, "The public page"): a link shared before the
 * creator renamed the page still lands on it, at its new address, for 30 days.
 */
test('a link to a renamed page lands on the page at its new handle', async ({ page, request }) => {
  const creator = await registerAccount(request);
  await buyPlan(request, creator, 'builder');
  const headers = authHeaders(creator);
  const influencerId = await createInfluencer(request, headers, 'Nora Vale');
  const before = uniqueHandle('nora');
  const after = uniqueHandle('nora.vale');
  for (const handle of [before, after]) {
    const saved = await request.put(`/api/influencers/${influencerId}/page`, {
      headers,
      data: { handle, bio: 'Quiet mornings by the sea', published: true },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  await page.goto(`/i/${before}`);
  await expect(page).toHaveURL(`/i/${after}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nora Vale');
  await expect(page.getByText('Quiet mornings by the sea')).toBeVisible();
  await expect(page).toHaveTitle(`Nora Vale (@${after}) · Muse`);

  // Another account cannot take the old handle meanwhile.
  const stranger = await registerAccount(request);
  await buyPlan(request, stranger, 'builder');
  const strangers = authHeaders(stranger);
  const impostor = await createInfluencer(request, strangers, 'Not Nora');
  const refused = await request.put(`/api/influencers/${impostor}/page`, {
    headers: strangers,
    data: { handle: before, bio: '', published: true },
  });
  expect([refused.status(), await refused.json()]).toEqual([
    409,
    { success: false, error: PUBLISHING_TEXTS.handleKept, code: 'HANDLE_KEPT' },
  ]);
});
