import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How long a file URL stays valid. URLs are rounded to the hour so browsers can cache them. */
const LIFETIME_SECONDS = 2 * 60 * 60;
const ROUND_SECONDS = 60 * 60;

export type TFileUrlSigner = {
  /** A URL under /api/files that serves `key` until it expires. */
  sign: (key: string, now?: Date) => string;
  /**
   * When a URL signed at `now` expires, in seconds since the epoch: the same for every URL signed
   * within a clock hour, so an answer made of signed URLs holds until this changes.
   */
  expiry: (now?: Date) => number;
  /** True when the signature is ours and the URL has not expired. */
  verify: (key: string, expires: number, signature: string, now?: Date) => boolean;
};

export function createFileUrlSigner(secret: string): TFileUrlSigner {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  const expiry = (now = new Date()) => {
    const seconds = Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS;
    return Math.ceil(seconds / ROUND_SECONDS) * ROUND_SECONDS;
  };
  return {
    sign(key, now = new Date()) {
      const expires = expiry(now);
      return `/api/files/${key}?expires=${expires}&signature=${mac(key, expires)}`;
    },
    expiry,
    verify(key, expires, signature, now = new Date()) {
      if (!Number.isInteger(expires) || expires * 1000 < now.getTime()) return false;
      const expected = Buffer.from(mac(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/**
 * The key that signs file URLs: FILE_URL_SECRET when set (required in production, shared by
 * every instance), else a random key kept under DATA_DIR so URLs survive a restart.
 */
export async function loadFileUrlSecret(configured: string | undefined, dataDir: string) {
  return configured ?? (await loadDataDirSecret(dataDir, 'file-url.key'));
}

/**
 * A random secret kept in `DATA_DIR/secrets/<name>`, made on first use, readable only by Muse:
 * what a development machine uses where production sets a variable.
 */
export async function loadDataDirSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, 'secrets', name);
  const stored = await readFile(file, 'utf8').catch(() => '');
  if (stored.trim().length >= 32) return stored.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
