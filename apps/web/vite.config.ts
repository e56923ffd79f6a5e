import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, CodeSplittingGroup, OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { writeToolRegistry } from '../../scripts/tool-registry.mjs';

// The tools' pages (src/features/tools/pages.gen.ts) are listed from their files at every start.
writeToolRegistry();

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

const SHARED_PACKAGE = /[\\/]packages[\\/]shared[\\/]/;
const SHARED_INDEX = /[\\/]packages[\\/]shared[\\/]src[\\/]index\.ts$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * The pages that hydrate without the app's router, query client and zod: each an HTML entry
 * whose boot script loads its main module once the prerendered page has painted. What a page's
 * first load runs of the app's code and of the icons ships in files of its own (`code`, `icons`),
 * and what two of them share, or one shares with the app's start, in `lean`, so that none loads
 * what only another page needs (docs/decisions/0034-prerendered-public-pages.md,
 * docs/decisions/0058-public-page-for-fans.md). scripts/prerender.mjs checks that each loads no library but
 * react.
 */
type TLeanPage = {
  html: string;
  boot: string;
  main: string;
  code: string;
  icons: string;
  /**
   * A page whose code is also the app's lazy route: its feature's folder (whose modules are the
   * page's own) and the file of what it shares with other pages of the app, which they load
   * instead of the page's own file. Without it, the page's `code` takes only what the app's start
   * runs anyway, and every page of the app loads it.
   */
  route?: { feature: string; sharedCode: string };
};
const LEAN_PAGES: readonly TLeanPage[] = [
  {
    html: 'landing.html',
    boot: 'src/landing-boot.ts',
    main: 'src/landing-main.tsx',
    // The landing's own sections are also the app's route for `/`, split as the bundler splits
    // them; its chrome is every public page's, in `public`.
    code: 'public',
    icons: 'landing-icons',
  },
  {
    html: 'public-page.html',
    boot: 'src/public-page-boot.ts',
    main: 'src/public-page-main.tsx',
    code: 'fan-page',
    icons: 'fan-page-icons',
    route: { feature: 'src/features/public-page/', sharedCode: 'fan-page-shared' },
  },
];
/** What the lean pages share: the app's code and the icons two of them use. */
const LEAN_SHARED = 'lean';

/** A pattern of ids ending in one of `files` (paths relative to apps/web, `/` or `\` between parts). */
const endingIn = (files: readonly string[]) =>
  new RegExp(
    files
      .map((file) => `[\\\\/]${file.replace(/\./g, '\\.').replace(/\//g, '[\\\\/]')}$`)
      .join('|'),
  );
/** The entries that start a prerendered page's scripts: each runs only on its own pages. */
const BOOT_ENTRY = endingIn([
  'src/app-boot.ts',
  ...LEAN_PAGES.flatMap((lean) => [lean.html, lean.boot]),
]);
/**
 * The app's entry: it renders the app when it runs, so it stays in a file of its own, which
 * nothing imports (a lean page's lazy part imports the app's code every page runs, never it).
 */
const APP_ENTRY = endingIn(['index.html', 'src/main.tsx']);
/** A lean page's main module: it hydrates the page when it runs, so it stays in a file of its own. */
const LEAN_MAIN = endingIn(LEAN_PAGES.map((lean) => lean.main));
/** What those entries share: the wait for the first paint, and Vite's loader of lazy files. */
const BOOT_SHARED = /[\\/]src[\\/]after-first-paint\.ts$|vite[\\/]preload-helper/;
const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.m?js$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const SHARED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@muse\/shared["']/g;

/** The file of a lucide icon by its component's name: ArrowRight is arrow-right, Trash2 trash-2. */
const iconFile = (name: string) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** The names an `import { a, b as c, type T }` list imports, types left out. */
const importedNames = (list: string) =>
  list
    .split(',')
    .map((name) => name.trim().split(/\s+as\s+/)[0]!)
    .filter((name) => name && !name.startsWith('type '));

type TFirstLoad = { modules: Set<string>; icons: Set<string> };
const firstLoads = new Map<string, TFirstLoad>();

/**
 * The shared package's module that declares `name`: the package's index names all of its
 * modules, so an import of it says nothing of which a page uses; the names it imports do.
 */
function declaringModule(name: string, ctx: ChunkingContext): string | undefined {
  const declaration = new RegExp(
    `export\\s+(?:declare\\s+)?(?:const|let|var|function\\*?|async\\s+function|class)\\s+${name}\\b`,
  );
  const seen = new Set<string>();
  const queue = [...sharedIndexes];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    if (declaration.test(info.code ?? '')) return next;
    queue.push(...info.importedIds.filter((id) => SHARED_PACKAGE.test(id)));
  }
  return undefined;
}
/** The shared package's entry, as the app's modules import it. */
const sharedIndexes = new Set<string>();

