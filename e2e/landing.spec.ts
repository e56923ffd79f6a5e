import type { Locator, Page, TestInfo } from '@playwright/test';
import { AUTH_TEXTS, PRERENDERED_ROUTES, ZPublicConfig } from '@muse/shared';
import { desktopOnly, expect, test } from './fixtures';
import { registerAccount, signInAs } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expectFitsScreen } from './support/layout';

const MAX_MEDIA_BYTES = 2 * 1024 * 1024;

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** The header's nav; on a phone its links sit behind the menu button, which this opens. */
async function mainNav(page: Page, testInfo: TestInfo): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isPhone(testInfo)) {
    const menu = nav.getByRole('button', { name: 'Menu' });
    // The prerendered page shows before its scripts have run: a tap before then does nothing,
    // and the visitor taps again.
    await expect(async () => {
      if ((await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
  }
  return nav;
}

/** The section has scrolled to the top of the window, just below the sticky header. */
async function expectScrolledTo(page: Page, id: string) {
  await expect(page.locator(`#${id}-title`)).toBeInViewport();
  await expect
    .poll(() => page.locator(`#${id}`).evaluate((section) => section.getBoundingClientRect().top))
    .toBeLessThan(100);
  await expect
    .poll(() => page.locator(`#${id}`).evaluate((section) => section.getBoundingClientRect().top))
    .toBeGreaterThanOrEqual(0);
}

test.describe('the header', () => {
  for (const [label, id] of [
    ['Features', 'features'],
    ['Pricing', 'pricing'],
    ['FAQ', 'faq'],
  ] as const) {
    test(`'${label}' scrolls to #${id}, on the landing and from another page`, async ({
      page,
    }, testInfo) => {
      if (label !== 'FAQ') {
        desktopOnly('the same menu and scrolling as FAQ, the section nearest the end, on a phone');
      }
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('AI influencers');
      let nav = await mainNav(page, testInfo);
      const link = nav.getByRole('link', { name: label, exact: true });
      await expect(link).toHaveAttribute('href', `/#${id}`);
      await link.click();
      await expect(page).toHaveURL(`/#${id}`);
      await expectScrolledTo(page, id);
      if (isPhone(testInfo)) {
        // Following a link closes the menu.
        await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
      }

      await page.goto('/marketplace');
      nav = await mainNav(page, testInfo);
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`/#${id}`);
      await expectScrolledTo(page, id);
    });
  }

  test('Home, Marketplace, Sign In and Get Started lead to their pages', async ({
    page,
  }, testInfo) => {
    await page.goto('/marketplace');
    await (await mainNav(page, testInfo)).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI influencers');

    // On the landing itself, 'Home' goes back to the top.
    await (await mainNav(page, testInfo)).getByRole('link', { name: 'Pricing' }).click();
    await expectScrolledTo(page, 'pricing');
    await (await mainNav(page, testInfo)).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await (await mainNav(page, testInfo)).getByRole('link', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL('/marketplace');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await (await mainNav(page, testInfo)).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

    // 'Get Started' stays in the header bar at every width.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Get Started' })
      .click();
    await expect(page).toHaveURL('/register');
  });

  test('a deep link to a section lands on it', async ({ page }) => {
    desktopOnly('anchor scrolling; a phone follows the FAQ link above');
    await page.goto('/#how-it-works');
    await expectScrolledTo(page, 'how-it-works');
    await expect(page.locator('#how-it-works')).toContainText('Choose a model');
  });

  test('the footer links to how it works', async ({ page }) => {
    desktopOnly('a link and anchor scrolling, the same at every width');
    await page.goto('/support');
    await page.getByRole('contentinfo').getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL('/#how-it-works');
    await expectScrolledTo(page, 'how-it-works');
  });

  test('on a phone the menu opens, closes on Escape and hides its links', async ({
    page,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'the menu button shows on narrow screens only');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden();
    // Nothing spills sideways; the menu, Get Started and the hero's controls fit.
    const hero = page.getByRole('region', { name: /AI influencers/ });
    await expectFitsScreen(page, [
      menu,
      nav.getByRole('link', { name: 'Get Started' }),
      hero.getByRole('link', { name: 'Create your AI influencer' }),
      page.getByRole('button', { name: /^(Pause|Play) the video$/ }),
    ]);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
    const labels = ['Home', 'Marketplace', 'Features', 'Pricing', 'FAQ', 'Sign In'];
    for (const label of labels) {
      await expect(panel.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expectFitsScreen(
      page,
      labels.map((label) => panel.getByRole('link', { name: label, exact: true })),
    );
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test.describe('the landing page', () => {
  test('has its title, description and the 70+ models it claims', async ({ page }) => {
    desktopOnly('the words and links of the page, the same at every width');
    await page.goto('/');
    await expect(page).toHaveTitle('Muse');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /AI influencers/,
    );
    await expect(page.getByRole('link', { name: /70\+ ready-made AI models/ })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    const hero = page.getByRole('region', { name: /AI influencers/ });
    await expect(hero.getByRole('link', { name: 'Create your AI influencer' })).toHaveAttribute(
      'href',
      '/register',
    );
    for (const id of ['features', 'showcase', 'how-it-works', 'numbers', 'pricing', 'faq']) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    await expect(page.locator('#features li')).toHaveCount(4);
    await expect(page.locator('#how-it-works li')).toHaveCount(3);
  });

  test('the hero video is muted, looping, inline, with a poster, and small', async ({
    page,
    request,
  }) => {
    desktopOnly('the same video and files at every width');
    await page.goto('/');
    const video = page.locator('video');
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute('autoplay', '');
    await expect(video).toHaveAttribute('loop', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('muted', '');
    await expect(video).toHaveAttribute('poster', '/media/hero-poster.webp');
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    // A real file the browser decodes and plays.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused))
      .toBe(false);

    const sources = await video
      .locator('source')
      .evaluateAll((elements) =>
        elements.map((element) => [element.getAttribute('src'), element.getAttribute('type')]),
      );
    expect(sources).toEqual([
      ['/media/hero.webm', 'video/webm'],
      ['/media/hero.mp4', 'video/mp4'],
    ]);
    let total = 0;
    for (const [path, type] of [...sources, ['/media/hero-poster.webp', 'image/webp']]) {
      const response = await request.get(path!);
      expect(response.status(), path!).toBe(200);
      expect(response.headers()['content-type']).toContain(type!);
      const bytes = (await response.body()).length;
      expect(bytes, path!).toBeGreaterThan(1000);
      expect(bytes, path!).toBeLessThan(MAX_MEDIA_BYTES);
      total += bytes;
    }
    expect(total).toBeLessThan(MAX_MEDIA_BYTES);

    // Moving content can be stopped.
    await page.getByRole('button', { name: 'Pause the video' }).click();
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play the video' }).click();
    await expect(page.getByRole('button', { name: 'Pause the video' })).toBeVisible();
  });

  test('a visitor who prefers reduced motion sees the poster, not a playing video', async ({
    page,
  }) => {
    desktopOnly('a media preference, not the layout');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('poster', '/media/hero-poster.webp');
    expect(await video.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await expect(page.getByRole('button', { name: 'Play the video' })).toBeVisible();
  });

  test('images below the fold load lazily at fixed sizes, and nothing shifts', async ({ page }) => {
    await page.goto('/');
    const images = page.locator('#showcase img');
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }
    await page.locator('#showcase').scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        images.evaluateAll((elements) =>
          elements.every((element) => (element as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              sum += (entry as PerformanceEntry & { value: number }).value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 300);
        }),
    );
    expect(layoutShift).toBeLessThan(0.05);
  });

  test('the numbers panel works out the breakeven from the plans, the PPV price and the fee', async ({
    page,
  }) => {
    desktopOnly('figures and texts, the same at every width');
    await page.goto('/');
    const numbers = page.locator('#numbers');
    await expect(numbers.getByRole('heading', { level: 2 })).toHaveText(
      'Every plan pays for itself in 2 sales or fewer',
    );
    await expect(numbers).toContainText(
      'A pay-per-view post sells for $50, and you keep 80% of every sale.',
    );
    await expect(numbers).toContainText("after Muse's 20% fee on every sale");
    const rows = numbers.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Builder · $12/month');
    await expect(rows.nth(0)).toContainText('1 sale to break even');
    await expect(rows.nth(0)).toContainText("1 sale × $50 = $50, less Muse's fee of $10");
    await expect(rows.nth(0)).toContainText('$28 left over');
    await expect(rows.nth(1)).toContainText('$15 left over');
    await expect(rows.nth(2)).toContainText('Growth · $79/month');
    await expect(rows.nth(2)).toContainText('2 sales to break even');
    await expect(rows.nth(2)).toContainText("2 sales × $50 = $100, less Muse's fee of $20");
    await expect(rows.nth(2)).toContainText('$1 left over');
    await expect(numbers).not.toContainText('$38 left over');
  });
});

test.describe('pricing', () => {
  const plans = [
    {
      name: 'Builder',
      monthly: '$12',
      yearly: '$9',
      billed: '$108',
      credits: '500',
      trainings: '1 influencer training per month',
      support: 'Standard support',
    },
    {
      name: 'Launch',
      monthly: '$25',
      yearly: '$19',
      billed: '$228',
      credits: '2,000',
      trainings: '2 influencer trainings per month',
      support: 'Standard support',
    },
    {
      name: 'Growth',
      monthly: '$79',
      yearly: '$65',
      billed: '$780',
      credits: '8,000',
      trainings: '5 influencer trainings per month',
      support: 'Priority support',
    },
  ];

  test('the monthly/yearly toggle switches all three prices', async ({ page }) => {
    desktopOnly('prices and texts, the same at every width');
    await page.goto('/');
    const pricing = page.locator('#pricing');
    const card = (name: string) => pricing.getByRole('article', { name });
    const monthly = pricing.getByRole('button', { name: 'Monthly' });
    const yearly = pricing.getByRole('button', { name: /Yearly/ });

    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    for (const plan of plans) {
      await expect(card(plan.name).getByTestId('plan-price')).toHaveText(plan.monthly);
      await expect(card(plan.name).getByTestId('plan-billing')).toHaveText('Billed monthly');
      await expect(card(plan.name)).toContainText(`${plan.credits} credits per month`);
      await expect(card(plan.name)).toContainText(plan.trainings);
      await expect(card(plan.name)).toContainText(plan.support);
    }
    await expect(pricing.getByText('Most Popular')).toHaveCount(1);
    await expect(card('Launch')).toContainText('Most Popular');
    await expect(card('Builder')).toContainText('Photo tools only, no image or video generation');
    await expect(pricing).toContainText('Card and PayPal accepted');
    await expect(pricing).toContainText('Benefits accumulate on every renewal and upgrade');

    await yearly.click();
    await expect(yearly).toHaveAttribute('aria-pressed', 'true');
    await expect(monthly).toHaveAttribute('aria-pressed', 'false');
    for (const plan of plans) {
      await expect(card(plan.name).getByTestId('plan-price')).toHaveText(plan.yearly);
      await expect(card(plan.name).getByTestId('plan-billing')).toHaveText(
        `Billed yearly ${plan.billed}`,
      );
    }

    await monthly.click();
    for (const plan of plans) {
      await expect(card(plan.name).getByTestId('plan-price')).toHaveText(plan.monthly);
    }
  });

  test("every 'Get Credits' button leads to /register", async ({ page }) => {
    desktopOnly('links, the same at every width');
    test.setTimeout(60_000); // three round trips to /register and back
    await page.goto('/');
    const buttons = page.locator('#pricing').getByRole('link', { name: 'Get Credits' });
    await expect(buttons).toHaveCount(3);
    for (const button of await buttons.all()) {
      await expect(button).toHaveAttribute('href', '/register');
    }
    for (const index of [0, 1, 2]) {
      await buttons.nth(index).click();
      await expect(page).toHaveURL('/register');
      await page.goBack();
      await expect(page).toHaveURL('/');
    }
  });
});

/** One answer open at a time, a second click closes it: the browser's own `<details name>`. */
async function expectFaqAccordion(page: Page) {
  const items = page.locator('#faq details');
  await expect(items).toHaveCount(5);
  const question = (index: number) => items.nth(index).locator('summary');
  const answer = (index: number) => items.nth(index).locator('p');
  for (const index of [0, 1, 2, 3, 4]) await expect(answer(index)).toBeHidden();

  await question(0).click();
  await expect(answer(0)).toBeVisible();

  await question(2).click();
  await expect(answer(2)).toContainText('credits');
  await expect(answer(0)).toBeHidden();
  await expect(page.locator('#faq details[open]')).toHaveCount(1);

  await question(2).click();
  await expect(answer(2)).toBeHidden();
  await expect(page.locator('#faq details[open]')).toHaveCount(0);
}

test('the FAQ opens one answer at a time and a second click closes it', async ({ page }) => {
  desktopOnly('the accordion behaves the same at every width');
  await page.goto('/');
  await expectFaqAccordion(page);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the FAQ works all the same', async ({ page }) => {
    desktopOnly('the accordion behaves the same at every width');
    await page.goto('/');
    await expectFaqAccordion(page);
  });

  test('the marketplace shows every model with its portrait and claim count', async ({ page }) => {
    desktopOnly('the same HTML at every width');
    await page.goto('/marketplace');
    const cards = page.getByRole('list', { name: 'Models' }).getByRole('listitem');
    await expect(cards).toHaveCount(18);
    const first = cards.first();
    await expect(first.getByRole('img')).toBeVisible();
    await expect
      .poll(() => first.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(first.getByText(/^\d\/5 claimed$/)).toBeVisible();
  });

  test('the support page names the support address', async ({ page, request }) => {
    desktopOnly('the same HTML at every width');
    const config = ZPublicConfig.parse(await (await request.get('/api/config')).json());
    await page.goto('/support');
    await expect(
      page.getByRole('link', { name: config.supportEmail, exact: true }).first(),
    ).toHaveAttribute('href', `mailto:${config.supportEmail}`);
  });
});

test('the landing has no serious or critical accessibility violations', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .locator('#pricing')
    .getByRole('button', { name: /Yearly/ })
    .click();
  await page.locator('#faq summary').first().click();
  expect(await seriousViolations(page)).toEqual([]);

  if (isPhone(testInfo)) {
    await mainNav(page, testInfo);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test.describe('prerendered public pages', () => {
  for (const route of PRERENDERED_ROUTES) {
    test(`${route} arrives as HTML and hydrates without a warning`, async ({ page, request }) => {
      desktopOnly('the same HTML and scripts at every width');
      const html = await (await request.get(route)).text();
      expect(html).toMatch(/<div id="root" data-prerendered="[^"]*">.*<h1[ >]/s);
      // Its scripts wait for its first paint: the HTML starts one small script, and preloads
      // nothing but what that script needs to start.
      expect(html.match(/<script type="module"[^>]*>/g)).toHaveLength(1);
      const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)];
      expect(preloads.map((match) => match[1]).filter((href) => !/\/boot-/.test(href!))).toEqual(
        [],
      );
      // Its own title, before any script runs: the one the page shows once hydrated.
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];

      // A page React cannot hydrate is rendered afresh: the server's elements leave #root.
      await page.addInitScript(() => {
        new MutationObserver((records) => {
          const fromRoot = (record: MutationRecord) =>
            (record.target as Element).id === 'root' && record.removedNodes.length > 0;
          if (records.some(fromRoot)) {
            (window as { rootReplaced?: boolean }).rootReplaced = true;
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const scripts: string[] = [];
      page.on('request', (sent) => {
        if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
      });
      await page.goto(route);
      // Hydrated: React has taken over the heading the server sent.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.querySelector('h1') ?? {}).some((key) =>
              key.startsWith('__reactFiber'),
            ),
          ),
        )
        .toBe(true);
      expect(await page.evaluate(() => (window as { rootReplaced?: boolean }).rootReplaced)).toBe(
        undefined,
      );
      expect(warnings).toEqual([]);
      expect(await page.title()).toBe(title);
      // A first visit builds no validation schema: zod loads with the first form sent.
      expect(scripts.filter((path) => /\/zod-/.test(path))).toEqual([]);
    });
  }
});

test('the sign-in form loads its checks when first sent, and says what is missing', async ({
  page,
}) => {
  desktopOnly('the same scripts at every width');
  const zod: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.resourceType() === 'script' && /\/zod-/.test(path)) zod.push(path);
  });
  // A policy violation the page catches (zod's probe for `new Function`) reaches no console.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = window as { violations?: string[] };
      (seen.violations ??= []).push(event.violatedDirective);
    });
  });
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(submit).toBeEnabled();
  expect(zod).toEqual([]);
  // Sent empty: the checks load, run without compiling code, and name the first missing field.
  await submit.click();
  await expect(page.getByText(AUTH_TEXTS.emailRequired)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  expect(zod).toHaveLength(1);
  expect(await page.evaluate(() => (window as { violations?: string[] }).violations)).toBe(
    undefined,
  );
});

test.describe('a signed-in visitor', () => {
  for (const route of ['/', '/marketplace']) {
    test(`on ${route} is offered the dashboard, not Sign In or Get Started`, async ({
      page,
      request,
    }, testInfo) => {
      await signInAs(page, await registerAccount(request));
      await page.goto(route);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const dashboard = nav.getByRole('link', { name: 'Dashboard' });
      await expect(dashboard.first()).toBeVisible();
      await expect(dashboard.first()).toHaveAttribute('href', '/dashboard');
      await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      if (isPhone(testInfo)) {
        await mainNav(page, testInfo);
        await expect(dashboard).toHaveCount(2);
        await expect(dashboard.last()).toBeVisible();
      }
      await dashboard.first().click();
      await expect(page).toHaveURL('/dashboard');
    });
  }
});
