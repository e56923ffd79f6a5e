import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLicences, classify } from './licences.mjs';

type TEntry = { version: string; license?: string; dev?: boolean; optional?: boolean };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project folder with a lockfile of these packages and, for some, an installed manifest. */
function fixtureTree(lock: Record<string, TEntry>, installed: Record<string, object> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'muse-licences-'));
  folders.push(root);
  const packages: Record<string, object> = { '': { name: 'app' }, 'apps/server': {} };
  for (const [name, entry] of Object.entries(lock)) packages[`node_modules/${name}`] = entry;
  writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify({ packages }));
  for (const [name, manifest] of Object.entries(installed)) {
    mkdirSync(path.join(root, 'node_modules', name), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', name, 'package.json'), JSON.stringify(manifest));
  }
  return root;
}

describe('the licence check', () => {
  it('passes permissive and LGPL production packages, and ignores development ones', () => {
    const root = fixtureTree({
      fastify: { version: '5.0.0', license: 'MIT' },
      'libheif-js': { version: '1.0.0', license: 'LGPL-3.0' },
      'dual-licensed': { version: '1.0.0', license: '(BSD-3-Clause OR GPL-2.0)' },
      'a-gpl-linter': { version: '1.0.0', license: 'GPL-3.0', dev: true },
    });
    const { packages, problems } = checkLicences(root, []);
    expect(problems).toEqual([]);
    expect(packages.map((pkg: { name: string }) => pkg.name)).toEqual([
      'dual-licensed',
      'fastify',
      'libheif-js',
    ]);
  });

  it('fails on a GPL or AGPL production package, optional platform builds included', () => {
    const root = fixtureTree({
      'gpl-lib': { version: '2.0.0', license: 'GPL-3.0-or-later' },
      'agpl-server': { version: '1.0.0', license: 'AGPL-3.0-only' },
      'gpl-binary-linux': { version: '1.0.0', license: 'GPLv3', optional: true },
      'mixed-lib': { version: '1.0.0', license: 'MIT AND GPL-2.0' },
    });
    expect(checkLicences(root, []).problems).toEqual([
      'gpl-lib@2.0.0 has a GPL-family licence: GPL-3.0-or-later',
      'agpl-server@1.0.0 has a GPL-family licence: AGPL-3.0-only',
      'gpl-binary-linux@1.0.0 has a GPL-family licence: GPLv3',
      'mixed-lib@1.0.0 has a GPL-family licence: MIT AND GPL-2.0',
    ]);
  });

  it('fails on a missing or unknown licence until it is read, using the installed manifest first', () => {
    const root = fixtureTree(
      {
        'no-licence': { version: '1.0.0' },
        'old-style': { version: '1.0.0' },
        'see-file': { version: '1.0.0', license: 'See LICENSE file' },
      },
      { 'old-style': { licenses: [{ type: 'MIT' }] } },
    );
    expect(checkLicences(root, []).problems).toEqual([
      'no-licence@1.0.0 has a licence not reviewed: UNKNOWN',
      'see-file@1.0.0 has a licence not reviewed: See LICENSE file',
    ]);
  });

  it('lets a package through only by a reviewed entry for its exact licence, and flags stale entries', () => {
    const root = fixtureTree({ 'gpl-binary': { version: '1.0.0', license: 'GPLv3' } });
    const entry = { packages: ['gpl-binary'], licence: 'GPLv3', why: 'run as its own program' };
    expect(checkLicences(root, [entry]).problems).toEqual([]);
    expect(checkLicences(root, [{ ...entry, licence: 'GPL-2.0' }]).problems).toEqual([
      'gpl-binary@1.0.0 has a GPL-family licence: GPLv3',
      'licences.allow.json names gpl-binary with GPL-2.0, which no production package has: remove or correct the entry',
    ]);
  });

  it('reads licence expressions as SPDX does', () => {
    expect(classify('MIT')).toBe('permissive');
    expect(classify('(MIT OR CC0-1.0)')).toBe('permissive');
    expect(classify('Apache-2.0 AND LGPL-3.0-or-later')).toBe('weak');
    expect(classify('GPL-2.0 OR LGPL-2.1')).toBe('weak');
    expect(classify('GPL-2.0-only WITH Classpath-exception-2.0')).toBe('unknown');
    expect(classify('https://example.com/LICENSE')).toBe('unknown');
  });

  it("passes on Muse's own lockfile, in a few seconds", () => {
    const started = Date.now();
    const output = execFileSync('node', [path.join(import.meta.dirname, 'licences.mjs')], {
      encoding: 'utf8',
    });
    expect(output).toMatch(/^Licences of \d+ production packages/);
    expect(output).toContain('Every licence is permissive, LGPL or a reviewed exception');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
