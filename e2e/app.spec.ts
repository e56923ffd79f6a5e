import { desktopOnly, expect, test } from './fixtures';

test('the landing page loads with its call to action', async ({ page }) => {
  desktopOnly('a title and a link; landing.spec looks at the landing on a phone');
  await page.goto('/');
  await expect(page).toHaveTitle('Muse');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI influencers');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute(
    'href',
    '/register',
  );
});

test('a signed-out visitor to /dashboard is sent to /login', async ({ page }) => {
  desktopOnly('routing, the same at every width');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('an unknown path is sent to /', async ({ page }) => {
  desktopOnly('routing, the same at every width');
  await page.goto('/no-such-page');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI influencers');
});

test('every public route loads on refresh', async ({ page }) => {
  desktopOnly('server routing, the same at every width');
  for (const [path, heading] of [
    ['/marketplace', /50\+ AI models/],
    ['/support', 'Support'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test('the API reports itself healthy on the embedded database', async ({ request }) => {
  desktopOnly('an API call, no page');
  const response = await request.get('/api/health');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
});
