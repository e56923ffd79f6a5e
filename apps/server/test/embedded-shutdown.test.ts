import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded';
import { SERVER_ROOT } from '../src/lib/paths';

/**
 * `npm start` with the embedded PostgreSQL, stopped the ways people and machines stop it:
 * Ctrl-C in a terminal (SIGINT to the whole process group), and a kill that gives Muse no
 * chance to clean up.
 */

type TRunning = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'muse-shutdown-'));
  dataDirs.push(dir);
  return dir;
}

/** Starts the real entry point in a process group of its own, as a terminal would. */
async function startMuse(dataDir: string, port: number): Promise<TRunning> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')],
    {
      cwd: SERVER_ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Muse did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output, exited };
}

/** The process id of the PostgreSQL running on the folder, if one runs. */
function runningPostgres(dataDir: string): number | null {
  const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

describe('stopping Muse with the embedded database', () => {
  it('a Ctrl-C shuts down in order: no errors, and the database stops after Muse', async () => {
    const dataDir = await newDataDir();
    const muse = await startMuse(dataDir, await findFreePort());
    expect(runningPostgres(dataDir)).not.toBeNull();

    // What it prints from here on (start-up may warn, e.g. of a web app not built yet).
    const startedOutput = muse.output().length;
    process.kill(-muse.child.pid!, 'SIGINT');
    expect(await muse.exited).toBe(0);
    expect(muse.output().slice(startedOutput)).not.toMatch(/ERROR|WARN|connection lost|terminat/i);
    expect(runningPostgres(dataDir)).toBeNull();
  }, 120_000);

  it('the database a killed Muse left running is stopped and started afresh on the next start', async () => {
    const dataDir = await newDataDir();
    const port = await findFreePort();
    const killed = await startMuse(dataDir, port);
    killed.child.kill('SIGKILL');
    await killed.exited;
    const leftBehind = runningPostgres(dataDir);
    expect(leftBehind).not.toBeNull();

    const next = await startMuse(dataDir, port);
    expect(next.output()).toContain(
      `Stopping the embedded PostgreSQL (process ${leftBehind}) that an earlier Muse left running`,
    );
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      database: string;
    };
    expect(health.database).toBe('ok');

    process.kill(-next.child.pid!, 'SIGTERM');
    expect(await next.exited).toBe(0);
    expect(runningPostgres(dataDir)).toBeNull();
  }, 180_000);
});
