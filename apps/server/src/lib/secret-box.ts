import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';

/**
 * Secrets Muse must read back (a webhook endpoint's signing secret, a platform's tokens) are
 * kept encrypted with AES-256-GCM under ENCRYPTION_KEY, so a copy of the database alone reveals
 * none of them. A sealed value is `v1.<iv>.<ciphertext>.<tag>` in base64url; the version lets a
 * new key or cipher come later without a guess.
 */
export function createSecretBox(secret: string) {
  // The variable is a passphrase of at least 32 characters: its SHA-256 is the 256-bit key.
  const key = hash('sha256', secret, 'buffer');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, body, tag]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The plain text of a sealed value; throws if it was changed or sealed with another key. */
    open(sealed: string): string {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || body === undefined || !tag)
        throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

export type TSecretBox = ReturnType<typeof createSecretBox>;
