import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsE')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses malformed hashes instead of throwing', async () => {
    for (const hash of ['', 'scrypt$x$y$z$a$b', '$argon2id$v=19$m=65536', 'scrypt$131072$8$1$$']) {
      expect(await verifyPassword(hash, 'anything')).toBe(false);
    }
  });
});
