import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { desktopOnly, expect, test } from './fixtures';
import { registerAccount, signInAs, uniqueEmail, type TTestAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/** The app shell's sections in order, each with its links and where they lead. */
const SECTIONS = [
  {
    title: 'Overview',
    links: [
      ['Discover', '/dashboard'],
      ['Influencers', '/influencers'],
      ['Products', '/products'],
      ['Tools', '/tools'],
    ],
  },
  {
    title: 'Tools',
    links: [
      ['Generate', '/generate'],
      ['Gallery', '/gallery'],
      ['Generate Video', '/generate-video'],
      ['Face Swap', '/face-swap'],
      ['Talking Video', '/talking-video'],
      ['Upscale', '/upscale'],
      ['Edit Image', '/edit-image'],
      ['Generate Prompt', '/generate-prompt'],
      ['View All', '/view-all'],
    ],
  },
  {
    title: 'Payments',
    links: [
      ['Get Credits', '/credits'],
      ['Manage Subscriptions', '/subscriptions'],
    ],
  },
  { title: 'Others', links: [['Support', '/support']] },
] as const;

const onPhone = () => test.info().project.name === 'phone';

/** The sidebar as a user reaches it: fixed on desktop, opened from the menu button on a phone. */
async function openSidebar(page: Page): Promise<Locator> {
  if (onPhone()) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    return drawer;
  }
  return page.locator('aside');
}

/** Registers an account whose e-mail the footer has to cut, and opens /dashboard signed in. */
async function openDashboard(page: Page, request: APIRequestContext): Promise<TTestAccount> {
  const account = await registerAccount(request, { email: uniqueEmail('ava.creator') });
  await signInAs(page, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  return account;
}

test('the sidebar shows the four sections with every link', async ({ page, request }) => {
  desktopOnly('the drawer holds the same sidebar; a phone opens it in the drawer test below');
  await openDashboard(page, request);
  const sidebar = await openSidebar(page);
  const nav = sidebar.getByRole('navigation', { name: 'Main' });

  for (const section of SECTIONS) {
    await expect(nav.getByRole('button', { name: section.title, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const list = nav.getByRole('list', { name: section.title, exact: true });
    await expect(list.getByRole('link')).toHaveCount(section.links.length);
    for (const [label, href] of section.links) {
      await expect(list.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    }
  }
  await expect(nav.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Influencers' })).not.toHaveAttribute('aria-current');
});

test('folding a section hides its links and unfolding shows them again', async ({
  page,
  request,
}) => {
  desktopOnly('the drawer holds the same sidebar; a phone opens it in the drawer test below');
  await openDashboard(page, request);
  const sidebar = await openSidebar(page);
  const toolsHeader = sidebar.getByRole('button', { name: 'Tools', exact: true });
  const generate = sidebar.getByRole('link', { name: 'Generate', exact: true });
  const getCredits = sidebar.getByRole('link', { name: 'Get Credits' });

  await toolsHeader.click();
  await expect(toolsHeader).toHaveAttribute('aria-expanded', 'false');
  for (const name of ['Generate', 'Generate Video', 'Upscale', 'Edit Image', 'View All']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeHidden();
  }
  // Only that section folds.
  await expect(getCredits).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Tools', exact: true })).toBeVisible();

  await toolsHeader.click();
  await expect(toolsHeader).toHaveAttribute('aria-expanded', 'true');
  await expect(generate).toBeVisible();
  await expect(generate).toHaveAttribute('href', '/generate');
});

test('on desktop the sidebar collapses to an icon strip, is remembered, and expands', async ({
  page,
  request,
}) => {
  test.skip(onPhone(), 'the icon strip is a desktop layout');
  await openDashboard(page, request);
  const sidebar = page.locator('aside');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  expect((await sidebar.boundingBox())?.width).toBeGreaterThan(200);

  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(100);
  // Icons only, but each link keeps its name and a tooltip; section headers give way.
  const discover = sidebar.getByRole('link', { name: 'Discover' });
  await expect(discover).toBeVisible();
  await expect(discover).toHaveAttribute('title', 'Discover');
  await expect(discover).toHaveAttribute('href', '/dashboard');
  await expect(sidebar.getByText('Discover', { exact: true })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Manage Subscriptions' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Overview' })).toHaveCount(0);

  await page.reload();
  await expect(sidebar.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(100);

  await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeGreaterThan(200);
  await expect(sidebar.getByText('Discover', { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Overview' })).toBeVisible();
});

test('the footer shows the e-mail cut to 10 characters and the FREE label', async ({
  page,
  request,
}) => {
  desktopOnly('the e-mail is cut in code, not by the width; the same footer shows in the drawer');
  const account = await openDashboard(page, request);
  const sidebar = await openSidebar(page);
  const footer = sidebar.getByRole('button', { name: /Account menu/ });

  await expect(footer).toContainText(`${account.email.slice(0, 10)}...`);
  await expect(footer).toContainText('ava.creato...');
  await expect(footer).not.toContainText(account.email);
  await expect(footer).toContainText('FREE');
  await expect(footer).toHaveAttribute('title', account.email);
});

test('Sign out logs out and goes to /login', async ({ page, request }) => {
  await openDashboard(page, request);
  const sidebar = await openSidebar(page);
  const footer = sidebar.getByRole('button', { name: /Account menu/ });

  if (onPhone()) {
    await footer.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  } else {
    // The menu works from the keyboard: Enter opens it on its first item (Settings), the arrow
    // moves to Sign out, Enter picks it.
    await footer.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('Enter');
  }

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
});

test('on a phone the drawer opens from the menu button and closes on Escape and on a link', async ({
  page,
  request,
}) => {
  test.skip(!onPhone(), 'the drawer is the small-screen layout');
  await openDashboard(page, request);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
  await expect(drawer).toBeHidden();
  // Axe reads the phone's own parts only here: the top bar (with the page heading), the drawer.
  expect(await seriousViolations(page, 'header')).toEqual([]);

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Discover' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Influencers' }).click();
  await expect(page).toHaveURL('/influencers');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Influencers' })).toBeVisible();

  await menuButton.click();
  await expect(drawer.getByRole('link', { name: 'Influencers' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
});
