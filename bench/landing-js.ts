/**
 * The JavaScript a first visit to a page downloads: the entry chunk, every chunk it imports
 * statically, and the page's route chunk with its static imports. Lazy routes the page never
 * opens are left out. Reported gzipped, against all the app's JavaScript as the baseline, so the
 * ratio shows how much route splitting keeps off the first page. The landing page is reported
 * here; the public influencer page in public-page.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** `import{a as b}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`. */
const STATIC_IMPORT = /\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function staticClosure(assetsDir: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(path.join(assetsDir, name), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
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
 * What a first visit to the route whose lazy chunk is `<routeChunkPrefix><hash>.js` downloads,
 * or null when the web app is not built.
 */
export function measureRouteJs(webDistDir: string, routeChunkPrefix: string): TRouteJs | null {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const assetsDir = path.join(webDistDir, 'assets');
  const html = readFileSync(indexFile, 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const all = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const route = all.filter((name) => name.startsWith(routeChunkPrefix));
  if (entries.length === 0 || route.length !== 1) {
    throw new Error(`Cannot find the entry and ${routeChunkPrefix}* chunks in ${assetsDir}`);
  }
  const everyPage = staticClosure(assetsDir, entries);
  const loaded = staticClosure(assetsDir, [...entries, ...route]);
  const sum = (names: Iterable<string>) =>
    [...names].reduce((total, name) => total + gzipBytes(path.join(assetsDir, name)), 0);
  return {
    files: loaded.size,
    gzipBytes: sum(loaded),
    routeGzipBytes: sum([...loaded].filter((name) => !everyPage.has(name))),
    allGzipBytes: sum(all),
  };
}

export type TLandingJs = TRouteJs;

export function measureLandingJs(webDistDir: string): TLandingJs | null {
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
  console.log(`  of which the landing route's own chunks: ${kb(result.routeGzipBytes)}`);
  console.log(`  ratio landing / all: ${(result.gzipBytes / result.allGzipBytes).toFixed(2)}`);
}
