// Writes the public pages' HTML after `vite build` and `vite build --ssr src/prerender.tsx`
// (docs/decisions/0034-prerendered-public-pages.md): each page's markup goes into the built
// index.html (the landing's into landing.html, its own entry) as dist/prerendered/<page>.html,
// which the server answers at the page's path. The app's pages load their scripts once they have
// painted (src/app-boot.ts). Each app page is also written as a template, dist/server/<page>.html,
// which the server renders with its settings, and the marketplace with its models
// (dist/server/prerender.js). An influencer's public page has an entry of its own
// (public-page.html), written as the template dist/server/public-page.html, which the server
// renders with the page's posts (docs/decisions/0058-public-page-for-fans.md).
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const rendererDir = path.join(dist, 'server');
const {
  PAGE_DATA,
  PAGE_MARKUP,
  PRERENDERED_ROUTES,
  PUBLIC_PAGE_TEMPLATE,
  prerenderedFile,
  renderPage,
} = await import(pathToFileURL(path.join(rendererDir, 'prerender.js')).href);

const assets = await readdir(path.join(dist, 'assets'));

// The page's text paints before any script, so the text face must arrive with the stylesheet:
// a late swap from the fallback face would move the page under the visitor's eyes.
const font = assets.find((name) => /^inter-latin-wght-normal-.*\.woff2$/.test(name));
if (!font) throw new Error('The build has no Inter latin font to preload');
const fontPreload = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`;

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const appBoot = assets.find((name) => /^app-boot-[\w-]+\.js$/.test(name));
if (!appBoot) throw new Error('The build has no app-boot script');

/**
 * The app's HTML with its scripts loaded once the page has painted: one small script in place of
 * them (src/app-boot.ts) names them, and adds them to the page then.
 */
function scriptsAfterPaint(html) {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (entries.length === 0) throw new Error('The built index.html loads no script');
  // Vite preloads the entry's imports from the head: they wait for the first paint too.
  const scripts = [...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]), ...entries];
  const boot = `<script type="module" crossorigin src="/assets/${appBoot}" data-scripts="${scripts.join(' ')}"></script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `  ${boot}\n  </head>`);
}

/**
 * The scripts a page loads on a first visit: those its HTML names, what they import, and, for a
 * page whose HTML names only its boot script (`afterPaint`), what that loads once the page has
 * painted (Vite lists a dynamic import's files with it, in the script that imports). What the
 * page's own scripts import lazily later (a dialog, the checkout, the app's routes) loads on
 * intent, not with the page.
 */
async function scriptsOf(html, { afterPaint = true } = {}) {
  const seen = new Set();
  const named = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
  const queue = [...named];
  while (queue.length > 0) {
    const name = queue.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const code = await readFile(path.join(dist, 'assets', name), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1]);
    if (!afterPaint || !named.includes(name)) continue;
    for (const match of code.matchAll(/"assets\/([^"]+\.js)"/g)) queue.push(match[1]);
  }
  return seen;
}

/**
 * A page that hydrates without the app loads no library but react, and none of the app's own
 * start (vite.config.ts, LEAN_PAGES): its first visit stays small.
 */
const NOT_LEAN = /^(vendor|zod|toaster|index|initial|icons|dialog)-/;
const LEAN_PAGE_HTML = { landing: 'landing.html', 'public page': 'public-page.html' };
for (const [name, file] of Object.entries(LEAN_PAGE_HTML)) {
  const scripts = [...(await scriptsOf(await readFile(path.join(dist, file), 'utf8')))];
  const heavy = scripts.filter((script) => NOT_LEAN.test(script));
  if (heavy.length > 0) {
    throw new Error(`The ${name} loads the app's libraries or start (${heavy.join(', ')})`);
  }
}
const appHtml = await readFile(path.join(dist, 'index.html'), 'utf8');
// The app's entry renders the app when it runs: no other file may import it (what a lean page
// loads on intent imports the app's code, `initial`, never its entry).
const appEntry = [...appHtml.matchAll(MODULE_SCRIPT)].map((match) => path.basename(match[1]));
for (const name of assets.filter((file) => file.endsWith('.js'))) {
  const code = await readFile(path.join(dist, 'assets', name), 'utf8');
  const imported = appEntry.find(
    (entry) => code.includes(`./${entry}"`) || code.includes(`./${entry}\``),
  );
  if (imported) throw new Error(`${name} imports the app's entry (${imported})`);
}
// Nor does the app's start load an influencer's public page's own files: its route loads them.
const appStart = [...(await scriptsOf(appHtml, { afterPaint: false }))];
const fanPageFiles = appStart.filter((script) => /^fan-page-/.test(script));
if (fanPageFiles.length > 0) {
  throw new Error(`The app's start loads the public page's files (${fanPageFiles.join(', ')})`);
}

const ROOT = '<div id="root"></div>';
const templates = {
  app: scriptsAfterPaint(await readFile(path.join(dist, 'index.html'), 'utf8')),
  landing: await readFile(path.join(dist, 'landing.html'), 'utf8'),
  publicPage: await readFile(path.join(dist, 'public-page.html'), 'utf8'),
};

/** Text as it may stand in HTML, in an element or an attribute. */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

await mkdir(path.join(dist, 'prerendered'), { recursive: true });
for (const route of PRERENDERED_ROUTES) {
  const template = route === '/' ? templates.landing : templates.app;
  if (!template.includes(ROOT)) throw new Error(`The built HTML for ${route} has no empty #root`);
  const { markup, head } = await renderPage(route);
  const page = (content) =>
    template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_, before, after) => `${before}${escapeHtml(head.description)}${after}`,
      )
      .replace('</head>', () => `  ${fontPreload}\n  </head>`)
      .replace(ROOT, () => `<div id="root" data-prerendered="${route}">${content}</div>`);
  await writeFile(path.join(dist, 'prerendered', prerenderedFile(route)), page(markup));
  // Every page of the app also as a template the server renders again with its settings.
  if (route !== '/') {
    const served = page(PAGE_MARKUP).replace('</body>', () => `${PAGE_DATA}\n  </body>`);
    await writeFile(path.join(rendererDir, prerenderedFile(route)), served);
  }
  console.log(`prerendered ${route} (${(markup.length / 1024).toFixed(1)} kB of markup)`);
}

// An influencer's public page is rendered by the server, with its posts (renderPublicPage): its
// template keeps its entry's title and description, which the server replaces with the page's
// link preview, and takes the page's markup in #root and the answer it was rendered from after.
if (!templates.publicPage.includes(ROOT))
  throw new Error('The built public-page.html has no empty #root');
const publicPage = templates.publicPage
  .replace('</head>', () => `  ${fontPreload}\n  </head>`)
  .replace(ROOT, () => `<div id="root">${PAGE_MARKUP}</div>`)
  .replace('</body>', () => `${PAGE_DATA}\n  </body>`);
await writeFile(path.join(rendererDir, PUBLIC_PAGE_TEMPLATE), publicPage);
console.log(`wrote the template of an influencer's public page (${PUBLIC_PAGE_TEMPLATE})`);

// landing.html lives on as prerendered/index.html, public-page.html as the server's template.
await rm(path.join(dist, 'landing.html'));
await rm(path.join(dist, 'public-page.html'));
