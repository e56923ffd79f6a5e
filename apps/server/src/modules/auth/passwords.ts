import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

/**
 * Passwords are hashed with scrypt, a memory-hard function built into Node: N = 2^17, r = 8,
 * p = 1 (128 MiB per hash), OWASP's recommended minimum. No native add-on to install.
 * The parameters are stored in each hash, so raising them later still verifies old hashes.
 */
const PARAMETERS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scrypt(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function memoryFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = PARAMETERS;
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: memoryFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = Number(n);
  const blockSize = Number(r);
  const parallel = Number(p);
  if (![N, blockSize, parallel].every((value) => Number.isInteger(value) && value > 0))
    return false;
  const expected = Buffer.from(key, 'base64url');
  try {
    const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
      N,
      r: blockSize,
      p: parallel,
      maxmem: memoryFor(N, blockSize),
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when the account does not exist or has no password, so the
 * answer's timing does not tell which addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('muse-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
