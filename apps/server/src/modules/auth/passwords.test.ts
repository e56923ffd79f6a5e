import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './passwords';

/** A hash as Muse made them before argon2id: scrypt, N = 2^17, r = 8, p = 1. */
function oldScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 2 ** 28 });
  return ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing', () => {
  it('hashes with argon2id at m = 19 MiB, t = 2, p = 1 and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(hash).not.toContain('correct horse');
    expect(passwordNeedsRehash(hash)).toBe(false);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsE')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('still verifies an older scrypt hash, and says it should be replaced', async () => {
    const hash = oldScryptHash('old secret');
    expect(await verifyPassword(hash, 'old secret')).toBe(true);
    expect(await verifyPassword(hash, 'old Secret')).toBe(false);
    expect(passwordNeedsRehash(hash)).toBe(true);
    expect(passwordNeedsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
  });

  it('refuses malformed hashes instead of throwing', async () => {
    for (const hash of [
      '',
      'scrypt$x$y$z$a$b',
      '$argon2id$v=19$m=65536',
      'scrypt$131072$8$1$$',
      'md5$abc',
    ]) {
      expect(await verifyPassword(hash, 'anything')).toBe(false);
    }
  });

  it('runs many hashes at once without losing any', async () => {
    const hashes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => hashPassword(`password ${i}`)),
    );
    const checks = await Promise.all(
      hashes.map((hash, i) => verifyPassword(hash, `password ${i}`)),
    );
    expect(checks).toEqual(Array(8).fill(true));
  });
});
