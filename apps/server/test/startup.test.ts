import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/lib/paths';

/** Starts the real entry point the way `npm start` does and collects what it prints. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')],
      {
        cwd: SERVER_ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('starting Muse with a bad configuration', () => {
  it('stops on a bad PORT with one line naming it', async () => {
    const { code, stderr } = await start({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Cannot start Muse: Invalid configuration: PORT must be a whole number between 1 and 65535 (got "eighty")',
    ]);
  });

  it('stops on a malformed DATABASE_URL with one line naming it', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'localhost/muse' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('DATABASE_URL must be a PostgreSQL URL');
  });

  it('stops on an unreachable DATABASE_URL with one line naming it and hiding the password', async () => {
    const { code, stderr } = await start({
      DATABASE_URL: 'postgres://muse:s3cret@127.0.0.1:1/muse',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(
      'DATABASE_URL: cannot connect to postgres://muse:***@127.0.0.1:1/muse',
    );
    expect(stderr).not.toContain('s3cret');
  });
});
