// Writes the public pages' HTML after `vite build` and `vite build --ssr src/prerender.tsx`
// (docs/decisions/0034-prerendered-public-pages.md): each page's markup goes into the built
// index.html (the landing's into landing.html, its own entry) as dist/prerendered/<page>.html,
// which the server answers at the page's path.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const rendererDir = path.join(webDir, 'node_modules/.cache/muse-prerender');
const { PRERENDERED_ROUTES, prerenderedFile, renderPage } = await import(
  pathToFileURL(path.join(rendererDir, 'prerender.js')).href
);

const ROOT = '<div id="root"></div>';
const templates = {
  app: await readFile(path.join(dist, 'index.html'), 'utf8'),
  landing: await readFile(path.join(dist, 'landing.html'), 'utf8'),
};

// The page's text paints before any script, so the text face must arrive with the stylesheet:
// a late swap from the fallback face would move the page under the visitor's eyes.
const font = (await readdir(path.join(dist, 'assets'))).find((name) =>
  /^inter-latin-wght-normal-.*\.woff2$/.test(name),
);
if (!font) throw new Error('The build has no Inter latin font to preload');
const fontPreload = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`;

/** Text as it may stand in HTML, in an element or an attribute. */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

await mkdir(path.join(dist, 'prerendered'), { recursive: true });
for (const route of PRERENDERED_ROUTES) {
  const template = route === '/' ? templates.landing : templates.app;
  if (!template.includes(ROOT)) throw new Error(`The built HTML for ${route} has no empty #root`);
  const { markup, head } = await renderPage(route);
  const html = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, before, after) => `${before}${escapeHtml(head.description)}${after}`,
    )
    .replace('</head>', () => `  ${fontPreload}\n  </head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${route}">${markup}</div>`);
  await writeFile(path.join(dist, 'prerendered', prerenderedFile(route)), html);
  console.log(`prerendered ${route} (${(markup.length / 1024).toFixed(1)} kB of markup)`);
}

// landing.html lives on as prerendered/index.html; the renderer is not part of the app.
await rm(path.join(dist, 'landing.html'));
await rm(rendererDir, { recursive: true, force: true });
