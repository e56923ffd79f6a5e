/**
 * The JavaScript a first visit to a page downloads: the scripts its HTML names (entry and
 * module preloads), every chunk they import statically, and the page's route chunk with its
 * static imports. Lazy routes the page never opens are left out. Reported gzipped, against all
 * the app's JavaScript as the baseline, so the ratio shows how much splitting keeps off the first
 * page. The landing is prerendered with an entry of its own (its HTML is
 * prerendered/index.html, docs/decisions/0034-prerendered-public-pages.md), and so is an
 * influencer's public page (the server's template server/public-page.html,
 * docs/decisions/0058-public-page-for-fans.md), reported in public-page.ts: such a page's boot
 * script loads the page's scripts with a dynamic import once the page has painted, which counts;
 * what those import lazily later (a dialog, the checkout) loads on intent and does not.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** `import{a as b}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`. */
const STATIC_IMPORT = /\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;
/** `import("./x.js")`: the landing's entry loads its scripts so once the page has painted. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * `roots` and every chunk they import statically; with `dynamicFromRoots`, also what the roots
 * themselves import dynamically (a boot script's page scripts), with their static imports.
 */
function staticClosure(assetsDir: string, roots: string[], dynamicFromRoots = false): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(path.join(assetsDir, name), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
    if (dynamicFromRoots && roots.includes(name)) {
      for (const match of code.matchAll(DYNAMIC_IMPORT)) queue.push(match[1]!);
    }
  }
  return seen;
}

export type TRouteJs = {
  files: number;
  gzipBytes: number;
  /** The part only the route adds to what every page loads. */
  routeGzipBytes: number;
  allGzipBytes: number;
};

/**
 * What a first visit to the page of `htmlFile` loads: with `routeChunkPrefix`, the app's route
 * whose lazy chunk starts so; without, a page with an entry of its own (the landing, an
 * influencer's public page), whose boot script loads the page's scripts once it has painted.
 */
export function measure(
  webDistDir: string,
  htmlFile: string,
  routeChunkPrefix: string | null,
): TRouteJs | null {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile) || !existsSync(htmlFile)) return null;
  const assetsDir = path.join(webDistDir, 'assets');
  const entriesOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
  const entries = entriesOf(htmlFile);
  const all = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const route = routeChunkPrefix ? all.filter((name) => name.startsWith(routeChunkPrefix)) : [];
  if (entries.length === 0 || (routeChunkPrefix && route.length !== 1)) {
    throw new Error(`Cannot find the entry and ${routeChunkPrefix}* chunks in ${assetsDir}`);
  }
  const everyPage = staticClosure(assetsDir, entriesOf(indexFile));
  // A page of its own entry: what its boot script imports once the page has painted counts.
  const loaded = staticClosure(assetsDir, [...entries, ...route], routeChunkPrefix === null);
  const sum = (names: Iterable<string>) =>
    [...names].reduce((total, name) => total + gzipBytes(path.join(assetsDir, name)), 0);
  return {
    files: loaded.size,
    gzipBytes: sum(loaded),
    routeGzipBytes: sum([...loaded].filter((name) => !everyPage.has(name))),
    allGzipBytes: sum(all),
  };
}

/**
 * What a first visit to the app's route whose lazy chunk is `<routeChunkPrefix><hash>.js`
 * downloads, or null when the web app is not built.
 */
export function measureRouteJs(webDistDir: string, routeChunkPrefix: string): TRouteJs | null {
  return measure(webDistDir, path.join(webDistDir, 'index.html'), routeChunkPrefix);
}

export type TLandingJs = TRouteJs;

/** The landing's own first load; a build from before prerendering loads it as a route. */
export function measureLandingJs(webDistDir: string): TLandingJs | null {
  const prerendered = path.join(webDistDir, 'prerendered', 'index.html');
  if (existsSync(prerendered)) return measure(webDistDir, prerendered, null);
  return measureRouteJs(webDistDir, 'landing-page-');
}

export function reportLandingJs(webDistDir: string): void {
  const result = measureLandingJs(webDistDir);
  console.log('\nLanding page, JavaScript of a first visit (gzip)');
  if (!result) {
    console.log('  skipped: the web app is not built (npm run build)');
    return;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`  all of the app's JavaScript (baseline): ${kb(result.allGzipBytes)}`);
  console.log(`  loaded by the landing page: ${kb(result.gzipBytes)} in ${result.files} files`);
  console.log(`  of which no other page loads up front: ${kb(result.routeGzipBytes)}`);
  console.log(`  goal: at most 90 kB`);
  console.log(`  ratio landing / all: ${(result.gzipBytes / result.allGzipBytes).toFixed(2)}`);
}
