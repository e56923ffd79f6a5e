// The Chromium the end-to-end tests drive, and the check `npm test` runs before anything else.
// CHROMIUM_PATH when set, else Debian's headless shell (/usr/bin/chromium-headless-shell), else
// Debian's Chromium (/usr/bin/chromium), else Playwright's own browser (`npx playwright install
// chromium`), which Playwright finds by itself. The headless shell is Chromium's engine without
// the desktop browser around it, the one Playwright itself runs headless: on 2 cores the suite
// runs about a fifth faster in it than in the full browser (docs/decisions/0047).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The executable to launch, or undefined to let Playwright launch its own browser. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM].find((file) => existsSync(file));
}

/** Why no Chromium can run the end-to-end tests, in one line; undefined when one can. */
export function missingChromium() {
  const install =
    "install Debian's chromium-headless-shell (apt-get install chromium-headless-shell), or Playwright's own browser where it can be downloaded (npx playwright install chromium)";
  const found = chromiumPath();
  const path = found ?? chromium.executablePath();
  const where = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH (${path})`
    : (found ?? `${DEBIAN_HEADLESS_SHELL}, ${DEBIAN_CHROMIUM} or Playwright's browser`);
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
