// Runs npm scripts at once, as many as the machine has cores, and fails if any fails:
// `node scripts/run-all.mjs lint:eslint lint:format`. Each script's output is printed whole
// when it ends, with its time, so outputs never interleave. Name the longest first.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const names = process.argv.slice(2);
const limit = Math.max(1, availableParallelism());
const failed = [];
let next = 0;

function run(name) {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', name], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as in a terminal when this one is a terminal.
    env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  }).then((code) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`> ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
    process.stdout.write(Buffer.concat(output));
    if (code !== 0) failed.push(name);
  });
}

async function lane() {
  while (next < names.length) await run(names[next++]);
}

await Promise.all(Array.from({ length: Math.min(limit, names.length) }, lane));
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
