// The licence of every package a production install of Muse holds (decision 0049): read from
// package-lock.json, the exact tree `npm ci --omit=dev` installs on any platform, so the
// platform-specific binaries (sharp's libvips, ffmpeg) count for every platform, not only this
// machine's. GPL and AGPL fail, LGPL passes (decision 0049), a licence the check does not know
// fails until someone reads it; the only way past a failure is an entry in licences.allow.json
// naming the packages, their licence and why.
//
//   node scripts/licences.mjs          one line per licence, the exceptions, the problems
//   node scripts/licences.mjs --list   and every package with its version and licence
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Licences that ask only for attribution (SPDX identifiers). */
const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'OFL-1.1',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);
/** Weak copyleft that Muse accepts: libraries loaded unmodified from their own package. */
const WEAK = /^LGPL-(2\.0|2\.1|3\.0)(-only|-or-later|\+)?$/;
/** Strong copyleft: a product people install may not depend on it without a reviewed exception. */
const STRONG = /^A?GPL(-?v?[1-3](\.0)?)?(-only|-or-later|\+)?$/i;

const RANK = { permissive: 0, weak: 1, unknown: 2, forbidden: 3 };

/** The verdict on one licence identifier. */
function verdictOf(id) {
  if (PERMISSIVE.has(id)) return 'permissive';
  if (WEAK.test(id)) return 'weak';
  if (STRONG.test(id)) return 'forbidden';
  return 'unknown';
}

/**
 * The verdict on a licence expression (`MIT`, `(MIT OR GPL-2.0)`, `Apache-2.0 AND LGPL-3.0`):
 * an OR is as good as its best choice, an AND as bad as its worst part. Anything that is not an
 * expression of identifiers (a URL, "See LICENSE file", `WITH` exceptions) is unknown.
 */
export function classify(expression) {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const fail = () => {
    throw new Error('not an expression');
  };
  const term = () => {
    const token = tokens[at++];
    if (token === undefined) fail();
    if (token === '(') {
      const inner = any();
      if (tokens[at++] !== ')') fail();
      return inner;
    }
    if (['AND', 'OR', ')', 'WITH'].includes(token)) fail();
    if (tokens[at] === 'WITH') fail();
    return verdictOf(token);
  };
  const all = () => {
    let worst = term();
    while (tokens[at] === 'AND') {
      at += 1;
      const next = term();
      if (RANK[next] > RANK[worst]) worst = next;
    }
    return worst;
  };
  const any = () => {
    let best = all();
    while (tokens[at] === 'OR') {
      at += 1;
      const next = all();
      if (RANK[next] < RANK[best]) best = next;
    }
    return best;
  };
  try {
    const verdict = any();
    return at === tokens.length ? verdict : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A manifest's licence as one expression: `license`, or the old `licenses` array. */
function licenceOf(manifest) {
  if (typeof manifest?.license === 'string' && manifest.license.trim())
    return manifest.license.trim();
  if (typeof manifest?.license?.type === 'string') return manifest.license.type;
  if (Array.isArray(manifest?.licenses) && manifest.licenses.length)
    return manifest.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return null;
}

/**
 * The production packages of the lockfile in `root`, each with its licence (from the lockfile,
 * else from its installed package.json) and verdict, and what fails: packages whose licence is
 * GPL, AGPL, missing or unknown and no allow entry covers, and allow entries that cover nothing.
 */
export function checkLicences(root, allow) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const packages = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    // The workspaces themselves (Muse's own code) and links to them are not dependencies.
    if (!where.includes('node_modules/') || entry.link || entry.dev) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 13);
    let licence = licenceOf(entry);
    const manifestPath = path.join(root, where, 'package.json');
    if (!licence && existsSync(manifestPath))
      licence = licenceOf(JSON.parse(readFileSync(manifestPath, 'utf8')));
    packages.push({
      name,
      version: entry.version ?? '?',
      licence: licence ?? 'UNKNOWN',
      verdict: licence ? classify(licence) : 'unknown',
      excepted: null,
    });
  }
  const problems = [];
  const used = new Set();
  for (const pkg of packages) {
    if (pkg.verdict === 'permissive' || pkg.verdict === 'weak') continue;
    const entry = allow.find(
      (candidate) => candidate.packages.includes(pkg.name) && candidate.licence === pkg.licence,
    );
    if (entry) {
      pkg.excepted = entry.why;
      used.add(entry);
      continue;
    }
    const what = pkg.verdict === 'forbidden' ? 'a GPL-family licence' : 'a licence not reviewed';
    problems.push(`${pkg.name}@${pkg.version} has ${what}: ${pkg.licence}`);
  }
  for (const entry of allow)
    for (const name of entry.packages)
      if (!packages.some((pkg) => pkg.name === name && pkg.licence === entry.licence))
        problems.push(
          `licences.allow.json names ${name} with ${entry.licence}, which no production package has: remove or correct the entry`,
        );
  packages.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  return { packages, problems, unused: allow.filter((entry) => !used.has(entry)) };
}

/** Reads and shapes licences.allow.json; a malformed entry is a problem of its own. */
export function readAllowList(file) {
  if (!existsSync(file)) return [];
  const entries = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${file} must be a list of entries`);
  for (const entry of entries)
    if (
      !Array.isArray(entry.packages) ||
      !entry.packages.every((name) => typeof name === 'string') ||
      typeof entry.licence !== 'string' ||
      typeof entry.why !== 'string' ||
      !entry.why.trim()
    )
      throw new Error(`${file}: every entry needs packages (names), licence and why`);
  return entries;
}

function main() {
  const started = performance.now();
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const allow = readAllowList(path.join(root, 'licences.allow.json'));
  const { packages, problems } = checkLicences(root, allow);

  const counts = new Map();
  for (const pkg of packages) counts.set(pkg.licence, (counts.get(pkg.licence) ?? 0) + 1);
  const lines = [`Licences of ${packages.length} production packages (package-lock.json):`];
  for (const [licence, count] of [...counts].sort((a, b) => b[1] - a[1]))
    lines.push(`  ${String(count).padStart(4)}  ${licence}`);
  if (process.argv.includes('--list')) {
    lines.push('', 'Every package:');
    for (const pkg of packages) lines.push(`  ${pkg.name}@${pkg.version}  ${pkg.licence}`);
  }
  const excepted = packages.filter((pkg) => pkg.excepted);
  if (excepted.length) {
    lines.push('', 'Reviewed exceptions (licences.allow.json):');
    for (const pkg of excepted) lines.push(`  ${pkg.name}@${pkg.version}  ${pkg.licence}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (problems.length) {
    lines.push('', `${problems.length} licence problem(s), see docs/decisions/0049:`);
    for (const problem of problems) lines.push(`  ${problem}`);
    console.error(lines.join('\n'));
    process.exitCode = 1;
    return;
  }
  lines.push('', `Every licence is permissive, LGPL or a reviewed exception (${seconds} s).`);
  console.log(lines.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
