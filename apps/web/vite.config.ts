import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { writeToolRegistry } from '../../scripts/tool-registry.mjs';

// The tools' pages (src/features/tools/pages.gen.ts) are listed from their files at every start.
writeToolRegistry();

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

const SHARED_PACKAGE = /[\\/]packages[\\/]shared[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** The entries that start a prerendered page's scripts: each runs only on its own pages. */
const BOOT_ENTRY = /[\\/]src[\\/](app-boot|landing-boot)\.ts$|[\\/]landing\.html$/;
/** What those entries share: the wait for the first paint, and Vite's loader of lazy files. */
const BOOT_SHARED = /[\\/]src[\\/]after-first-paint\.ts$|vite[\\/]preload-helper/;
const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.m?js$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/** The file of a lucide icon by its component's name: ArrowRight is arrow-right, Trash2 trash-2. */
const iconFile = (name: string) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

type TLanding = { modules: Set<string>; icons: Set<string> };
let landing: TLanding | undefined;

/**
 * What the landing's scripts use of the app's own code and of the icons, so that it ships in
 * files the landing loads and nothing else does: the modules landing.html reaches through the
 * app's imports, and the icons they import. scripts/prerender.mjs checks that the landing loads
 * no library but react.
 */
function landingOf(ctx: ChunkingContext): TLanding {
  if (landing) return landing;
  const modules = new Set<string>();
  const icons = new Set<string>();
  const queue = [page('landing.html')];
  while (queue.length > 0) {
    const next = queue.pop()!;
    // A library's stylesheet (the font's) is the landing's too; its scripts are not walked.
    const library = NODE_MODULES.test(next) && !next.endsWith('.css');
    if (modules.has(next) || library || SHARED_PACKAGE.test(next)) continue;
    modules.add(next);
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    queue.push(...info.importedIds, ...info.dynamicallyImportedIds);
    for (const [, names] of (info.code ?? '').matchAll(ICON_IMPORT)) {
      for (const name of names!.split(',')) {
        const imported = name.trim().split(/\s+as\s+/)[0]!;
        if (imported && !imported.startsWith('type ')) icons.add(iconFile(imported));
      }
    }
  }
  if (icons.size === 0) throw new Error('The build found no icon the landing draws');
  landing = { modules, icons };
  return landing;
}

/**
 * Whether the landing's scripts may use a module of the app's own: one they reach, or one of
 * the shared package's that needs no library (the package's index names all of its modules, so
 * its imports say nothing of which the landing uses).
 */
function usedByLanding(id: string, ctx: ChunkingContext): boolean {
  // The landing's entry stays in a file of its own: what it does when it runs is for the landing.
  if (BOOT_ENTRY.test(id)) return false;
  if (SHARED_PACKAGE.test(id)) {
    return !ctx.getModuleInfo(id)?.importedIds.some((imported) => NODE_MODULES.test(imported));
  }
  return landingOf(ctx).modules.has(id);
}

/** The browser build's files, as the bundler wrote them: kept for `withoutLoadedFiles`. */
let builtFiles: OutputBundle | undefined;

/** Keeps the bundle before Vite writes the lists of files each lazy import preloads. */
const keepBundle: Plugin = {
  name: 'muse:keep-bundle',
  enforce: 'pre',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      builtFiles = bundle;
    },
  },
};

/** `file` and every file it imports statically, directly or not: loaded whenever it runs. */
function loadedWith(file: string): Set<string> {
  const loaded = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (loaded.has(next)) continue;
    loaded.add(next);
    const chunk = builtFiles?.[next];
    if (chunk?.type === 'chunk') queue.push(...chunk.imports);
  }
  return loaded;
}

/**
 * What a lazy import preloads: the files it needs that the page has not loaded yet. Vite lists
 * them all, and its loader adds a `<link rel="modulepreload">` for each one it has not seen as
 * such a link, which a prerendered page's scripts are not (app-boot.ts adds them as scripts): on
 * the marketplace, a phone spent longer adding links for files already running than hydrating
 * the cards (docs/decisions/0036-schemas-on-first-use.md). Whatever the importing file imports
 * statically is loaded by the time it runs, and is left out.
 */
function withoutLoadedFiles(
  _file: string,
  deps: string[],
  { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  if (hostType === 'html') return deps;
  if (!builtFiles) throw new Error('The bundle was not kept before the preload lists');
  const loaded = loadedWith(hostId);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * `npm run build` builds the app for the browser, then the public pages' renderer for Node
 * (`vite build --ssr`), which scripts/prerender.mjs runs to write their HTML
 * (docs/decisions/0034-prerendered-public-pages.md).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [keepBundle, react(), tailwindcss()],
  // The shared package is TypeScript source: the renderer bundles it like the browser build does.
  ssr: { noExternal: ['@muse/shared'] },
  build: isSsrBuild
    ? // The page renderer: the build runs it for every public page, the server for the marketplace.
      { target: 'node24', outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        // Only what the first page shows ships up front; every route is its own chunk.
        modulePreload: { polyfill: false, resolveDependencies: withoutLoadedFiles },
        rolldownOptions: {
          // The app, and the landing on its own: its first load is the landing alone, without
          // the app's router, query client or tailwind-merge (landing.html, landing-boot.ts).
          input: {
            index: page('index.html'),
            landing: page('landing.html'),
            'app-boot': page('src/app-boot.ts'),
          },
          output: {
            codeSplitting: {
              // What a page loads up front ships as few scripts, each request costing a phone a
              // round trip and its main thread a moment: what the pages' small entries share
              // (boot, with the one stylesheet), the libraries the landing shares with the app
              // (react), the app's other libraries (vendor, which the landing never loads), the
              // app's code every page runs (the part the landing shares in `public`, the rest in
              // `initial`), and the icons (the landing's, and the rest), not one file each.
              groups: [
                {
                  // What the prerendered pages' entries share: the stylesheets, the wait for the
                  // first paint, and Vite's loader of a dynamic import's files.
                  name: 'boot',
                  test: (id) => id.endsWith('.css') || BOOT_SHARED.test(id),
                  priority: 5,
                },
                {
                  name: 'react',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|clsx|lucide-react)[\\/]/,
                  priority: 4,
                },
                {
                  // zod loads with the first schema a page uses, never with a public page
                  // (docs/decisions/0036-schemas-on-first-use.md).
                  name: 'zod',
                  test: /[\\/]node_modules[\\/]zod[\\/]/,
                  priority: 3,
                },
                {
                  name: 'vendor',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/](?!zod[\\/]).*\.[cm]?js$/,
                  priority: 3,
                },
                {
                  name: (id, ctx) =>
                    landingOf(ctx).icons.has(ICON.exec(id)?.[1] ?? '') ? 'landing-icons' : 'icons',
                  test: ICON,
                  priority: 2,
                },
                {
                  name: (id, ctx) => (usedByLanding(id, ctx) ? 'public' : null),
                  tags: ['$initial'],
                  priority: 1,
                },
                {
                  name: 'initial',
                  tags: ['$initial'],
                  test: (id) => !BOOT_ENTRY.test(id),
                  priority: 0,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
}));
