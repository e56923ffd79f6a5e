/**
 * The JavaScript a first visit to the landing page downloads: the entry chunk, every chunk it
 * imports statically, and the landing route's chunk with its static imports. Lazy routes the
 * landing never opens are left out. Reported gzipped, against all the app's JavaScript as the
 * baseline, so the ratio shows how much route splitting keeps off the first page.
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

export type TLandingJs = {
  files: number;
  gzipBytes: number;
  /** The part only the landing route adds to what every page loads. */
  routeGzipBytes: number;
  allGzipBytes: number;
};

export function measureLandingJs(webDistDir: string): TLandingJs | null {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const assetsDir = path.join(webDistDir, 'assets');
  const html = readFileSync(indexFile, 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const all = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const landing = all.filter((name) => name.startsWith('landing-page-'));
  if (entries.length === 0 || landing.length !== 1) {
    throw new Error(`Cannot find the entry and landing chunks in ${assetsDir}`);
  }
  const everyPage = staticClosure(assetsDir, entries);
  const loaded = staticClosure(assetsDir, [...entries, ...landing]);
  const sum = (names: Iterable<string>) =>
    [...names].reduce((total, name) => total + gzipBytes(path.join(assetsDir, name)), 0);
  return {
    files: loaded.size,
    gzipBytes: sum(loaded),
    routeGzipBytes: sum([...loaded].filter((name) => !everyPage.has(name))),
    allGzipBytes: sum(all),
  };
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
