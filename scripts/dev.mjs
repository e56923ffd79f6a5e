// `npm run dev`: the API with reload on change, and Vite's dev server with hot module
// replacement on http://localhost:5173 (it forwards /api to the API).
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_FOLDERS, writeToolRegistry } from './tool-registry.mjs';

// The tools' lists are written from their folders now, and again when a file there is added or
// removed, so a new tool's descriptor, server folder or page is picked up without a restart.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
writeToolRegistry();
const watchers = Object.values(TOOL_FOLDERS).map((folder) =>
  watch(path.join(root, folder), { recursive: true }, (event, file) => {
    if (event === 'rename' && !String(file).endsWith('.gen.ts')) writeToolRegistry();
  }),
);

const children = [
  spawn('npm', ['run', 'dev', '-w', '@muse/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@muse/web'], { stdio: 'inherit' }),
];
const stop = () => {
  watchers.forEach((watcher) => watcher.close());
  children.forEach((child) => child.kill('SIGTERM'));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
