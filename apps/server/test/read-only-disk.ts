import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Whether this machine lets a process make a mount namespace of its own (`unshare -rm`), where a
 * folder can be bound read-only without touching anyone else's view of the disk.
 */
export const canMountReadOnly =
  spawnSync('unshare', ['-rm', 'true'], { stdio: 'ignore' }).status === 0;

/**
 * Starts the API (fixtures/read-only-files-server.ts) on `databaseUrl` with its files in
 * `filesDir`, which the kernel holds read-only for that process alone: every write under it fails
 * as on a disk mounted read-only.
 */
export async function startReadOnlyFilesServer(
  databaseUrl: string,
  filesDir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const fixture = fileURLToPath(new URL('./fixtures/read-only-files-server.ts', import.meta.url));
  const script = [
    'mount --bind "$1" "$1"',
    'mount -o remount,bind,ro "$1"',
    'shift',
    'exec "$@"',
  ].join(' && ');
  const child = spawn(
    'unshare',
    [
      '-rm',
      'sh',
      '-c',
      script,
      'sh',
      filesDir,
      process.execPath,
      '--import',
      'tsx',
      fixture,
      databaseUrl,
      filesDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The read-only server ended (${code})`)));
  });
  const { port } = JSON.parse(first) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