/**
 * What a lean page's first load runs of the app's own code and of the icons: the modules its
 * HTML reaches through static imports (and the main module its boot script imports once the page
 * has painted; any other lazy import loads on intent), the shared package's modules that declare
 * what they import from it (with theirs), and the icons they import. A library's scripts are not
 * walked (its stylesheet, the font's, is the page's too).
 */
function firstLoadOf(html: string, ctx: ChunkingContext): TFirstLoad {
  const known = firstLoads.get(html);
  if (known) return known;
  const modules = new Set<string>();
  const icons = new Set<string>();
  const sharedNames = new Set<string>();
  const queue = [page(html)];
  const walk = () => {
    while (queue.length > 0) {
      const next = queue.pop()!;
      const library = NODE_MODULES.test(next) && !next.endsWith('.css');
      if (modules.has(next) || library) continue;
      // The package's index is not walked: the names imported from it are.
      if (SHARED_INDEX.test(next)) {
        sharedIndexes.add(next);
        continue;
      }
      modules.add(next);
      const info = ctx.getModuleInfo(next);
      if (!info) continue;
      queue.push(...info.importedIds);
      if (BOOT_ENTRY.test(next)) queue.push(...info.dynamicallyImportedIds);
      for (const [, names] of (info.code ?? '').matchAll(ICON_IMPORT)) {
        for (const name of importedNames(names!)) icons.add(iconFile(name));
      }
      for (const [, names] of (info.code ?? '').matchAll(SHARED_IMPORT)) {
        for (const name of importedNames(names!)) sharedNames.add(name);
      }
    }
  };
  walk();
  for (const name of sharedNames) {
    const declaring = declaringModule(name, ctx);
    if (!declaring) throw new Error(`The build found no module of @muse/shared declaring ${name}`);
    queue.push(declaring);
  }
  walk();
  const lean = LEAN_PAGES.some((one) => one.html === html);
  if (lean && icons.size === 0) throw new Error(`The build found no icon ${html} draws`);
  const found = { modules, icons };
  firstLoads.set(html, found);
  return found;
}

/** The lean pages whose first load runs the module `id` of the app's own code. */
function leanPagesOf(id: string, ctx: ChunkingContext): TLeanPage[] {
  // The entries and main modules stay in files of their own: what they do when they run is their
  // page's (a main module hydrates it).
  if (BOOT_ENTRY.test(id) || LEAN_MAIN.test(id)) return [];
  // A module of the shared package that needs a library ships with it, never in a lean file.
  if (
    SHARED_PACKAGE.test(id) &&
    ctx.getModuleInfo(id)?.importedIds.some((imported) => NODE_MODULES.test(imported))
  ) {
    return [];
  }
  return LEAN_PAGES.filter((lean) => firstLoadOf(lean.html, ctx).modules.has(id));
}

/** Whether the module `id` is imported only by `lean`'s first load and its feature's modules. */
function ownTo(lean: TLeanPage, feature: string, id: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  const own = firstLoadOf(lean.html, ctx).modules;
  const slashed = (file: string) => file.replace(/\\/g, '/');
  const folder = slashed(page(feature));
  return [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].every(
    (importer) => own.has(importer) || slashed(importer).startsWith(folder),
  );
}

/**
 * The file of a module on a lean page's first load: `lean` for what several lean pages run, and
 * for a page that is also the app's lazy route, for what the app's start runs too; the page's
 * `sharedCode` for what other pages import lazily (its dependencies come along), and its `code`
 * for the rest, so that neither the app's start nor another page loads the page's own file.
 */
