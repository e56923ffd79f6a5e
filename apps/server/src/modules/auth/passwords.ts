import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id at OWASP's parameters: m = 19 MiB, t = 2, p = 1
 * (docs/decisions/0007-accounts-and-sessions.md). `@node-rs/argon2` ships its native binary
 * inside the npm package, so nothing is compiled at install. The parameters travel in each hash
 * (`$argon2id$v=19$m=…,t=…,p=…$salt$key`), so raising them later still verifies old hashes, and a
 * hash made with other parameters, or an older scrypt hash, is replaced at the next sign-in.
 */
/** `Algorithm.Argon2id`: the package declares its enum `const`, which this build cannot import. */
const ARGON2ID = 2 as Algorithm.Argon2id;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/**
 * libuv's thread pool: `UV_THREADPOOL_SIZE` threads when set (libuv reads it once, at start),
 * else 4, libuv's default.
 */
function threadPoolSize(): number {
  const size = Number.parseInt(process.env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4;
}

/**
 * Hashing runs on libuv's thread pool, which also reads and writes files, and each hash holds
 * 19 MiB while it runs: at most this many run at once, the rest wait their turn, in order. A
 * hash keeps one core busy, so as many as there are cores keep them all busy; more would finish
 * no more a second, only hold more memory and slow each other down. One pool thread is always
 * left for files. Ten sign-ins at once against ten bare verifies at once on 2 cores, median of
 * 12 runs: one hash at a time reached 0.75 of the bare rate, two (the cores) 0.95, three 0.84,
 * four 0.86 (docs/decisions/0059-sign-in-speed.md).
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(availableParallelism(), threadPoolSize() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((go) => waiting.push(go));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const normalise = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2Hash(normalise(password), ARGON2));
}

/** Whether `hash` was made with other parameters than today's (and should be replaced). */
export function passwordNeedsRehash(hash: string): boolean {
  return !hash.startsWith(CURRENT_PREFIX);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (hash.startsWith('$argon2')) {
    return bounded(() => argon2Verify(hash, normalise(password))).catch(() => false);
  }
  if (hash.startsWith('scrypt$')) return bounded(() => verifyScrypt(hash, password));
  return false;
}

/** Hashes made before argon2id: `scrypt$N$r$p$salt$key`, salt and key in base64url. */
async function verifyScrypt(hash: string, password: string): Promise<boolean> {
  const [, n, r, p, salt, key] = hash.split('$');
  const N = Number(n);
  const blockSize = Number(r);
  const parallel = Number(p);
  if (!salt || !key) return false;
  if (![N, blockSize, parallel].every((value) => Number.isInteger(value) && value > 0))
    return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await new Promise<Buffer | null>((resolve) => {
    scryptCallback(
      normalise(password),
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N, r: blockSize, p: parallel, maxmem: 128 * N * blockSize * 2 },
      (error, derived) => resolve(error ? null : derived),
    );
  });
  return actual !== null && actual.length > 0 && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when the account does not exist or has no password, so the
 * answer's timing does not tell which addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
