// `npm start`: builds what is not built, then serves the web app and the API on one port.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildIfNeeded();
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
