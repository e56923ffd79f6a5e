import { ZPublicConfig } from '@muse/shared';
import type { Page } from '@playwright/test';
import { desktopOnly, expect, phoneOnly, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { expectFitsScreen } from './support/layout';

const LEGAL_PAGES = [
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
] as const;

test.describe('support', () => {
  test.beforeEach(() =>
    desktopOnly('texts, links and the clipboard; the page is fitted to a phone below'),
  );

  test('shows the configured support address as a mailto link and the 24-hour reply', async ({
    page,
    request,
  }) => {
    const config = ZPublicConfig.parse(await (await request.get('/api/config')).json());

    await page.goto('/support');
    await expect(page).toHaveTitle('Support · Muse');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    const address = page.getByRole('link', { name: config.supportEmail, exact: true });
    await expect(address).toHaveAttribute('href', `mailto:${config.supportEmail}`);
    await expect(page.getByText('We usually reply within 24 hours.')).toBeVisible();
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quickLinks.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(quickLinks.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('copies the support address', async ({ page, context, request }) => {
    const config = ZPublicConfig.parse(await (await request.get('/api/config')).json());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.goto('/support');
    await page.getByRole('button', { name: 'Copy address' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(config.supportEmail);
  });

  test('answers common questions, with credit costs from the plans module', async ({ page }) => {
    await page.goto('/support');
    await page.getByText('How do credits work?').click();
    await expect(page.getByText('Generate a video')).toBeVisible();
    await page.getByText('How do I reset my password?').click();
    await page.getByRole('link', { name: 'Forgot your password' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });
});

for (const { path, heading } of LEGAL_PAGES) {
  test.describe(heading, () => {
    // Jump instantly instead of smooth-scrolling the whole page for every one of the links.
    test.use({ reducedMotion: 'reduce' });

    test('its table of contents jumps to every section', async ({ page }) => {
      if (path !== '/terms') {
        desktopOnly('the same table of contents as the terms, which a phone unfolds and follows');
      }
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('Last updated 2 December 2026')).toBeVisible();

      const contents = page.getByRole('navigation', { name: 'On this page' });
      const links = contents.getByRole('link');
      await openContents(page);
      const count = await links.count();
      expect(count).toBeGreaterThan(5);

      for (let index = 0; index < count; index += 1) {
        await openContents(page);
        const link = links.nth(index);
        const target = (await link.getAttribute('href'))!;
        expect(target).toMatch(/^#[a-z-]+$/);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${path}${target}$`));
        const section = page.locator(target);
        await expect(section).toHaveRole('heading');
        await expect(section).toBeInViewport();
        // Not hidden under the sticky header.
        await expect
          .poll(async () => (await section.boundingBox())?.y ?? -1)
          .toBeGreaterThanOrEqual(64);
      }
    });

    test('covers deleting the account and AI-generated content', async ({ page }) => {
      desktopOnly('the words of the page, the same at every width');
      await page.goto(path);
      await expect(page.getByText(/delete your account/i).first()).toBeAttached();
      await expect(
        page.getByRole('heading', { level: 2, name: /AI-generated content/ }),
      ).toBeVisible();
    });

    test('opens at a section when linked to its anchor', async ({ page }) => {
      desktopOnly('anchor scrolling; a phone follows the table of contents of the terms');
      await page.goto(`${path}#contact`);
      await expect(page.getByRole('heading', { level: 2, name: 'Contact' })).toBeInViewport();
    });
  });
}

test('the privacy policy states what is stored, for how long, and how deletion works', async ({
  page,
}) => {
  desktopOnly('the words of the page; its table is fitted to a phone below');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Deleting your account' })).toBeVisible();
  await expect(page.getByText('Muse never sees or stores your full card number')).toBeVisible();
  const retention = page.getByRole('table', { name: 'How long Muse keeps each kind of data' });
  await expect(retention.getByRole('row', { name: /Server logs/ })).toContainText('30 days');
  await expect(retention.getByRole('row', { name: /Backups/ })).toContainText('35 days');
});

test('the legal pages name the support address from the server', async ({ page, request }) => {
  desktopOnly('the words of the pages, the same at every width');
  const config = ZPublicConfig.parse(await (await request.get('/api/config')).json());
  for (const { path } of LEGAL_PAGES) {
    await page.goto(path);
    await expect(
      page.getByRole('link', { name: config.supportEmail, exact: true }).first(),
    ).toHaveAttribute('href', `mailto:${config.supportEmail}`);
  }
});

for (const path of ['/support', '/terms', '/privacy']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    if (path !== '/terms') {
      desktopOnly('the same parts at every width; /terms is scanned with its phone-only toggle');
    }
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('on a phone the support and legal pages fit the screen', async ({ page, request }) => {
  phoneOnly('the phone layout only');
  const config = ZPublicConfig.parse(await (await request.get('/api/config')).json());
  await page.goto('/support');
  await expectFitsScreen(page, [
    page.getByRole('link', { name: config.supportEmail, exact: true }),
    page.getByRole('button', { name: 'Copy address' }),
    page.getByRole('navigation', { name: 'Quick links' }),
    page.getByText('How do credits work?'),
  ]);
  for (const { path, heading } of LEGAL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await openContents(page);
    await expectFitsScreen(page, [
      page.getByRole('navigation', { name: 'On this page' }).getByRole('link').last(),
      page.getByRole('link', { name: config.supportEmail, exact: true }).first(),
    ]);
  }
  await expectFitsScreen(page, [
    page.getByRole('table', { name: 'How long Muse keeps each kind of data' }),
  ]);
});

/** On narrow screens the table of contents is folded behind its button. */
async function openContents(page: Page) {
  const toggle = page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('button', { name: /On this page/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
}
