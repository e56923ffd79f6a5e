// The Chromium the end-to-end tests drive, and the check `npm test` runs before anything else.
// CHROMIUM_PATH when set, else Debian's (/usr/bin/chromium), else Playwright's own browser
// (`npx playwright install chromium`), which Playwright finds by itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The executable to launch, or undefined to let Playwright launch its own browser. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return undefined;
}

/** Why no Chromium can run the end-to-end tests, in one line; undefined when one can. */
export function missingChromium() {
  const install =
    "install Debian's chromium (apt-get install chromium), or Playwright's own browser where it can be downloaded (npx playwright install chromium)";
  const path = chromiumPath() ?? chromium.executablePath();
  const where = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH (${path})`
    : existsSync(DEBIAN_CHROMIUM)
      ? DEBIAN_CHROMIUM
      : `${DEBIAN_CHROMIUM} or Playwright's browser`;
  if (!existsSync(path))
    return `The end-to-end tests need Chromium and there is none at ${where}: ${install}`;
  const run = spawnSync(path, ['--version'], { stdio: 'ignore', timeout: 20_000 });
  if (run.status !== 0)
    return `The end-to-end tests need Chromium and ${where} does not run: ${install}`;
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingChromium();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
}
