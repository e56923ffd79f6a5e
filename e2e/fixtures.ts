import { test as base, expect } from '@playwright/test';

/**
 * Chromium logs every 4xx answer as a console error. An API call that answers 4xx is part of
 * a flow the page handles (a wrong password, a used link) and is checked by the test itself;
 * the response listener below still fails on 5xx answers and on 4xx for anything but the API.
 */
const HANDLED_API_ANSWER = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Every page must load without errors: a script error, a content-security-policy violation, a
 * server error, or a missing page asset fails the test that caused it.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !HANDLED_API_ANSWER.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (response) => {
        const url = new URL(response.url());
        const ours = baseURL && url.origin === new URL(baseURL).origin;
        if (!ours) return;
        const isApi = url.pathname.startsWith('/api/');
        if (response.status() >= 500 || (!isApi && response.status() >= 400)) {
          errors.push(`${response.status()} for ${url.pathname}`);
        }
      });
      await use(errors);
      expect(errors, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * For a test whose subject does not change with the screen size: run once, at desktop size,
 * so the suite's time goes to what the phone layout actually changes.
 */
export function desktopOnly(reason: string): void {
  test.skip(test.info().project.name === 'phone', reason);
}

/**
 * For a test of the phone layout itself (a menu button, a drawer, a page fitting a narrow
 * screen): run on the phone project only.
 */
export function phoneOnly(reason: string): void {
  test.skip(test.info().project.name !== 'phone', reason);
}
