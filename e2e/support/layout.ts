import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The page fits the screen: each of `controls` lies whole within the screen's width where the
 * page draws it (measured before any scrolling, which could pan a clipped box into view) and
 * can be scrolled into view, so a phone user reaches it without panning; and nothing spills
 * sideways: the page never scrolls horizontally.
 */
export async function expectFitsScreen(page: Page, controls: Locator[]): Promise<void> {
  const width = page.viewportSize()!.width;
  const path = new URL(page.url()).pathname;
  for (const [index, control] of controls.entries()) {
    const name = `control ${index + 1} on ${path}`;
    await expect(control, name).toBeVisible();
    const box = await control.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, `${name} starts left of the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends right of the screen`).toBeLessThanOrEqual(width);
    await control.scrollIntoViewIfNeeded();
    await expect(control, name).toBeInViewport();
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${path} is wider than the screen`,
  ).toBeLessThanOrEqual(width);
}
