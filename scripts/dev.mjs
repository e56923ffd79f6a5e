// `npm run dev`: the API with reload on change, and Vite's dev server with hot module
// replacement on http://localhost:5173 (it forwards /api to the API).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@muse/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@muse/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