function leanChunkOf(id: string, ctx: ChunkingContext): string | null {
  if (ICON.test(id)) return iconUsers(id, ctx).length > 1 ? LEAN_SHARED : null;
  const users = leanPagesOf(id, ctx);
  if (users.length !== 1) return users.length > 1 ? LEAN_SHARED : null;
  const lean = users[0]!;
  if (!lean.route) return lean.code;
  if (firstLoadOf('index.html', ctx).modules.has(id)) return LEAN_SHARED;
  return ownTo(lean, lean.route.feature, id, ctx) ? lean.code : lean.route.sharedCode;
}

const iconUsers = (id: string, ctx: ChunkingContext) => {
  const icon = ICON.exec(id)?.[1] ?? '';
  return LEAN_PAGES.filter((lean) => firstLoadOf(lean.html, ctx).icons.has(icon));
};

/**
 * The file of an icon: its lean page's, the app's `icons` when no lean page draws it; one that
 * several draw goes with `lean` (`leanChunkOf`).
 */
function iconChunk(id: string, ctx: ChunkingContext): string | null {
  const users = iconUsers(id, ctx);
  if (users.length > 1) return null;
  return users[0]?.icons ?? 'icons';
}

/** The group of `lean`'s files named `name` (its code, or what it shares with other pages). */
function leanGroup(lean: TLeanPage, name: string, priority: number): CodeSplittingGroup {
  return {
    name: (id, ctx) => (leanChunkOf(id, ctx) === name ? name : null),
    // Without a route of its own, a page's code is what the app's start loads anyway.
    ...(lean.route ? {} : { tags: ['$initial' as const] }),
    priority,
  };
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
          // The app, and the lean pages on their own: the landing's first load is the landing
          // alone, an influencer's page's the page alone, without the app's router, query client,
          // zod or tailwind-merge (LEAN_PAGES).
          input: {
            index: page('index.html'),
            landing: page('landing.html'),
            'public-page': page('public-page.html'),
            'app-boot': page('src/app-boot.ts'),
          },
          output: {
            codeSplitting: {
              // What a page loads up front ships as few scripts, each request costing a phone a
              // round trip and its main thread a moment: what the pages' small entries share
              // (boot, with the one stylesheet), the libraries the lean pages share with the app
              // (react), the app's other libraries (vendor, which no lean page loads), the lean
              // pages' code and icons (the landing's `public` and `landing-icons`, the public
              // page's `fan-page` and `fan-page-icons`, what both run in `lean`), the rest of the
              // app's code every page runs (`initial`), and the other icons, not one file each.
              groups: [
                {
                  // What the prerendered pages' entries share: the stylesheets, the wait for the
                  // first paint, and Vite's loader of a dynamic import's files.
                  name: 'boot',
                  test: (id) => id.endsWith('.css') || BOOT_SHARED.test(id),
                  priority: 8,
                },
                {
                  name: 'react',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|clsx|lucide-react)[\\/]/,
                  priority: 7,
                },
                {
                  // zod loads with the first schema a page uses, never with a public page
                  // (docs/decisions/0036-schemas-on-first-use.md).
                  name: 'zod',
                  test: /[\\/]node_modules[\\/]zod[\\/]/,
                  priority: 6,
                },
                {
                  name: 'vendor',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/](?!zod[\\/]).*\.[cm]?js$/,
                  priority: 6,
                },
                { name: iconChunk, test: ICON, priority: 5 },
                {
                  // What several lean pages run, or one runs with the app's start.
                  name: (id, ctx) => (leanChunkOf(id, ctx) === LEAN_SHARED ? LEAN_SHARED : null),
                  priority: 4,
                },
                // What a lean page shares with other pages goes before its own code: its
                // dependencies come with it.
                ...LEAN_PAGES.flatMap((lean) =>
                  lean.route ? [leanGroup(lean, lean.route.sharedCode, 3)] : [],
                ),
                ...LEAN_PAGES.map((lean) => leanGroup(lean, lean.code, 2)),
                {
                  name: 'initial',
                  tags: ['$initial'],
                  test: (id) => !BOOT_ENTRY.test(id) && !APP_ENTRY.test(id),
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
