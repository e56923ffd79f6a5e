// Builds the web app and the server when their sources changed since the last build, both at
// once (neither reads the other's output). A content hash of the inputs, kept beside each
// build, decides; a fresh clone always builds.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeToolRegistry } from './tool-registry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

const targets = [
  {
    name: 'web app',
    workspace: '@muse/web',
    output: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/landing.html',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...shared,
    ],
  },
  {
    name: 'server',
    workspace: '@muse/server',
    output: 'apps/server/dist',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...shared],
  },
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) {
      if (/\.test\.tsx?$/.test(child)) continue;
      yield* files(path.join(entry, child));
    }
  } else {
    yield entry;
  }
}

function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** The builds under way, stopped when one fails. */
const running = new Set();

async function build(target) {
  const stamp = path.join(root, target.output, '.build-hash');
  const hash = hashInputs(target.inputs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log(`Building the ${target.name}...`);
  const child = spawn('npm', ['run', 'build', '--silent', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  running.add(child);
  const status = await new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
  running.delete(child);
  if (status !== 0) {
    for (const other of running) other.kill();
    console.error(`Cannot start Muse: building the ${target.name} failed`);
    process.exit(status);
  }
  writeFileSync(stamp, hash);
}

export async function buildIfNeeded() {
  // The tools' generated lists are inputs of both builds: written first, then hashed with the rest.
  writeToolRegistry();
  await Promise.all(targets.map(build));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfNeeded();
